/**
 * `i18n-money-format LOCALE`: the legacy money layout that predates CLDR
 * currency patterns. Each currency has one symbol whatever the locale
 * ("A$", "kr"); the locale only decides the separators and whether the
 * symbol comes before or after the amount. A symbol whose letters would touch the
 * digits is set off by a space, and the minus sign goes before a symbol that touches the digits
 * ("-A$1,234.56") but after one set off by a space ("kr -1,234.56").
 */
import { decimalText } from '../../domain/money/decimal.ts';
import { parseMoneyWithCurrency } from '../../domain/money/money.ts';
import type { Formatter } from '../../engine/index.ts';
import { memo, numberFormat } from './intl-cache.ts';
import { resolveLocale } from './locale.ts';

// The 27 store currencies (spec section 9); anything else shows its ISO code.
const SYMBOLS: Readonly<Record<string, string>> = {
  ARS: '$',
  AUD: 'A$',
  BRL: 'R$',
  CAD: 'C$',
  CHF: 'CHF',
  COP: '$',
  CZK: 'Kč',
  DKK: 'kr',
  EUR: '€',
  GBP: '£',
  HKD: 'HK$',
  IDR: 'Rp',
  ILS: '₪',
  INR: '₹',
  JPY: '¥',
  MXN: 'MX$',
  MYR: 'RM',
  NOK: 'kr',
  NZD: 'NZ$',
  PHP: '₱',
  PLN: 'zł',
  RUB: '₽',
  SEK: 'kr',
  SGD: 'S$',
  THB: '฿',
  USD: '$',
  ZAR: 'R',
};

interface Layout {
  readonly symbolFirst: boolean;
}

const layouts = new Map<string, Layout>();

function layoutFor(locale: string): Layout {
  return memo(layouts, locale, () => {
    const parts = numberFormat(locale, { style: 'currency', currency: 'EUR' }).formatToParts(1);
    const currency = parts.findIndex((p) => p.type === 'currency');
    const integer = parts.findIndex((p) => p.type === 'integer');
    return { symbolFirst: currency >= 0 && currency < integer };
  });
}

/** formatLegacyMoney('-1234.56', 'SEK', 'en-US') → 'kr -1,234.56' */
export function formatLegacyMoney(decimal: string, currency: string, locale: string): string {
  const digits = numberFormat(locale, { style: 'currency', currency }).resolvedOptions().maximumFractionDigits;
  const number = numberFormat(locale, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    roundingMode: 'halfEven',
    signDisplay: 'never',
  })
    .format(decimal as Intl.StringNumericLiteral)
    // This layout predates CLDR's narrow no-break space for grouping; it groups with U+00A0.
    .replace(/\u202f/g, '\u00a0');
  const negative = decimal.startsWith('-') && /[1-9]/.test(number);
  const sign = negative ? '-' : '';
  const symbol = SYMBOLS[currency] ?? currency;
  if (!layoutFor(locale).symbolFirst) return `${sign}${number}${/^\p{L}/u.test(symbol) ? ' ' : ''}${symbol}`;
  return /\p{L}$/u.test(symbol) ? `${symbol} ${sign}${number}` : `${sign}${symbol}${number}`;
}

export const legacyMoneyFormatter: Formatter = {
  args: { min: 0, max: 1 },
  format: (value, args, ctx) => {
    const money = parseMoneyWithCurrency(value);
    if (money === undefined) return '';
    return formatLegacyMoney(decimalText(money.amount), money.currency, resolveLocale(args[0] ?? ctx.locale));
  },
};
