import type { PredicateTable } from '../engine/index.ts';
import { resolveLocale } from '../formatters/i18n/locale.ts';
import { measurementSystem } from '../formatters/i18n/units/measurement-system.ts';

/**
 * The i18n predicate family. `{.units-metric?}` (optionally naming a kind of
 * unit, `{.units-metric? length}`) is true when the render's locale measures
 * in metric units, so a template can pick metric or customary units.
 */
export const i18nPredicates: PredicateTable = {
  'units-metric?': {
    args: { min: 0, max: 1 },
    test: (_args, ctx) => measurementSystem(resolveLocale(ctx.locale)) === 'metric',
  },
};
