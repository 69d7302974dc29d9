/**
 * Whether a variant can go into a cart (spec section 5): "An item is
 * available when it is unlimited or its stock is greater than the quantity
 * already in the cart", and the stock must cover what is being added. The
 * cart service and the product page's picker both ask here.
 */

export interface StockedVariant {
  /** Only true is unlimited. */
  unlimited?: unknown;
  /** A count; anything unreadable counts as none left. */
  qtyInStock?: unknown;
}

/** canAddToCart({qtyInStock: 3}, 1, 2) → true; ({qtyInStock: 3}, 3, 1) → false; ({unlimited: true}, 99, 1) → true. */
export function canAddToCart(variant: StockedVariant, alreadyInCart: number, adding: number): boolean {
  if (variant.unlimited === true) return true;
  const stock = Number(variant.qtyInStock);
  if (!Number.isFinite(stock)) return false;
  return stock > alreadyInCart && stock >= alreadyInCart + adding;
}
