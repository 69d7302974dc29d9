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

export function moneyOptions(options: ParsedOptions): MoneyOptions {
  let style = STYLES[optionValue(options, 'style') ?? ''];
  if (style === undefined) for (const f of options.flags) style ??= STYLES[f];
  return {
    ...digitOptions(options),
    style: style ?? 'symbol',
    narrow: optionValue(options, 'symbol') === 'narrow',
    group: optionGroup(options, true),
  };
}

/** formatMoneyStyle(1234.5 EUR, 'en-US', opts) → '€1,234.50' */
export function formatMoneyStyle(money: Money, locale: string, o: MoneyOptions): string {
  const base: Intl.NumberFormatOptions = {
    style: 'currency',
    currency: money.currency,
    useGrouping: o.group ? 'auto' : false,
    currencyDisplay: o.narrow ? 'narrowSymbol' : 'symbol',
    // A negative amount that rounds to zero shows no sign.
    signDisplay: 'negative',
  };
  const value = decimalText(money.amount) as Intl.StringNumericLiteral;
  switch (o.style) {
    case 'short':
      // Compact notation only groups 5+ digit numbers by default; the dialect groups like plain numbers.
      return currencyFormat(locale, o, {
        ...base,
        notation: 'compact',
        useGrouping: o.group ? 'always' : false,
      }).format(value);
    case 'name':
      return currencyFormat(locale, o, { ...base, currencyDisplay: 'name' }).format(value);
    case 'accounting':
      return currencyFormat(locale, o, { ...base, currencySign: 'accounting' }).format(value);
    case 'code':
      return codeStyle(money, locale, o, base);
    default:
      return currencyFormat(locale, o, base).format(value);
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

// The code style places the ISO code where the locale places a currency's name
// ("1,234.56 USD", "1,234.56USD" in Japanese), so it reuses the name layout.
function codeStyle(money: Money, locale: string, o: MoneyOptions, base: Intl.NumberFormatOptions): string {
  const parts = currencyFormat(locale, o, { ...base, currencyDisplay: 'name' }).formatToParts(
    decimalText(money.amount) as Intl.StringNumericLiteral,
  );
  return parts.map((p) => (p.type === 'currency' ? money.currency : p.value)).join('');
}

export const moneyFormatter: Formatter = {
  format: (value, args, ctx) => {
    const money = parseMoneyWithCurrency(value);
    if (money === undefined) return '';
    return formatMoneyStyle(money, resolveLocale(ctx.locale), moneyOptions(parseOptions(args)));
  },
};
