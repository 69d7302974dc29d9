/** How an expression result is printed. */

/**
 * Strings as-is, numbers as JavaScript prints them (-0 as "0"), booleans as words, null as
 * nothing. Expressions never produce arrays or objects, but should one get here it prints the
 * way the reference prints a variable holding it: arrays as their elements joined by commas
 * (nested arrays flattened, null as "null"), objects as nothing.
 *
 * @example formatExpressionValue(1e21) // "1e+21"
 */
export function formatExpressionValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(formatElement).join(',');
  if (typeof value === 'object') return '';
  return String(value);
}

function formatElement(value: unknown): string {
  if (Array.isArray(value)) return value.map(formatElement).join(',');
  return String(value);
}
