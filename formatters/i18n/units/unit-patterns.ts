/**
 * Unit display patterns by locale. English and French carry full tables;
 * other locales use Intl's own unit formatting where Intl knows the unit,
 * and the English pattern otherwise.
 */
import { languageOf } from '../locale.ts';
import { EN_UNITS } from './unit-patterns-en.ts';
import { FR_UNITS } from './unit-patterns-fr.ts';

export type UnitWidth = 'narrow' | 'short' | 'long';

/** One pattern for every plural category, or [one, other]. */
export type PluralPattern = string | readonly [string, string];

export type UnitPatternTable = Readonly<Record<string, Readonly<Record<UnitWidth, PluralPattern>>>>;

const TABLES: Readonly<Record<string, UnitPatternTable>> = { en: EN_UNITS, fr: FR_UNITS };

/** The `{0}` pattern for a unit, or undefined when no table has it. */
export function unitPattern(locale: string, unit: string, width: UnitWidth, category: string): string | undefined {
  const own = TABLES[languageOf(locale)];
  const row = own?.[unit] ?? EN_UNITS[unit];
  if (!row) return undefined;
  const p = row[width];
  if (typeof p === 'string') return p;
  return category === 'one' ? p[0] : p[1];
}

/** True when `locale` has its own table (otherwise Intl's unit style is tried first). */
export function hasOwnTable(locale: string): boolean {
  return TABLES[languageOf(locale)] !== undefined;
}
