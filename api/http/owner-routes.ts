/** Every owner route (the admin app's calls), each declared with its permission through owner-route.ts. */
import type { FastifyInstance } from 'fastify';
import type { MediaStore } from '../media/media-store.ts';
import type { PaymentProvider } from '../payments/payment-provider.ts';
import type { Db } from '../repositories/transaction.ts';
import { analyticsDashboardRoutes } from './analytics-dashboard-routes.ts';
import { apiKeyRoutes } from './api-key-routes.ts';
import { billingRoutes } from './billing-routes.ts';
import { commerceApiRoutes } from './commerce-api-routes.ts';
import { commercePreferencesRoutes } from './commerce-preferences-routes.ts';
import { contentRoutes } from './content-routes.ts';
import { contributorRoutes } from './contributor-routes.ts';
import { mediaRoutes } from './media-routes.ts';
import { multilingualRoutes } from './multilingual-routes.ts';
import { ownerCheckoutRulesRoutes } from './owner-checkout-rules-routes.ts';
import { ownerDonationRoutes } from './owner-donation-routes.ts';
import { ownerDownloadRoutes } from './owner-download-routes.ts';
import { ownerFormRoutes } from './owner-form-routes.ts';
import { ownerInventoryRoutes } from './owner-inventory-routes.ts';
import { ownerOrderRoutes } from './owner-order-routes.ts';
import { ownerProductFeedRoutes } from './owner-product-feed-routes.ts';
import { ownerProductRoutes } from './owner-product-routes.ts';
import { ownerSessionRoutes } from './owner-session-routes.ts';
import { ownerSettingsRoutes } from './owner-settings-routes.ts';
import type { RateLimiter } from './rate-limits.ts';
import type { SitePreviewer } from './site-previewer.ts';
import { storeCreationRoutes } from './store-creation-routes.ts';

export async function ownerRoutes(
  app: FastifyInstance,
  options: {
    db: Db;
    limiter: RateLimiter;
    media: MediaStore;
    payments: PaymentProvider;
    previewer?: SitePreviewer;
    /** Signs the unsubscribe links of newsletters (renderer/server-secret.ts). */
    secret: string;
    now: () => number;
  },
): Promise<void> {
  await app.register(ownerSessionRoutes, options);
  await app.register(ownerSettingsRoutes, { db: options.db });
  await app.register(commercePreferencesRoutes, { db: options.db });
  await app.register(contributorRoutes, options);
  await app.register(apiKeyRoutes, { db: options.db });
  await app.register(billingRoutes, { db: options.db });
  await app.register(storeCreationRoutes, { db: options.db });
  await app.register(ownerCheckoutRulesRoutes, { db: options.db });
  await app.register(analyticsDashboardRoutes, { db: options.db });
  await app.register(ownerProductRoutes, { db: options.db });
  await app.register(ownerInventoryRoutes, { db: options.db });
  await app.register(mediaRoutes, { db: options.db, media: options.media });
  await app.register(multilingualRoutes, { db: options.db });
  await app.register(commerceApiRoutes, { db: options.db });
  await app.register(ownerFormRoutes, { db: options.db });
  await app.register(ownerProductFeedRoutes, { db: options.db });
  await app.register(ownerOrderRoutes, { db: options.db, payments: options.payments });
  await app.register(ownerDonationRoutes, { db: options.db, secret: options.secret });
  await app.register(ownerDownloadRoutes, { db: options.db, now: options.now });
  await app.register(contentRoutes, { db: options.db, previewer: options.previewer });
}
