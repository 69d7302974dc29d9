import type { PredicateTable } from '../engine/index.ts';

/** The i18n predicate family. */
export const i18nPredicates: PredicateTable = {};
