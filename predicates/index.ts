import type { PredicateTable } from '../engine/index.ts';
import { corePredicates } from './core.ts';

/** Every predicate family, spread into one table. */
export const predicates: PredicateTable = { ...corePredicates };
