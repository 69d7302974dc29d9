/**
 * What each product type (spec section 3: physical 1, digital 2, service 3,
 * gift card 4, paywall 5) implies for the store: which have stock, which are
 * priced by their variants, which ship. The cart service, the cart's
 * database reads, the page data and the commerce formatters all ask here.
 */
import { PRODUCT_TYPES } from './spec-enums.ts';

/** Physical and service products have stock (and can be subscribed to); the others never run out. */
export function isStockedType(type: number | undefined): boolean {
  return type === PRODUCT_TYPES.physical || type === PRODUCT_TYPES.service;
}

/** Stocked products and gift cards take their price from a variant; digital products and memberships from the product. */
export function isVariantPricedType(type: number | undefined): boolean {
  return isStockedType(type) || type === PRODUCT_TYPES['gift-card'];
}

/** Digital products, gift cards and memberships are delivered without shipping or an appointment. */
export function isDeliveredOnline(type: number | undefined): boolean {
  return type === PRODUCT_TYPES.digital || type === PRODUCT_TYPES['gift-card'] || type === PRODUCT_TYPES.paywall;
}
