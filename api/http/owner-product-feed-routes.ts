/**
 * The product feed panel's calls: the feed's public addresses at the host
 * the owner called (one of the website's) with the number of entries, and
 * the ads pixel id kept in the site settings.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { adsPixelSchema, PRODUCT_FEED_PATHS } from '../../shared/product-feed.ts';
import { listFeedVariants } from '../repositories/product-feed-repository.ts';
import type { Db } from '../repositories/transaction.ts';
import { requireOwner } from './owner-auth.ts';
import { parseOwnerInput } from './owner-input.ts';
import { ownerRoute } from './owner-route.ts';

export const OWNER_PRODUCT_FEED_PATH = '/api/owner/product-feed';

async function feedJson(db: Db, request: FastifyRequest, pixelId: string | null) {
  const websiteId = requireOwner(request).site.website.id;
  const origin = `${request.protocol}://${request.host}`;
  return {
    xmlUrl: new URL(PRODUCT_FEED_PATHS.xml, origin).href,
    csvUrl: new URL(PRODUCT_FEED_PATHS.csv, origin).href,
    entryCount: (await listFeedVariants(db, websiteId)).length,
    pixelId: pixelId ?? '',
  };
}

export async function ownerProductFeedRoutes(app: FastifyInstance, options: { db: Db }): Promise<void> {
  const { db } = options;

  ownerRoute(app, {
    method: 'GET',
    url: OWNER_PRODUCT_FEED_PATH,
    permission: 'product-feed:read',
    handler: async (request) => feedJson(db, request, requireOwner(request).site.settings.adsPixelId),
  });

  ownerRoute(app, {
    method: 'PUT',
    url: OWNER_PRODUCT_FEED_PATH,
    permission: 'product-feed:write',
    handler: async (request) => {
      const { pixelId } = parseOwnerInput(adsPixelSchema, request.body);
      const websiteId = requireOwner(request).site.website.id;
      const saved = await db
        .updateTable('websiteSettings')
        .set({ adsPixelId: pixelId === '' ? null : pixelId })
        .where('websiteId', '=', websiteId)
        .returning('adsPixelId')
        .executeTakeFirstOrThrow();
      return feedJson(db, request, saved.adsPixelId);
    },
  });
}
