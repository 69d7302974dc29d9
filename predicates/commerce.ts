/**
 * The commerce predicate family: product questions asked of `@`, the current
 * product. The rules live in formatters/commerce/ with the formatters'.
 */

import type { ArgumentRule, PredicateTable } from '../engine/index.ts';
import { hasVariants, hasVariedPrices, isOnSale, isSoldOut } from '../formatters/product-json.ts';

const NO_ARGS: ArgumentRule = { min: 0, max: 0 };

export const commercePredicates: PredicateTable = {
  'has-variants?': { args: NO_ARGS, test: (_args, ctx) => hasVariants(ctx.current()) },
  'on-sale?': { args: NO_ARGS, test: (_args, ctx) => isOnSale(ctx.current()) },
  'sold-out?': { args: NO_ARGS, test: (_args, ctx) => isSoldOut(ctx.current()) },
  'varied-prices?': { args: NO_ARGS, test: (_args, ctx) => hasVariedPrices(ctx.current()) },
};
