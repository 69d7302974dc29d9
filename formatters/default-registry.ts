import type { Registry } from '../engine/index.ts';
import { predicates } from '../predicates/index.ts';
import { formatters } from './index.ts';

/** The formatters and predicates every site template can use. */
export const defaultRegistry: Registry = Object.freeze({ formatters, predicates });
