/**
 * predicates/: the predicate families as typed tables, reading template JSON
 * through the same readers as the formatters (formatters/json-values.ts and
 * the families' own reading helpers) and store rules from domain/.
 */
import type { PredicateTable } from '../engine/index.ts';
import { commercePredicates } from './commerce.ts';
import { contentPredicates } from './content.ts';
import { corePredicates } from './core.ts';
import { datePredicates } from './date.ts';
import { i18nPredicates } from './i18n.ts';
import { socialPredicates } from './social.ts';

/** Every predicate family, spread into one table. */
export const predicates: PredicateTable = {
  ...corePredicates,
  ...contentPredicates,
  ...commercePredicates,
  ...socialPredicates,
  ...datePredicates,
  ...i18nPredicates,
};
