/** Every owner route (the admin app's calls), each declared with its permission through owner-route.ts. */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../repositories/transaction.ts';
import { analyticsDashboardRoutes } from './analytics-dashboard-routes.ts';
import { apiKeyRoutes } from './api-key-routes.ts';
import { billingRoutes } from './billing-routes.ts';
import { commercePreferencesRoutes } from './commerce-preferences-routes.ts';
import { contentRoutes } from './content-routes.ts';
import { contributorRoutes } from './contributor-routes.ts';
import { ownerCheckoutRulesRoutes } from './owner-checkout-rules-routes.ts';
import { ownerSessionRoutes } from './owner-session-routes.ts';
import { ownerSettingsRoutes } from './owner-settings-routes.ts';
import type { RateLimiter } from './rate-limits.ts';
import type { SitePreviewer } from './site-previewer.ts';
import { storeCreationRoutes } from './store-creation-routes.ts';

export async function ownerRoutes(
  app: FastifyInstance,
  options: { db: Db; limiter: RateLimiter; previewer?: SitePreviewer },
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
  await app.register(contentRoutes, { db: options.db, previewer: options.previewer });
}
