import { majorUnitsText } from '../../domain/money/minor-units-text.ts';

/**
 * Money as page data carries it (spec section 3, Money): the amount as
 * decimal text in major units ("19.00"), never a float, which is how the
 * reference engine's money formatters read `value` (conformance
 * f-product-price-9: value "2500" shows as €2,500.00).
 */
export interface MoneyJson {
  currency: string;
  value: string;
}

/** 1900 minor units of USD → { currency: 'USD', value: '19.00' }; JPY has no fraction digits. */
export function moneyJson(minor: string | number, currency: string): MoneyJson {
  const value = majorUnitsText(String(minor), currency);
  if (value === undefined) throw new RangeError(`not a whole number of minor units: ${minor}`);
  return { currency, value };
}
