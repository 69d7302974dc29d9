/**
 * Reads template values as exact decimals. Numbers arrive as JSON numbers or
 * as strings ("1234.50"); both are kept as decimal strings so formatting never
 * goes through binary floating point (big.js does the arithmetic).
 */
import { Decimal, decimalText, parseDecimal } from '../../domain/money/decimal.ts';

/** toDecimal('1e3') → '1000'; toDecimal(12.5) → '12.5'; toDecimal('abc') → undefined */
export function toDecimal(value: unknown): string | undefined {
  const decimal = parseDecimal(value);
  return decimal === undefined ? undefined : decimalText(decimal);
}

/** Like toDecimal, but keeps a plain decimal string exactly as written ('1.50' stays '1.50'), so visible trailing zeros survive for plural rules. */
export function toDecimalText(value: unknown): string | undefined {
  if (typeof value === 'string' && /^[+-]?\d+(?:\.\d+)?$/.test(value)) return value;
  return toDecimal(value);
}

/** Exact arithmetic helpers for scaling (percent, unit conversion, minor units). */
export function times(decimal: string, factor: string | number): string {
  return new Decimal(decimal).times(factor).toFixed();
}

export function dividedBy(decimal: string, divisor: string | number): string {
  return new Decimal(decimal).div(divisor).toFixed();
}
