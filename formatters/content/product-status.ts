/**
 * Sale and sold-out status of a store item (spec section 4, product display
 * status), as item-classes marks it: both marks may show at once there.
 * The `sold-out?` predicate's rule (formatters/commerce/stock.ts) differs on
 * purpose: the reference engine answers it with a function of its own that
 * calls a product without a display type sold out (conformance p-sold-out),
 * which would mark memberships sold out here.
 */

import { PRODUCT_TYPES } from '../../domain/spec-enums.ts';
import { childOf, isTruthy } from '../../engine/index.ts';
import { readNumber } from '../../engine/read-number.ts';

const variantsOf = (content: unknown): readonly unknown[] => {
  const variants = childOf(content, 'variants');
  return Array.isArray(variants) ? variants : [];
};

const productType = (content: unknown): number => readNumber(childOf(content, 'productType'), 'parse-float');

/** Physical and service items are on sale when any variant is; digital ones by their own flag. */
export function isOnSale(item: unknown): boolean {
  const content = childOf(item, 'structuredContent');
  switch (productType(content)) {
    case PRODUCT_TYPES.physical:
    case PRODUCT_TYPES.service:
      return variantsOf(content).some((v) => isTruthy(childOf(v, 'onSale')));
    case PRODUCT_TYPES.digital:
      return isTruthy(childOf(content, 'onSale'));
    default:
      return false;
  }
}

/** Digital goods and gift cards never sell out; others do when no variant is unlimited or in stock. */
export function isSoldOut(item: unknown): boolean {
  const content = childOf(item, 'structuredContent');
  const type = productType(content);
  if (type === PRODUCT_TYPES.digital || type === PRODUCT_TYPES['gift-card']) return false;
  return !variantsOf(content).some(
    (v) => isTruthy(childOf(v, 'unlimited')) || readNumber(childOf(v, 'qtyInStock'), 'parse-float') > 0,
  );
}
