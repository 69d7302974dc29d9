/**
 * The spec's locale-independent money format: ',' between thousands, '.' before
 * the fraction, up to 15 integer places, the sign and an optional symbol in
 * front. It is the format of the `sqs-money-native` price markup and the
 * fallback when no locale data applies. Never touches floating point.
 */
import { fractionDigits } from './currencies.ts';
import { Decimal, type DecimalValue } from './decimal.ts';
import type { Money } from './money.ts';

/** Spec: "up to 15 integer places"; longer integer parts cannot be a price and are cut to their last 15 digits' worth. */
export const MAX_INTEGER_PLACES = 15;

export interface DefaultFormatOptions {
  /** Fraction digits to show; defaults to the currency's. */
  readonly fractionDigits?: number;
  /** Printed before the number, after the sign ('$'). */
  readonly symbol?: string;
  /** Spec: "An option can drop zero fractions": 5.00 → '5'. */
  readonly dropZeroFraction?: boolean;
  /** big.js rounding mode; half up unless told. */
  readonly rounding?: 0 | 1 | 2 | 3;
}

function groupThousands(digits: string): string {
  let out = '';
  for (let end = digits.length; end > 0; end -= 3) {
    const start = Math.max(0, end - 3);
    out = out === '' ? digits.slice(start, end) : `${digits.slice(start, end)},${out}`;
  }
  return out;
}

/**
 * formatDecimalDefault(1234.5, 2) → '1,234.50'; (-0.001, 2) → '-0.00' (the sign of
 * the unrounded amount is kept, as the legacy format did).
 */
export function formatDecimalDefault(
  amount: DecimalValue,
  digits: number,
  options: Pick<DefaultFormatOptions, 'symbol' | 'dropZeroFraction' | 'rounding'> = {},
): string {
  const rounded = amount.abs().round(digits, options.rounding ?? Decimal.roundHalfUp);
  let [integer = '0', fraction = ''] = rounded.toFixed(digits).split('.');
  if (integer.length > MAX_INTEGER_PLACES) integer = integer.slice(integer.length - MAX_INTEGER_PLACES);
  if (options.dropZeroFraction && /^0*$/.test(fraction)) fraction = '';
  const sign = amount.lt(0) ? '-' : '';
  const body = groupThousands(integer) + (fraction === '' ? '' : `.${fraction}`);
  return `${sign}${options.symbol ?? ''}${body}`;
}

/** formatMoneyDefault(1234.5 EUR) → '1,234.50'; with fractionDigits from the currency unless given. */
export function formatMoneyDefault(money: Money, options: DefaultFormatOptions = {}): string {
  return formatDecimalDefault(money.amount, options.fractionDigits ?? fractionDigits(money.currency), options);
}
