/** Parse and evaluation limits of the expression language. */

export interface ExprLimits {
  /** Most tokens one `{.eval}` may contain; 0 (or less) means no limit. */
  maxTokens: number;
  /** Longest string `+` may build; 0 (or less) means no limit. */
  maxStringLength: number;
}

/**
 * Templates come from site owners and template authors, so expressions are capped by default
 * (the reference ships with both limits off). The caps sit far above anything a real template
 * writes; a host can pass other numbers.
 */
export const DEFAULT_EXPR_LIMITS: ExprLimits = Object.freeze({ maxTokens: 1000, maxStringLength: 1_000_000 });

export function exceeds(count: number, limit: number): boolean {
  return limit > 0 && count > limit;
}
