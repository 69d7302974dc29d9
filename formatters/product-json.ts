/**
 * A product as template JSON gives it (an item with structuredContent):
 * its display type, its variants and its status, read here once for the
 * commerce formatters and predicates; the status rules themselves are
 * domain/product-status.ts.
 *
 * Product types (spec section 3): display helpers know 1 to 4; paywall (5)
 * and anything unreadable count as "no display type". -1 is the explicit
 * "undefined" type some stores send, which product-price shows as nothing.
 */
import { isProductOnSale, isProductSoldOut, type VariantStatus } from '../domain/product-status.ts';
import { isVariantPricedType } from '../domain/product-types.ts';
import { PRODUCT_TYPES } from '../domain/spec-enums.ts';
import { readNumber } from '../engine/read-number.ts';
import { arrayOf, childOf, isTruthy, jsonEqual, pathOf } from './json-values.ts';

/** The spec's product types, plus -1: the explicit "undefined" type some stores send. */
export const PRODUCT_TYPE = {
  UNDEFINED: -1,
  PHYSICAL: PRODUCT_TYPES.physical,
  DIGITAL: PRODUCT_TYPES.digital,
  SERVICE: PRODUCT_TYPES.service,
  GIFT_CARD: PRODUCT_TYPES['gift-card'],
  PAYWALL: PRODUCT_TYPES.paywall,
} as const;

export type DisplayProductType = -1 | 1 | 2 | 3 | 4;

const DISPLAY_TYPES: ReadonlySet<number> = new Set([-1, 1, 2, 3, 4]);

/** displayProductType({structuredContent: {productType: '2'}}) → 2; paywall, 0, 'abc' → undefined. */
export function displayProductType(item: unknown): DisplayProductType | undefined {
  const raw = pathOf(item, 'structuredContent', 'productType');
  if (typeof raw !== 'number' && typeof raw !== 'string' && typeof raw !== 'boolean') return undefined;
  if (typeof raw === 'string' && raw.trim() === '') return undefined;
  const n = Number(raw);
  return DISPLAY_TYPES.has(n) ? (n as DisplayProductType) : undefined;
}

export function variantsOf(item: unknown): readonly unknown[] {
  return arrayOf(childOf(item, 'structuredContent'), 'variants');
}

/** More than one variant to choose from; digital products never offer a choice. */
export function hasVariants(item: unknown): boolean {
  return displayProductType(item) !== PRODUCT_TYPE.DIGITAL && variantsOf(item).length > 1;
}

export const isOnSaleNode = (node: unknown): boolean => isTruthy(childOf(node, 'onSale'));

/** A variant's status fields; unreadable stock text stays NaN. */
export function variantStatusOf(variant: unknown): VariantStatus {
  return {
    onSale: isOnSaleNode(variant),
    unlimited: isTruthy(childOf(variant, 'unlimited')),
    qtyInStock: readNumber(childOf(variant, 'qtyInStock'), 'leading-decimal'),
  };
}

export function isOnSale(item: unknown): boolean {
  return isProductOnSale(
    displayProductType(item),
    isOnSaleNode(childOf(item, 'structuredContent')),
    variantsOf(item).map(variantStatusOf),
  );
}

export function isSoldOut(item: unknown): boolean {
  return isProductSoldOut(displayProductType(item), variantsOf(item).map(variantStatusOf));
}

// What a shopper could see differ between two variants: the price, the sale flag, and the sale price while on sale.
// null and missing are the same "not set".
function priceSignature(variant: unknown): readonly unknown[] {
  const field = (key: string) => childOf(variant, key) ?? undefined;
  const signature = [field('price'), field('onSale')];
  if (isOnSaleNode(variant)) signature.push(field('salePrice'));
  return signature;
}

/** True when a variant-priced product's variants do not all show the same price. */
export function hasVariedPrices(item: unknown): boolean {
  if (!isVariantPricedType(displayProductType(item))) return false;
  const [first, ...rest] = variantsOf(item).map(priceSignature);
  return first !== undefined && rest.some((s) => !jsonEqual(s, first));
}
