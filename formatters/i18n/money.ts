/**
 * The `money` formatter (and the `money`/`currency` message argument): a Money
 * value in the render's locale, with CLDR currency symbols, grouping and the
 * currency's own fraction digits (JPY has none).
 */
import { decimalText } from '../../domain/money/decimal.ts';
import { type Money, parseMoneyWithCurrency } from '../../domain/money/money.ts';
import type { Formatter } from '../../engine/index.ts';
import { numberFormat } from './intl-cache.ts';
import { resolveLocale } from './locale.ts';
import { type DigitOptions, digitOptions, intlDigits } from './number-format.ts';
import { optionGroup, optionValue, type ParsedOptions, parseOptions } from './options.ts';

type MoneyStyle = 'symbol' | 'short' | 'name' | 'code' | 'accounting';

export interface MoneyOptions extends DigitOptions {
  readonly style: MoneyStyle;
  readonly narrow: boolean;
  readonly group: boolean;
}

const STYLES: Record<string, MoneyStyle> = {
  symbol: 'symbol',
  short: 'short',
  name: 'name',
  code: 'code',
  accounting: 'accounting',
};

// Parsed options are kept per argument list (options.ts), so their money options, and the Intl formats made
// for them, are worked out once: building a format's options costs more than formatting an amount.
const moneyOptionsOf = new WeakMap<ParsedOptions, MoneyOptions>();
const formatsOf = new WeakMap<MoneyOptions, Map<string, Intl.NumberFormat>>();
/** Locales times currencies one set of options is formatted in: a guard, far above what a site uses. */
const FORMATS_PER_OPTIONS = 500;

export function moneyOptions(options: ParsedOptions): MoneyOptions {
  const known = moneyOptionsOf.get(options);
  if (known) return known;
  let style = STYLES[optionValue(options, 'style') ?? ''];
  if (style === undefined) for (const f of options.flags) style ??= STYLES[f];
  const made: MoneyOptions = {
    ...digitOptions(options),
    style: style ?? 'symbol',
    narrow: optionValue(options, 'symbol') === 'narrow',
    group: optionGroup(options, true),
  };
  moneyOptionsOf.set(options, made);
  return made;
}

/** formatMoneyStyle(1234.5 EUR, 'en-US', opts) → '€1,234.50' */
export function formatMoneyStyle(money: Money, locale: string, o: MoneyOptions): string {
  const value = decimalText(money.amount) as Intl.StringNumericLiteral;
  const format = moneyFormat(locale, money.currency, o);
  // The code style places the ISO code where the locale places a currency's name
  // ("1,234.56 USD", "1,234.56USD" in Japanese), so it reuses the name layout.
  if (o.style === 'code') {
    return format
      .formatToParts(value)
      .map((p) => (p.type === 'currency' ? money.currency : p.value))
      .join('');
  }
  return format.format(value);
}

function moneyFormat(locale: string, currency: string, o: MoneyOptions): Intl.NumberFormat {
  let formats = formatsOf.get(o);
  if (!formats) {
    formats = new Map();
    formatsOf.set(o, formats);
  }
  const key = `${locale}\u0000${currency}`;
  let format = formats.get(key);
  if (!format) {
    format = makeMoneyFormat(locale, currency, o);
    if (formats.size >= FORMATS_PER_OPTIONS) formats.clear();
    formats.set(key, format);
  }
  return format;
}

function makeMoneyFormat(locale: string, currency: string, o: MoneyOptions): Intl.NumberFormat {
  const base: Intl.NumberFormatOptions = {
    style: 'currency',
    currency,
    useGrouping: o.group ? 'auto' : false,
    currencyDisplay: o.narrow ? 'narrowSymbol' : 'symbol',
    // A negative amount that rounds to zero shows no sign.
    signDisplay: 'negative',
  };
  switch (o.style) {
    case 'short':
      // Compact notation only groups 5+ digit numbers by default; the dialect groups like plain numbers.
      return currencyFormat(locale, o, { ...base, notation: 'compact', useGrouping: o.group ? 'always' : false });
    case 'name':
    case 'code':
      return currencyFormat(locale, o, { ...base, currencyDisplay: 'name' });
    case 'accounting':
      return currencyFormat(locale, o, { ...base, currencySign: 'accounting' });
    default:
      return currencyFormat(locale, o, base);
  }
}

function currencyFormat(locale: string, o: MoneyOptions, base: Intl.NumberFormatOptions): Intl.NumberFormat {
  // The currency's own fraction digits are the defaults that digit options adjust.
  // Compact amounts keep Intl's own rounding unless the template sets digits.
  if (base.notation === 'compact' && !hasDigits(o)) return numberFormat(locale, intlDigits(o, base));
  const digits = numberFormat(locale, { style: 'currency', currency: base.currency }).resolvedOptions();
  const withDigits: Intl.NumberFormatOptions = {
    ...base,
    minimumFractionDigits: digits.minimumFractionDigits,
    maximumFractionDigits: digits.maximumFractionDigits,
  };
  return numberFormat(locale, intlDigits(o, withDigits));
}

function hasDigits(o: DigitOptions): boolean {
  return (
    o.minInt !== undefined ||
    o.minFrac !== undefined ||
    o.maxFrac !== undefined ||
    o.minSig !== undefined ||
    o.maxSig !== undefined
  );
}

export const moneyFormatter: Formatter = {
  format: (value, args, ctx) => {
    const money = parseMoneyWithCurrency(value);
    if (money === undefined) return '';
    return formatMoneyStyle(money, resolveLocale(ctx.locale), moneyOptions(parseOptions(args)));
  },
};
