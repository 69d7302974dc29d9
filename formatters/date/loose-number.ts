/**
 * How the date and social formatters read a number out of template data. Strings
 * are read from their leading numeric part ("12abc" is 12), and an exponent counts
 * only after a decimal point ("1.5e2" is 150, "1e2" is 1): timestamps and counts
 * arrive as text from imports and must read the same way the reference engine reads them.
 */
const NUMERIC_PREFIX = /^\s*[-+]?(?:\d+\.\d*(?:[eE][-+]?\d+)?|\.\d+(?:[eE][-+]?\d+)?|\d+)/;

/** looseNumber('  -3.5e2x') → -350; true → 1; null, missing, arrays, objects → 0; 'abc' → NaN. */
export function looseNumber(value: unknown): number {
  switch (typeof value) {
    case 'number':
      return value;
    case 'boolean':
      return value ? 1 : 0;
    case 'string': {
      const prefix = NUMERIC_PREFIX.exec(value);
      return prefix ? Number.parseFloat(prefix[0]) : Number.NaN;
    }
    default:
      return 0;
  }
}
