/**
 * The one entry point for "show this money": a Money node or value in, text or
 * the spec's error out. Server formatters and browser islands both use it so a
 * price reads the same everywhere.
 */
import { fractionDigits } from './currencies.ts';
import { Decimal } from './decimal.ts';
import { formatMoneyDefault } from './default-format.ts';
import { MONEY_ERRORS } from './errors.ts';
import { formatMoneyLocale } from './locale-format.ts';
import { type Money, parseMoney } from './money.ts';

export type MoneyFormatResult =
  | { readonly ok: true; readonly text: string }
  | { readonly ok: false; readonly error: string };

export interface FormatMoneyOptions {
  /** BCP 47 tag; without one the spec's default format is used. */
  readonly locale?: string;
  readonly dropZeroFraction?: boolean;
}

const isMoney = (v: unknown): v is Money =>
  v !== null && typeof v === 'object' && 'amount' in v && 'currency' in v && typeof v.currency === 'string';

/**
 * formatMoney({value: '5', currency: 'EUR'}, {locale: 'de-DE'}) → {ok, text: '5,00 €'};
 * formatMoney(5) → {ok: false, error: 'Format expects a Money instance.'}
 */
export function formatMoney(value: unknown, options: FormatMoneyOptions = {}): MoneyFormatResult {
  const money = isMoney(value) ? value : parseMoney(value);
  if (!money) return { ok: false, error: MONEY_ERRORS.NOT_MONEY };
  if (options.locale === undefined) {
    return { ok: true, text: formatMoneyDefault(money, { dropZeroFraction: options.dropZeroFraction }) };
  }
  const whole = options.dropZeroFraction && isWhole(money);
  return { ok: true, text: formatMoneyLocale(money, options.locale, whole ? { fractionDigits: 0 } : {}) };
}

// Whole once rounded to the currency's digits: 5.001 EUR shows as 5,00 € before dropping, so it drops too.
function isWhole(money: Money): boolean {
  const rounded = money.amount.round(fractionDigits(money.currency), Decimal.roundHalfEven);
  return rounded.eq(rounded.round(0, Decimal.roundDown));
}
