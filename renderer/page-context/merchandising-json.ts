/**
 * The per-product merchandising context (spec section 3): scarcity messages
 * for variants running low and restock sign-up forms for sold-out ones,
 * read by the product-scarcity and product-restock-notification formatters.
 */
import type { Product, ProductVariant, StoreSettings } from '../../api/db/schema.ts';
import { isVariantSoldOut } from '../../domain/product-status.ts';
import { isStockedType } from '../../domain/product-types.ts';
import { DEFAULT_SCARCITY_THRESHOLD } from '../../shared/inventory-panel.ts';

/**
 * Where the product is shown: its own page, where the variant picker shows
 * the chosen variant's message, or a card in a list or summary block, which
 * has no picker and so one message for the product's whole stock. Each has
 * its own switch in the inventory panel's settings.
 */
export type MerchandisingPlace = 'page' | 'blocks';

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
  place: MerchandisingPlace,
): Record<string, unknown> {
  // Only goods with stock can run out.
  const stocked = isStockedType(product.productType);
  const threshold = store.scarcityThreshold ?? DEFAULT_SCARCITY_THRESHOLD;
  const limited = stocked ? variants.filter((v) => !v.unlimited) : [];
  const soldOut = limited.filter(isVariantSoldOut);
  const low = limited.filter((v) => v.qtyInStock > 0 && v.qtyInStock <= threshold);
  // A card counts the product's stock as a whole; any unlimited variant means it never runs low.
  const total = limited.reduce((sum, v) => sum + v.qtyInStock, 0);
  const cardLow = stocked && limited.length === variants.length && total > 0 && total <= threshold;
  const scarcity =
    place === 'page'
      ? {
          enabled: Boolean(store.scarcityEnabled),
          views: low.map((v) => ({ attributes: v.attributes, qtyInStock: v.qtyInStock })),
        }
      : {
          enabled: Boolean(store.scarcityBlocksEnabled),
          views: cardLow ? [{ attributes: null, qtyInStock: total }] : [],
        };
  // With variants to choose from, a sign-up form shows once its variant is chosen: one widget, the chosen variant's.
  const choosing = variants.length > 1;
  return {
    scarcityEnabled: scarcity.enabled && scarcity.views.length > 0,
    scarcityText: store.scarcityText ?? 'Only {qtyInStock} left in stock',
    scarcityShownByDefault: place === 'blocks' || variants.length === 1,
    scarcityTemplateViews: scarcity.views,
    customSoldOutText: store.customSoldOutText,
    restockNotificationViews: soldOut.map((v) => ({ variantId: v.id, hiddenByDefault: choosing })),
    restockNotificationMessages: RESTOCK_MESSAGES,
    mailingListSignUpEnabled: Boolean(store.mailingListSignUpEnabled),
    mailingListOptInByDefault: Boolean(store.mailingListOptInByDefault),
  };
}
