import type { Limit, LimitName } from '../api/http/rate-limits.ts';

const UNLIMITED: Limit = { max: Number.MAX_SAFE_INTEGER, windowMs: 60_000 };

/**
 * One client address sends every request of a benchmark: the per-address
 * limits on page renders, searches and writes (api/http/rate-limits.ts) would
 * answer 429 after a few hundred, so benchmarks raise them far past what a
 * run sends.
 */
export const BENCH_LIMITS: Partial<Record<LimitName, Limit>> = {
  'page-render': UNLIMITED,
  search: UNLIMITED,
  'api-write': UNLIMITED,
  'cart-write': UNLIMITED,
};
