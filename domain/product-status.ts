/**
 * A product's display status (spec section 4): on sale, sold out, and the
 * price a variant sells at now. Written on plain values so the page data
 * the server builds, the cart's prices and the template plugins (which
 * first read the values out of template JSON) all follow one rule.
 */

import { isStockedType } from './product-types.ts';
import { PRODUCT_TYPES } from './spec-enums.ts';

export interface VariantStatus {
  readonly onSale: boolean;
  readonly unlimited: boolean;
  /** NaN when unreadable: neither some left nor none. */
  readonly qtyInStock: number;
}

/**
 * Spec: physical and service products are on sale when any variant is;
 * digital products carry their own flag; gift cards and memberships never
 * are.
 */
export function isProductOnSale(
  type: number | undefined,
  ownFlag: boolean,
  variants: readonly Pick<VariantStatus, 'onSale'>[],
): boolean {
  if (isStockedType(type)) return variants.some((variant) => variant.onSale);
  return type === PRODUCT_TYPES.digital && ownFlag;
}

/** A variant that can no longer be bought: not unlimited and no stock above 0. */
export function isVariantSoldOut(variant: Pick<VariantStatus, 'unlimited' | 'qtyInStock'>): boolean {
  return !variant.unlimited && !(variant.qtyInStock > 0);
}

/**
 * Spec: physical and service products are sold out when no variant is
 * unlimited or has stock above 0; digital products and gift cards never
 * are. Anything else (a membership, a product with no type) cannot be put in
 * a cart, so it counts as sold out, as the reference's sold-out? says.
 */
export function isProductSoldOut(
  type: number | undefined,
  variants: readonly Pick<VariantStatus, 'unlimited' | 'qtyInStock'>[],
): boolean {
  if (isStockedType(type)) return variants.every(isVariantSoldOut);
  return !(type === PRODUCT_TYPES.digital || type === PRODUCT_TYPES['gift-card']);
}

/** The price something sells at now: its sale price while on sale and one is set, else its regular price. */
export function currentPrice<T>(regular: T, sale: T | null | undefined, onSale: boolean): T {
  return onSale && sale !== null && sale !== undefined ? sale : regular;
}
