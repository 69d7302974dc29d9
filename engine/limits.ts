/** Hard limits that keep hostile or broken templates from hurting the process. */
export const LIMITS = {
  /** Spec section 9: template partial depth limit. */
  maxPartialDepth: 16,
  /** Deeper block nesting than this is refused at compile time; real templates stay far below it. */
  maxNesting: 500,
  /** Bytes of template source accepted by compile. */
  maxTemplateSize: 16 * 1024 * 1024,
} as const;
