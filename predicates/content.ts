import type { PredicateTable } from '../engine/index.ts';

/** The content predicate family. */
export const contentPredicates: PredicateTable = {};
