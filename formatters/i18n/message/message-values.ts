/**
 * How message arguments turn into text and numbers. A plain `{0}` prints
 * strings and numbers as written; `#` and plural selection read the argument
 * as a decimal, where text that is not a number counts as 0 and a boolean as 0 or 1.
 */
import { Decimal } from '../../../domain/money/decimal.ts';
import { toDecimal, toDecimalText } from '../decimal-value.ts';

/** printValue(12) → '12'; printValue({}) → '' */
export function printValue(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
      return Number.isFinite(value) ? (Object.is(value, -0) ? '0' : String(value)) : '';
    case 'boolean':
      return value ? 'true' : 'false';
    default:
      return '';
  }
}

/** pluralNumber('1.50') → '1.50'; pluralNumber(true) → '1'; pluralNumber('abc') → '0' */
export function pluralNumber(value: unknown): string {
  if (typeof value === 'boolean') return value ? '1' : '0';
  return toDecimalText(value) ?? '0';
}

/** offsetNumber('5', 1) → '4' (keeps the written form when the offset is 0). */
export function offsetNumber(text: string, offset: number): string {
  if (offset === 0) return text;
  return new Decimal(text).minus(offset).toFixed();
}

/** True when `text` equals the `=N` key numerically. */
export function exactMatch(text: string, key: string): boolean {
  const n = toDecimal(key);
  return n !== undefined && new Decimal(text).eq(n);
}
