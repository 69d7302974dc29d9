/**
 * `money-format` (alias `moneyFormat`) and `money-string`: an amount in the
 * store's default number format, ',' for thousands and '.' for decimals
 * (spec section 3). A plain number is minor units (cents); a Money object
 * gives its amount with the currency's fraction digits (JPY has none).
 * `money-string` wraps the result in `<span class="sqs-money-native">`.
 */
import Big from 'big.js';
import { fractionDigits } from '../../domain/money/currencies.ts';
import { decimalText } from '../../domain/money/decimal.ts';
import { parseMoneyWithCurrency } from '../../domain/money/money.ts';
import type { Formatter } from '../../engine/index.ts';
import { renderMarkup } from '../markup.ts';
import { toDecimal } from './decimal-value.ts';
import { numberFormat } from './intl-cache.ts';

/** moneyText(12345) → '123.45'; moneyText({ decimalValue: '5', currencyCode: 'JPY' }) → '5' */
export function moneyText(value: unknown): string | undefined {
  const money = parseMoneyWithCurrency(value);
  let decimal: string;
  let digits: number;
  if (money) {
    decimal = decimalText(money.amount);
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
  }).format(decimal as Intl.StringNumericLiteral);
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
