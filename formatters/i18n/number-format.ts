/**
 * Locale-aware decimal formatting on top of Intl.NumberFormat. Values are
 * decimal strings (Intl formats those exactly), rounding is half-even unless a
 * template asks otherwise, and option names follow the template dialect.
 */
import { dividedBy, times } from './decimal-value.ts';
import { numberFormat } from './intl-cache.ts';
import { optionDigits, optionGroup, optionValue, type ParsedOptions } from './options.ts';

export type NumberStyle = 'decimal' | 'short' | 'long' | 'percent' | 'percent-scaled' | 'permille' | 'permille-scaled';
export type DigitMode = 'default' | 'significant' | 'significant-maxfrac' | 'fractions';

export interface DigitOptions {
  readonly minInt?: number;
  readonly minFrac?: number;
  readonly maxFrac?: number;
  readonly minSig?: number;
  readonly maxSig?: number;
  readonly mode: DigitMode;
  readonly round: Intl.NumberFormatOptions['roundingMode'];
}

export interface NumberOptions extends DigitOptions {
  readonly style: NumberStyle;
  readonly group: boolean;
}

const STYLES: Record<string, NumberStyle> = {
  decimal: 'decimal',
  short: 'short',
  long: 'long',
  percent: 'percent',
  'percent-scaled': 'percent-scaled',
  permille: 'permille',
  'permille-scaled': 'permille-scaled',
};

const MODES: Record<string, DigitMode> = {
  default: 'default',
  significant: 'significant',
  'significant-maxfrac': 'significant-maxfrac',
  fractions: 'fractions',
};

// The dialect's rounding names (CLDR / java.math style) mapped to Intl's.
const ROUNDING: Record<string, Intl.NumberFormatOptions['roundingMode']> = {
  'half-even': 'halfEven',
  'half-up': 'halfExpand',
  'half-down': 'halfTrunc',
  up: 'expand',
  down: 'trunc',
  truncate: 'trunc',
  ceiling: 'ceil',
  ceil: 'ceil',
  floor: 'floor',
};

/** The digit options any numeric formatter accepts (`maxfrac:2` or `maxFrac:2`, `round:floor`, `mode:significant`). */
export function digitOptions(options: ParsedOptions): DigitOptions {
  return {
    minInt: optionDigits(options, 'minint', 'minInt', 'minimumIntegerDigits'),
    minFrac: optionDigits(options, 'minfrac', 'minFrac', 'minimumFractionDigits'),
    maxFrac: optionDigits(options, 'maxfrac', 'maxFrac', 'maximumFractionDigits'),
    minSig: optionDigits(options, 'minsig', 'minSig', 'minimumSignificantDigits'),
    maxSig: optionDigits(options, 'maxsig', 'maxSig', 'maximumSignificantDigits'),
    mode: MODES[optionValue(options, 'mode', 'formatMode') ?? ''] ?? 'default',
    round: ROUNDING[optionValue(options, 'round', 'rounding') ?? ''] ?? 'halfEven',
  };
}

/** Options of the `decimal` formatter; `groupByDefault` differs between the formatter and message arguments. */
export function numberOptions(options: ParsedOptions, groupByDefault: boolean): NumberOptions {
  const style = STYLES[optionValue(options, 'style') ?? ''] ?? flagStyle(options) ?? 'decimal';
  return { ...digitOptions(options), style, group: optionGroup(options, groupByDefault) };
}

function flagStyle(options: ParsedOptions): NumberStyle | undefined {
  for (const f of options.flags) if (STYLES[f]) return STYLES[f];
  return undefined;
}

const clampSig = (n: number): number => Math.min(21, Math.max(1, n));
const clampFrac = (n: number): number => Math.min(100, Math.max(0, n));

/** Translates digit options to Intl's, keeping Intl's invariants (min ≤ max) so it never throws. */
export function intlDigits(d: DigitOptions, base: Intl.NumberFormatOptions = {}): Intl.NumberFormatOptions {
  const out: Intl.NumberFormatOptions = { ...base, roundingMode: d.round };
  if (d.minInt !== undefined) out.minimumIntegerDigits = Math.min(21, Math.max(1, d.minInt));
  const hasSig = d.minSig !== undefined || d.maxSig !== undefined;
  const useSig = d.mode === 'significant' || d.mode === 'significant-maxfrac' || (d.mode === 'default' && hasSig);
  const useFrac = d.mode !== 'significant' && !(d.mode === 'default' && hasSig);
  if (useSig && hasSig) {
    // A lone maximum also fixes the minimum: `maxsig:2` shows 5 as 5.0, as the dialect does.
    const minSig = clampSig(d.minSig ?? d.maxSig ?? 1);
    out.minimumSignificantDigits = minSig;
    out.maximumSignificantDigits = Math.max(minSig, clampSig(d.maxSig ?? 21));
  }
  if (useFrac && (d.minFrac !== undefined || d.maxFrac !== undefined)) {
    const baseMin = base.minimumFractionDigits;
    let minFrac = clampFrac(d.minFrac ?? baseMin ?? 0);
    const maxFrac = clampFrac(d.maxFrac ?? Math.max(minFrac, base.maximumFractionDigits ?? 3));
    if (d.minFrac === undefined) minFrac = Math.min(minFrac, maxFrac);
    out.minimumFractionDigits = Math.min(minFrac, maxFrac);
    out.maximumFractionDigits = Math.max(minFrac, maxFrac);
  }
  if (useSig && hasSig && useFrac && out.maximumFractionDigits !== undefined) out.roundingPriority = 'lessPrecision';
  return out;
}

/** formatNumber('1234.5', 'en-US', opts) → '1,234.5' */
export function formatNumber(decimal: string, locale: string, o: NumberOptions): string {
  const base: Intl.NumberFormatOptions = {
    useGrouping: o.group ? 'auto' : false,
    signDisplay: 'negative',
  };
  switch (o.style) {
    case 'short':
    case 'long':
      // Compact notation only groups 5+ digit numbers by default ("1999" in German, which
      // compacts no thousands); the dialect groups them like plain numbers ("1.999").
      return numberFormat(
        locale,
        intlDigits(o, {
          ...base,
          useGrouping: o.group ? 'always' : false,
          notation: 'compact',
          compactDisplay: o.style,
        }),
      ).format(decimal as Intl.StringNumericLiteral);
    case 'percent':
    case 'percent-scaled': {
      const value = o.style === 'percent-scaled' ? dividedBy(decimal, 100) : decimal;
      return numberFormat(locale, intlDigits(o, { ...base, style: 'percent' })).format(
        value as Intl.StringNumericLiteral,
      );
    }
    case 'permille':
    case 'permille-scaled': {
      // Intl has no permille style; a percent of value×10 has the same digits, then the sign is swapped.
      const value = o.style === 'permille-scaled' ? dividedBy(decimal, 100) : times(decimal, 10);
      const parts = numberFormat(locale, intlDigits(o, { ...base, style: 'percent' })).formatToParts(
        value as Intl.StringNumericLiteral,
      );
      return parts.map((p) => (p.type === 'percentSign' ? '‰' : p.value)).join('');
    }
    default:
      return numberFormat(locale, intlDigits(o, base)).format(decimal as Intl.StringNumericLiteral);
  }
}
