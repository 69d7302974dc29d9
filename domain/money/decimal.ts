/**
 * Exact decimals for money: template JSON carries amounts as strings ("19.99")
 * or numbers, and every step from parsing to rounding stays in big.js.
 */
import Big from 'big.js';

/** A private constructor so no caller's change to Big's global settings reaches money code. */
export const Decimal = Big();
Decimal.DP = 20;
Decimal.RM = Decimal.roundHalfUp;
// Keep toString() in plain notation for every amount a store can hold.
Decimal.PE = 1e6;
Decimal.NE = -1e6;

export type DecimalValue = Big;

const DECIMAL_TEXT = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
// Beyond this exponent a value is not a price or a measurement, and its plain form could be megabytes long.
const MAX_EXPONENT = 400;

export const ZERO: Big = new Decimal(0);

/**
 * parseDecimal('12.50') → 12.5; parseDecimal(3) → 3; parseDecimal('1e3') → 1000;
 * parseDecimal('abc' | ' 5' | NaN | null) → undefined.
 */
export function parseDecimal(value: unknown): Big | undefined {
  if (typeof value === 'number') {
    return Number.isFinite(value) ? new Decimal(value) : undefined;
  }
  if (typeof value !== 'string' || !DECIMAL_TEXT.test(value)) return undefined;
  const parsed = new Decimal(value.charCodeAt(0) === 43 /* + */ ? value.slice(1) : value);
  return Math.abs(parsed.e) > MAX_EXPONENT ? undefined : parsed;
}

/** Plain-notation text of a decimal, never exponent form: 1e3 → '1000'; -0 → '0'. */
export function decimalText(value: Big): string {
  return value.eq(0) ? '0' : value.toFixed();
}
