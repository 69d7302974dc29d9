import type { PredicateTable } from '../engine/index.ts';

/** The date predicate family. */
export const datePredicates: PredicateTable = {};
