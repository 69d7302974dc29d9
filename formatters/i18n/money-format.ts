/**
 * `money-format` (alias `moneyFormat`) and `money-string`: an amount in the
 * store's default number format, ',' for thousands and '.' for decimals
 * (spec section 3). A plain number is minor units (cents); a Money object
 * gives its amount with the currency's fraction digits (JPY has none).
 * `money-string` wraps the result in `<span class="sqs-money-native">`.
 */
import Big from 'big.js';
import type { Formatter } from '../../engine/index.ts';
import { renderMarkup } from '../markup.ts';
import { toDecimal } from './decimal-value.ts';
import { numberFormat } from './intl-cache.ts';
import { readMoney } from './money-value.ts';

// Fraction digits of the supported currencies (spec: all 2 except JPY).
const fractionDigits = (currency: string): number => (currency === 'JPY' ? 0 : 2);

/** moneyText(12345) → '123.45'; moneyText({ decimalValue: '5', currencyCode: 'JPY' }) → '5' */
export function moneyText(value: unknown): string | undefined {
  const money = readMoney(value);
  let decimal: string;
  let digits: number;
  if (money) {
    decimal = money.decimal;
    digits = fractionDigits(money.currency);
  } else {
    const cents = toDecimal(value);
    if (cents === undefined) return undefined;
    decimal = new Big(cents).div(100).toFixed();
    digits = 2;
  }
  return numberFormat('en-US', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    roundingMode: 'halfEven',
    signDisplay: 'negative',
  }).format(decimal as unknown as number);
}

export const moneyFormatFormatter: Formatter = {
  format: (value) => moneyText(value) ?? '',
};

export const moneyStringFormatter: Formatter = {
  format: (value, _args, ctx) => {
    const text = moneyText(value);
    return text === undefined ? '' : renderMarkup('i18n-money-string', { amount: text }, ctx);
  },
};
