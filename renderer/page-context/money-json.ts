import { Decimal, fractionDigits } from '../../domain/money/index.ts';

/** The Money shape templates read: `value` is the decimal amount as text ("19.00"), never a float. */
export interface MoneyJson {
  currency: string;
  value: string;
}

/** 1900 minor units of USD → { currency: 'USD', value: '19.00' }; JPY has no fraction digits. */
export function moneyJson(minor: string | number, currency: string): MoneyJson {
  const digits = fractionDigits(currency);
  return { currency, value: new Decimal(minor).div(new Decimal(10).pow(digits)).toFixed(digits) };
}
