import type { PredicateTable } from '../engine/index.ts';

/** The commerce predicate family. */
export const commercePredicates: PredicateTable = {};
