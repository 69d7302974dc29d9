/**
 * The restock calls of spec section 7: a visitor's sign-up for a sold-out
 * variant, and the owner's lists and sends, owner routes open to the
 * roles and API keys with 'restock-notifications' (owner-auth.ts). The rules are in
 * services/restock-service.ts.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { type CaptchaConfig, captchaFor } from '../captcha/index.ts';
import { listSignUpGroups, listSignUps, MAX_RESTOCK_PAGE_SIZE } from '../repositories/restock-repository.ts';
import type { Db } from '../repositories/transaction.ts';
import { sendRestockNotices, signUpForRestock } from '../services/restock-service.ts';
import { type OwnerPermission, requireOwner } from './owner-auth.ts';
import { pagedByCursor } from './paged-by-cursor.ts';
import type { RateLimiter } from './rate-limits.ts';
import { requireSite } from './site.ts';
import { parseInput } from './validation.ts';

export interface RestockRoutesOptions {
  db: Db;
  limiter: RateLimiter;
  captcha: CaptchaConfig;
  /** Signs the unsubscribe link of the welcome mail a 'join mailing list' sign-up gets. */
  secret: string;
}

export const RESTOCK_PATH = '/api/site-users/account/notifications/restock';

const id = z.string().min(1).max(64);
const token = z.string().max(10_000).nullish();

// Spec section 3, restock sign-up request.
const signUpBody = z.object({
  productId: id,
  variantId: id,
  // Any text: a blank or malformed address gets the spec's own message, not a schema error.
  siteVisitorEmail: z.string().max(10_000).nullish(),
  isJoinMailingList: z.boolean().nullish(),
  captchaToken: token,
  recaptchaEnterpriseV3Token: token,
  // A language tag such as 'fr-CA'; stored with the sign-up for the notice.
  language: z
    .string()
    .regex(/^[A-Za-z]{2,8}(?:-[A-Za-z0-9]{1,8})*$/)
    .max(35)
    .nullish(),
});

const cursor = z.string().min(1).max(1000).optional();
// Not in the spec, which pages by cursor alone: lets a client (and the tests) ask for smaller pages.
const limit = z.coerce.number().int().min(1).max(MAX_RESTOCK_PAGE_SIZE).optional();
const groupsQuery = z.object({ cursor, limit });
const signUpsQuery = z.object({ productId: id, variantId: id, cursor, limit });
const sendRequest = z.object({ productId: id, variantId: id });
// The owner sends a page of groups at a time; a bound keeps one transaction short.
const sendAllBody = z.object({ sendRequests: z.array(sendRequest).min(1).max(MAX_RESTOCK_PAGE_SIZE) });

const OWNER: { ownerPermission: OwnerPermission } = { ownerPermission: 'restock-notifications' };

export async function restockRoutes(app: FastifyInstance, options: RestockRoutesOptions): Promise<void> {
  const { db, limiter } = options;

  app.post(RESTOCK_PATH, async (request, reply) => {
    await limiter.byAddress('restock-signup', request);
    const body = parseInput(signUpBody, request.body);
    const site = await requireSite(db, request);
    const signedUp = await signUpForRestock(db, site.website.id, {
      productId: body.productId,
      variantId: body.variantId,
      email: body.siteVisitorEmail,
      joinMailingList: body.isJoinMailingList ?? false,
      language: body.language,
      mailingList: {
        websiteId: site.website.id,
        siteTitle: site.website.siteTitle,
        origin: `${request.protocol}://${request.host}`,
        secret: options.secret,
      },
      captcha: {
        verifier: captchaFor(site.settings, options.captcha, (reason) => request.log.warn(reason)),
        token: body.captchaToken ?? body.recaptchaEnterpriseV3Token,
        remoteIp: request.ip,
      },
    });
    reply.header('cache-control', 'no-store');
    return { id: signedUp.id };
  });

  app.get(`${RESTOCK_PATH}/groups`, { config: OWNER }, async (request, reply) => {
    const query = parseInput(groupsQuery, request.query);
    const { site } = requireOwner(request);
    reply.header('cache-control', 'no-store');
    return pagedByCursor(() => listSignUpGroups(db, site.website.id, query.cursor, { limit: query.limit }));
  });

  app.get(RESTOCK_PATH, { config: OWNER }, async (request, reply) => {
    const query = parseInput(signUpsQuery, request.query);
    const { site } = requireOwner(request);
    reply.header('cache-control', 'no-store');
    return pagedByCursor(() =>
      listSignUps(db, site.website.id, query.productId, query.variantId, query.cursor, { limit: query.limit }),
    );
  });

  const send = async (request: Parameters<typeof requireOwner>[0], requests: z.infer<typeof sendRequest>[]) => {
    const { site } = requireOwner(request);
    // The host the owner called is one of the website's (requireSite found it by that host).
    const origin = `${request.protocol}://${request.host}`;
    return sendRestockNotices(db, { websiteId: site.website.id, siteTitle: site.website.siteTitle, origin }, requests);
  };

  app.post(`${RESTOCK_PATH}/send`, { config: OWNER }, async (request) => {
    const body = parseInput(sendRequest, request.body);
    return send(request, [body]);
  });

  app.post(`${RESTOCK_PATH}/send/all`, { config: OWNER }, async (request) => {
    const body = parseInput(sendAllBody, request.body);
    return send(request, body.sendRequests);
  });
}
