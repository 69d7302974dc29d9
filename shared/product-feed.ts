/**
 * The dynamic-ads product feed's public paths (renderer/product-feed-routes.ts)
 * and the pixel id the product feed panel saves, checked with the same
 * schema by the owner route and the panel.
 */
import { type infer as Infer, object, string } from 'zod';

export const PRODUCT_FEED_PATHS = { xml: '/product-feed.xml', csv: '/product-feed.csv' } as const;
export type ProductFeedFormat = keyof typeof PRODUCT_FEED_PATHS;

export const PRODUCT_FEED_MESSAGES = {
  pixelIdInvalid: 'Pixel ids are letters, digits and - only (at most 64), such as 1234567890123456.',
} as const;

export const adsPixelSchema = object({
  /** Empty for none. */
  pixelId: string()
    .trim()
    .regex(/^[A-Za-z0-9-]{0,64}$/, PRODUCT_FEED_MESSAGES.pixelIdInvalid),
});
export type AdsPixelInput = Infer<typeof adsPixelSchema>;
