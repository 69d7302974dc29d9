/**
 * How message arguments turn into text and numbers. A plain `{0}` prints
 * strings and numbers as written; `#` and plural selection read the argument
 * as a decimal, where text that is not a number counts as 0 and a boolean as 0 or 1.
 * A Money object stands for its amount, except for the money formatter.
 */
import { Decimal } from '../../../domain/money/decimal.ts';
import { toDecimal, toDecimalText } from '../decimal-value.ts';

/** A Money object (`decimalValue`, else `value`) stands for its amount: amountOf({ value: '12.5', currency: 'EUR' }) → '12.5' */
export function amountOf(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  if (Object.hasOwn(value, 'decimalValue')) return (value as { decimalValue: unknown }).decimalValue;
  if (Object.hasOwn(value, 'value')) return (value as { value: unknown }).value;
  return value;
}

/** printValue(12) → '12'; printValue({}) → ''; printValue({ value: '5', currency: 'USD' }) → '5' */
export function printValue(arg: unknown): string {
  const value = amountOf(arg);
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
export function pluralNumber(arg: unknown): string {
  const value = amountOf(arg);
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
