/** Stock questions about a product (spec section 4, product display status); sold out is product-json.ts. */
import { displayProductType, PRODUCT_TYPE, variantStatusOf, variantsOf } from '../product-json.ts';

/** What "unlimited" adds up to: large enough for any quantity rule, still a safe integer. */
export const UNLIMITED_STOCK = Number.MAX_SAFE_INTEGER;

/**
 * Units left across all variants: UNLIMITED_STOCK when any variant is
 * unlimited, or for digital products and gift cards, which never run out;
 * NaN when a variant's stock is unreadable.
 */
export function totalStockRemaining(item: unknown): number {
  const type = displayProductType(item);
  if (type === PRODUCT_TYPE.DIGITAL || type === PRODUCT_TYPE.GIFT_CARD) return UNLIMITED_STOCK;
  let total = 0;
  for (const variant of variantsOf(item).map(variantStatusOf)) {
    if (variant.unlimited) return UNLIMITED_STOCK;
    total += variant.qtyInStock;
  }
  return total;
}
