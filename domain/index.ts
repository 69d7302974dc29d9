/**
 * domain/: the store's rules, written once for the server, the template
 * formatters and predicates, and the browser islands alike. Nothing here
 * imports Fastify, Kysely or React, so every side can use it.
 *
 * - money/: the one Money type (an exact big.js amount and its currency),
 *   the one decimal reader, the currency table (fraction digits: JPY has
 *   none), minor units, allocation and formatting through Intl; and
 *   minor-units-text.ts, which formats minor units without big.js, for
 *   the browser bundle.
 * - quantity.ts: how many of a product a cart line may hold, and the words
 *   for a quantity that is not one.
 * - stock.ts: whether a variant can go into a cart.
 * - product-types.ts: what each product type implies (stock, variant
 *   prices, delivery).
 * - product-status.ts: on sale, sold out, the price something sells at now.
 * - order-number.ts: where a website's order numbers start (1001).
 * - spec-enums.ts: the spec's enumerations (record, collection, block and
 *   product types and the rest).
 *
 * Import the module you need rather than this index: the browser bundle
 * must not pull in big.js through it.
 */
export * from './money/index.ts';
export * from './order-number.ts';
export * from './product-status.ts';
export * from './product-types.ts';
export * from './quantity.ts';
export * from './spec-enums.ts';
export * from './stock.ts';
