/**
 * Reads template values as exact decimals. Numbers arrive as JSON numbers or
 * as strings ("1234.50"); both are kept as decimal strings so formatting never
 * goes through binary floating point (big.js does the arithmetic).
 */
import Big from 'big.js';

const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/** toDecimal('1e3') → '1000'; toDecimal(12.5) → '12.5'; toDecimal('abc') → undefined */
export function toDecimal(value: unknown): string | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? plain(new Big(value)) : undefined;
  if (typeof value === 'string') {
    if (!DECIMAL.test(value)) return undefined;
    return plain(new Big(value));
  }
  return undefined;
}

/** Like toDecimal, but keeps a plain decimal string exactly as written ('1.50' stays '1.50'), so visible trailing zeros survive for plural rules. */
export function toDecimalText(value: unknown): string | undefined {
  if (typeof value === 'string' && /^[+-]?\d+(?:\.\d+)?$/.test(value)) return value;
  return toDecimal(value);
}

// Beyond this exponent a value is not a price or a measurement, and its plain form could be megabytes long.
const MAX_EXPONENT = 400;

function plain(b: Big): string | undefined {
  return Math.abs(b.e) > MAX_EXPONENT ? undefined : b.toFixed();
}

/** Exact arithmetic helpers for scaling (percent, unit conversion, minor units). */
export function times(decimal: string, factor: string | number): string {
  return new Big(decimal).times(factor).toFixed();
}

export function dividedBy(decimal: string, divisor: string | number): string {
  return new Big(decimal).div(divisor).toFixed();
}
