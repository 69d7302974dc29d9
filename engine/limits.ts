/** Hard limits that keep hostile or broken templates from hurting the process. */
export const LIMITS = {
  /** Spec section 9: template partial depth limit. */
  maxPartialDepth: 16,
  /** Deeper block nesting than this is refused at compile time; real templates stay far below it. */
  maxNesting: 500,
  /** Bytes of template source accepted by compile. */
  maxTemplateSize: 16 * 1024 * 1024,
} as const;

/**
 * What one render may do before it is stopped with a coded error, so a
 * template that multiplies its work (a partial applying itself, loops
 * within loops within the 16 partial levels) ends instead of holding the
 * process. RenderOptions.budget overrides them per render; a real page
 * stays orders of magnitude below each.
 */
export interface RenderBudget {
  /** Loop iterations and partial calls. */
  readonly maxSteps: number;
  /** Characters of output, partials' output included. */
  readonly maxOutputLength: number;
  /** Errors recorded; the render stops at the one past this. */
  readonly maxErrors: number;
}

export const DEFAULT_RENDER_BUDGET: RenderBudget = {
  maxSteps: 10_000_000,
  maxOutputLength: 64 * 1024 * 1024,
  maxErrors: 1000,
};
