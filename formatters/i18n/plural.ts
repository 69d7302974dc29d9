/**
 * Plural categories with CLDR's rules (Intl.PluralRules). Visible fraction
 * digits matter ("1.0" is `other` in English and Polish), so the rule object
 * is chosen by the number of fraction digits the value was written with.
 */
import { pluralRule } from './intl-cache.ts';

export type PluralType = 'cardinal' | 'ordinal';

/** pluralCategory('1.0', 'en-US', 'cardinal') → 'other'; pluralCategory('2', 'pl', 'cardinal') → 'few' */
export function pluralCategory(decimal: string, locale: string, type: PluralType): Intl.LDMLPluralRule {
  const dot = decimal.indexOf('.');
  const fraction = dot < 0 || /e/i.test(decimal) ? 0 : Math.min(20, decimal.length - dot - 1);
  const n = Math.abs(Number(decimal));
  return pluralRule(locale, {
    type,
    minimumFractionDigits: fraction,
    maximumFractionDigits: Math.max(fraction, 3),
  }).select(n);
}
