import type { PredicateTable } from '../engine/index.ts';

/** The social predicate family. */
export const socialPredicates: PredicateTable = {};
