import { majorUnitsText } from '../../domain/money/minor-units-text.ts';

/**
 * Money as page data carries it (spec section 3, Money): `value`, a string
 * of minor units, with `currency`, and the amount in major units as
 * `decimalValue` with `currencyCode`, which the money formatters read
 * first (domain/money/money.ts says why). Text, never a float.
 */
export interface MoneyJson {
  value: string;
  currency: string;
  decimalValue: string;
  currencyCode: string;
}

/** 1900 minor units of USD → { value: '1900', currency: 'USD', decimalValue: '19.00', currencyCode: 'USD' }. */
export function moneyJson(minor: string | number, currency: string): MoneyJson {
  const decimalValue = majorUnitsText(String(minor), currency);
  if (decimalValue === undefined) throw new RangeError(`not a whole number of minor units: ${minor}`);
  return { value: String(minor), currency, decimalValue, currencyCode: currency };
}
