/** The quantity input's limits and when a product shows it (spec section 5). */
import { isStockedType } from '../../domain/product-types.ts';
import { asFlag, childOf } from '../json-values.ts';
import { displayProductType, PRODUCT_TYPE } from '../product-json.ts';
import { totalStockRemaining } from './stock.ts';
import { isSubscribable } from './subscription.ts';

/**
 * Spec: services allow more than one unit unless the store's
 * storeSettings.multipleQuantityAllowedForServices says otherwise; an unset
 * value allows.
 */
export function isMultipleQuantityAllowedForServices(websiteSettings: unknown): boolean {
  const allowed = childOf(childOf(websiteSettings, 'storeSettings'), 'multipleQuantityAllowedForServices');
  return allowed === undefined || allowed === null ? true : asFlag(allowed);
}

/**
 * Spec: hidden when total stock is 1 or less, when the type is not physical or
 * service, when the product is subscribable, or when a service may not be
 * bought more than once.
 */
export function showsQuantityInput(item: unknown, websiteSettings: unknown): boolean {
  const type = displayProductType(item);
  if (!isStockedType(type) || isSubscribable(item)) return false;
  if (type === PRODUCT_TYPE.SERVICE && !isMultipleQuantityAllowedForServices(websiteSettings)) return false;
  // Written as "not 1 or less": unreadable (NaN) stock does not hide the input.
  return !(totalStockRemaining(item) <= 1);
}
