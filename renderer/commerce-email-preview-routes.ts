/**
 * GET /commerce/email-preview (page type 301): the signed-in owner's
 * preview of every commerce email (api/services/commerce-email-previews.ts),
 * with the sample order or ?order=N, one of the store's own; ?format=json
 * gives the same as data. Only a contributor whose role may read orders
 * (or an API key with orders:read) sees it; anyone else is refused, as any
 * owner call refuses them (401 signed out, 403 without the permission).
 */
import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../api/api-errors.ts';
import { authorizeOwner } from '../api/http/owner-auth.ts';
import { getOrderByNumber } from '../api/repositories/order-repository.ts';
import type { Db } from '../api/repositories/transaction.ts';
import { findWebsiteByHost } from '../api/repositories/website-repository.ts';
import { renderCommerceEmails, sampleOrder } from '../api/services/commerce-email-previews.ts';
import { orderNotificationAddress } from '../api/services/order-receipts.ts';
import { EMAIL_PREVIEW_PATH, emailPreviewPageHtml, emailPreviewRefusedHtml } from './commerce-email-preview-page.ts';
import { PAGE_TYPES } from './page-context/page-types.ts';

export interface EmailPreviewRoutesOptions {
  db: Db;
  /** Signs the reviews request's link in its preview, as the job does. */
  secret: string;
  now: () => number;
}

const ORDER_NUMBER = /^[1-9][0-9]{0,8}$/;

export async function commerceEmailPreviewRoutes(app: FastifyInstance, options: EmailPreviewRoutesOptions) {
  const { db } = options;
  // The owner's session cookie, read as the owner calls read it (their own scope registers the parser too).
  await app.register(fastifyCookie);

  const send = (reply: FastifyReply, status: number, json: boolean, html: string, body: unknown) => {
    reply.code(status).header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
    if (json) return reply.type('application/json; charset=utf-8').send(JSON.stringify(body));
    return reply.type('text/html; charset=utf-8').send(html);
  };

  app.get(EMAIL_PREVIEW_PATH, async (request: FastifyRequest, reply) => {
    const query = request.query as Record<string, unknown>;
    const json = query.format === 'json';
    const site = await findWebsiteByHost(db, request.host);
    if (!site) return reply.callNotFound();
    try {
      await authorizeOwner(db, request, 'orders:read');
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return send(reply, error.statusCode, json, emailPreviewRefusedHtml(error.message), error.toBody());
    }
    const websiteId = site.website.id;
    const asked = typeof query.order === 'string' ? query.order.trim().replace(/^#/, '') : '';
    let alert: string | undefined;
    let order =
      asked === ''
        ? undefined
        : ORDER_NUMBER.test(asked)
          ? await getOrderByNumber(db, websiteId, Number(asked))
          : undefined;
    if (asked !== '' && !order) alert = `There is no order #${asked}: the emails below use the sample order.`;
    const sample = order === undefined;
    const now = new Date(options.now());
    order ??= sampleOrder(websiteId, site.settings.baseCurrency, now);
    const emails = renderCommerceEmails(order, {
      siteTitle: site.website.siteTitle,
      origin: `${request.protocol}://${request.host}`,
      timeZone: site.settings.timeZone,
      ownerEmail: (await orderNotificationAddress(db, websiteId)) ?? 'owner@example.com',
      secret: options.secret,
      now,
    });
    const orderNumber = sample ? null : order.orderNumber;
    return send(
      reply,
      alert ? 404 : 200,
      json,
      emailPreviewPageHtml({ siteTitle: site.website.siteTitle, orderNumber, emails, alert }),
      {
        pageType: PAGE_TYPES.commerceEmailPreview,
        orderNumber,
        alert,
        emails: emails.map(({ kind, title, sentWhen, message }) => ({
          kind,
          title,
          sentWhen,
          message: message ?? null,
        })),
      },
    );
  });
}
