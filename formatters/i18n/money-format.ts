/**
 * `money-format` (alias `moneyFormat`) and `money-string`: an amount in the
 * store's default number format, ',' for thousands and '.' for decimals
 * (spec section 3). A plain number is minor units (cents); a Money object
 * gives its amount with the currency's fraction digits (JPY has none).
 * `money-string` wraps the result in `<span class="sqs-money-native">`.
 */
import { fractionDigits } from '../../domain/money/currencies.ts';
import { decimalText } from '../../domain/money/decimal.ts';
import { fromLegacyCents, parseMoneyWithCurrency } from '../../domain/money/money.ts';
import type { Formatter } from '../../engine/index.ts';
import { renderMarkup } from '../markup.ts';
import { numberFormat } from './intl-cache.ts';

/** moneyText(12345) → '123.45'; moneyText({ decimalValue: '5', currencyCode: 'JPY' }) → '5' */
export function moneyText(value: unknown): string | undefined {
  // A plain number is legacy cents: hundredths in every currency.
  const money = parseMoneyWithCurrency(value) ?? fromLegacyCents(value);
  if (money === undefined) return undefined;
  const decimal = decimalText(money.amount);
  const digits = fractionDigits(money.currency);
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
