/**
 * The per-product merchandising context (spec section 3): scarcity messages
 * for variants running low and restock sign-up forms for sold-out ones,
 * read by the product-scarcity and product-restock-notification formatters.
 */
import type { Product, ProductVariant, StoreSettings } from '../../api/db/schema.ts';
import { isVariantSoldOut } from '../../domain/product-status.ts';
import { isStockedType } from '../../domain/product-types.ts';

const DEFAULT_SCARCITY_THRESHOLD = 5;

const RESTOCK_MESSAGES = {
  CTAText: 'Get notified by email when this product is back in stock',
  placeholderText: 'Your Email',
  buttonText: 'Sign Up',
  mailingListDescription: 'Subscribe to our mailing list',
};

export function merchandisingJson(
  product: Product,
  variants: readonly ProductVariant[],
  store: StoreSettings,
): Record<string, unknown> {
  // Only goods with stock can run out.
  const stocked = isStockedType(product.productType);
  const threshold = store.scarcityThreshold ?? DEFAULT_SCARCITY_THRESHOLD;
  const limited = stocked ? variants.filter((v) => !v.unlimited) : [];
  const soldOut = limited.filter(isVariantSoldOut);
  const low = limited.filter((v) => v.qtyInStock > 0 && v.qtyInStock <= threshold);
  // With variants to choose from, a sign-up form shows once its variant is chosen: one widget, the chosen variant's.
  const choosing = variants.length > 1;
  return {
    scarcityEnabled: Boolean(store.scarcityEnabled) && low.length > 0,
    scarcityText: store.scarcityText ?? 'Only {qtyInStock} left in stock',
    scarcityShownByDefault: variants.length === 1,
    scarcityTemplateViews: low.map((v) => ({ attributes: v.attributes, qtyInStock: v.qtyInStock })),
    customSoldOutText: store.customSoldOutText,
    restockNotificationViews: soldOut.map((v) => ({ variantId: v.id, hiddenByDefault: choosing })),
    restockNotificationMessages: RESTOCK_MESSAGES,
    mailingListSignUpEnabled: Boolean(store.mailingListSignUpEnabled),
    mailingListOptInByDefault: Boolean(store.mailingListOptInByDefault),
  };
}
