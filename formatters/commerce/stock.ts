/** Stock questions about a product (spec section 4, product display status). */
import { isStockedType } from '../../domain/product-types.ts';
import { childOf, isTruthy } from '../json-values.ts';
import { readNumber } from '../scalar-number.ts';
import { displayProductType, PRODUCT_TYPE } from './product-type.ts';
import { variantsOf } from './variants.ts';

/** What "unlimited" adds up to: large enough for any quantity rule, still a safe integer. */
export const UNLIMITED_STOCK = Number.MAX_SAFE_INTEGER;

// Unreadable stock text stays NaN: it is neither "some left" nor "1 or less".
const stockOf = (variant: unknown): number => readNumber(childOf(variant, 'qtyInStock'), 'leading-decimal');

const isUnlimited = (variant: unknown): boolean => isTruthy(childOf(variant, 'unlimited'));

/**
 * Units left across all variants: UNLIMITED_STOCK when any variant is
 * unlimited, or for digital products and gift cards, which never run out;
 * NaN when a variant's stock is unreadable.
 */
export function totalStockRemaining(item: unknown): number {
  const type = displayProductType(item);
  if (type === PRODUCT_TYPE.DIGITAL || type === PRODUCT_TYPE.GIFT_CARD) return UNLIMITED_STOCK;
  let total = 0;
  for (const variant of variantsOf(item)) {
    if (isUnlimited(variant)) return UNLIMITED_STOCK;
    total += stockOf(variant);
  }
  return total;
}

/**
 * Spec: physical and service products are sold out when no variant is
 * unlimited or has stock above 0; digital and gift cards never are. A product
 * with no display type cannot be bought, so it shows as sold out.
 */
export function isSoldOut(item: unknown): boolean {
  const type = displayProductType(item);
  if (isStockedType(type)) return !variantsOf(item).some((v) => isUnlimited(v) || stockOf(v) > 0);
  return !(type === PRODUCT_TYPE.DIGITAL || type === PRODUCT_TYPE.GIFT_CARD);
}
