/**
 * The orders panel's side of issue 24: an order's downloads (each file,
 * downloads counted and when its link ends) and the owner's reset, which
 * makes every file downloadable again for the product's days from now and
 * emails the buyer a new link; and the service sessions, each with its
 * seats and attendees.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ApiError } from '../api-errors.ts';
import { enqueueMail } from '../mail/index.ts';
import {
  type DownloadGrant,
  downloadState,
  ensureDownloadGrants,
  resetDownloads,
} from '../repositories/download-repository.ts';
import { findPaymentOfOrder } from '../repositories/order-payment-repository.ts';
import { getOrder } from '../repositories/order-repository.ts';
import { listServiceSessions } from '../repositories/service-session-repository.ts';
import { type Db, inTransaction } from '../repositories/transaction.ts';
import { orderDownloadsLink } from '../services/order-links.ts';
import { requireOwner } from './owner-auth.ts';
import { OWNER_ORDERS_PATH } from './owner-order-routes.ts';
import { ownerRoute } from './owner-route.ts';
import { parseInput } from './validation.ts';

export const SERVICE_SESSIONS_PATH = '/api/owner/service-sessions';
const orderParams = z.object({ orderId: z.string().min(1).max(64) });

function grantJson(grant: DownloadGrant, now: number) {
  return {
    fileId: grant.fileId,
    itemId: grant.itemId,
    filename: grant.filename,
    sizeBytes: grant.sizeBytes,
    downloadsUsed: grant.downloadsUsed,
    downloadLimit: grant.downloadLimit,
    expiresOn: grant.expiresOn.toISOString(),
    state: downloadState(grant, now),
  };
}

export async function ownerDownloadRoutes(app: FastifyInstance, options: { db: Db; now: () => number }): Promise<void> {
  const { db } = options;

  const requireOrder = async (websiteId: string, params: unknown) => {
    const { orderId } = parseInput(orderParams, params);
    const order = await getOrder(db, websiteId, orderId);
    if (!order) throw new ApiError('order-not-found');
    return order;
  };

  ownerRoute(app, {
    method: 'GET',
    url: `${OWNER_ORDERS_PATH}/:orderId/downloads`,
    permission: 'orders:read',
    handler: async (request) => {
      const websiteId = requireOwner(request).site.website.id;
      const order = await requireOrder(websiteId, request.params);
      const grants = await ensureDownloadGrants(db, websiteId, order);
      return { downloads: grants.map((grant) => grantJson(grant, options.now())) };
    },
  });

  ownerRoute(app, {
    method: 'POST',
    url: `${OWNER_ORDERS_PATH}/:orderId/downloads/reset`,
    permission: 'orders:write',
    handler: async (request) => {
      const owner = requireOwner(request);
      const websiteId = owner.site.website.id;
      const order = await requireOrder(websiteId, request.params);
      if (order.status === 'CANCELED') throw new ApiError('order-canceled');
      const origin =
        (await findPaymentOfOrder(db, websiteId, order.id))?.siteOrigin || `${request.protocol}://${request.host}`;
      const siteTitle = owner.site.website.siteTitle;
      const now = options.now();
      // The reset and the buyer's email with the new link: both or neither.
      const grants = await inTransaction(db, async (trx) => {
        const count = await resetDownloads(trx, websiteId, order, new Date(now));
        if (count === 0) throw new ApiError('order-has-no-downloads');
        if (order.customerEmail) {
          await enqueueMail(trx, websiteId, {
            kind: 'downloads-reset',
            to: order.customerEmail,
            subject: `Your downloads from ${siteTitle}, order #${order.orderNumber}`,
            text: [
              order.customerName ? `Hello ${order.customerName},` : 'Hello,',
              '',
              `${siteTitle} has renewed the downloads of your order #${order.orderNumber}. Download your files here:`,
              orderDownloadsLink(origin, order),
              '',
            ].join('\n'),
          });
        }
        return ensureDownloadGrants(trx, websiteId, order);
      });
      return { downloads: grants.map((grant) => grantJson(grant, now)), emailed: order.customerEmail !== null };
    },
  });

  ownerRoute(app, {
    method: 'GET',
    url: SERVICE_SESSIONS_PATH,
    permission: 'orders:read',
    handler: async (request) => {
      const websiteId = requireOwner(request).site.website.id;
      return { sessions: await listServiceSessions(db, websiteId) };
    },
  });
}
