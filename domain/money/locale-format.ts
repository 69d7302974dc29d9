/**
 * Locale-aware money and decimal text through Intl, which takes the amount as
 * a decimal string, so no value passes through a float. Formatters are cached
 * per locale and options because building one costs far more than using it.
 */
import { fractionDigits, isSupportedCurrency } from './currencies.ts';
import { type DecimalValue, decimalText } from './decimal.ts';
import type { Money } from './money.ts';

type RoundingMode = 'halfExpand' | 'halfEven';

const formatters = new Map<string, Intl.NumberFormat>();
// Codes Intl knows; anything else is shown without a symbol rather than as raw letters.
const KNOWN_CURRENCIES: ReadonlySet<string> = new Set(Intl.supportedValuesOf('currency'));

function cached(locale: string, key: string, make: (locale: string) => Intl.NumberFormat): Intl.NumberFormat {
  const id = `${locale}\u0000${key}`;
  let f = formatters.get(id);
  if (!f) {
    try {
      f = make(locale);
    } catch {
      // An unusable locale tag must not break a page: fall back to the corpus default.
      f = make('en-US');
    }
    formatters.set(id, f);
  }
  return f;
}

export interface LocaleMoneyOptions {
  /** Fraction digits; the currency's own unless given. */
  readonly fractionDigits?: number;
  readonly rounding?: RoundingMode;
}

/**
 * formatMoneyLocale(1234.5 EUR, 'de-DE') → '1.234,50 €'; (5 JPY, 'en-US') → '¥5'.
 * A value that rounds to zero carries no minus sign.
 */
export function formatMoneyLocale(money: Money, locale: string, options: LocaleMoneyOptions = {}): string {
  const code = money.currency;
  const known = KNOWN_CURRENCIES.has(code);
  // Store currencies use the spec's digits; other known codes keep their own (KRW has none).
  const digits = options.fractionDigits ?? (isSupportedCurrency(code) || !known ? fractionDigits(code) : undefined);
  const rounding = options.rounding ?? 'halfEven';
  // Unknown codes borrow a known currency shown as a code, for the locale's layout and spacing around a code.
  const f = cached(
    locale,
    `money:${known ? code : '?'}:${digits}:${rounding}`,
    (tag) =>
      new Intl.NumberFormat(tag, {
        style: 'currency',
        currency: known ? code : 'USD',
        currencyDisplay: known ? 'symbol' : 'code',
        ...(digits === undefined ? {} : { minimumFractionDigits: digits, maximumFractionDigits: digits }),
        roundingMode: rounding,
        signDisplay: 'negative',
      }),
  );
  const text = decimalText(money.amount) as `${number}`;
  if (known) return f.format(text);
  return f
    .formatToParts(text)
    .map((p) => (p.type === 'currency' ? '' : p.value))
    .join('');
}

export interface LocaleDecimalOptions {
  readonly minimumFractionDigits: number;
  readonly maximumFractionDigits: number;
  readonly rounding?: RoundingMode;
}

/** formatDecimalLocale(1234.5678, 'en-US', {min 2, max 3}) → '1,234.568'. */
export function formatDecimalLocale(amount: DecimalValue, locale: string, options: LocaleDecimalOptions): string {
  const { minimumFractionDigits: min, maximumFractionDigits: max } = options;
  const rounding = options.rounding ?? 'halfEven';
  const f = cached(
    locale,
    `decimal:${min}:${max}:${rounding}`,
    (tag) =>
      new Intl.NumberFormat(tag, {
        minimumFractionDigits: min,
        maximumFractionDigits: max,
        roundingMode: rounding,
        signDisplay: 'negative',
      }),
  );
  return f.format(decimalText(amount) as `${number}`);
}
