/**
 * Every API call of spec section 7 that exists so far, as one plugin for the
 * site app. The crumb cookie hook is app-wide (pages set the cookie); the
 * rest lives in its own encapsulated scope so its error handler, body
 * parsers and rate limit never touch page routes.
 */
import fastifyCookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ZodError } from 'zod';
import { EventWriter } from '../analytics/event-writer.ts';
import { ApiError } from '../api-errors.ts';
import type { CaptchaConfig } from '../captcha/index.ts';
import { CART_COOKIE } from '../cookie-names.ts';
import { isId } from '../db/ids.ts';
import type { MediaStore } from '../media/media-store.ts';
import type { PaymentProvider } from '../payments/payment-provider.ts';
import type { Db } from '../repositories/transaction.ts';
import { analyticsRoutes } from './analytics-routes.ts';
import { BODY_LIMITS } from './body-limits.ts';
import { cartCheckoutRoutes } from './cart-checkout-routes.ts';
import { cartRoutes } from './cart-routes.ts';
import { CRUMB_COOKIE, crumbCookie, crumbCookieOptions, verifyCrumb } from './crumb.ts';
import { formRoutes } from './form-routes.ts';
import { giftCardCartRoutes } from './gift-card-cart-routes.ts';
import { inventoryRoutes } from './inventory-routes.ts';
import { likeRoutes } from './like-routes.ts';
import { openApiRoute } from './openapi-route.ts';
import { authorizeOwner } from './owner-auth.ts';
import { ownerRoutes } from './owner-routes.ts';
import { panelEventRoutes } from './panel-event-routes.ts';
import { paymentWebhookRoutes } from './payment-webhook-routes.ts';
import type { RateLimiter } from './rate-limits.ts';
import { restockRoutes } from './restock-routes.ts';
import { reviewRoutes } from './review-routes.ts';
import type { SitePreviewer } from './site-previewer.ts';
import { siteUserAccountRoutes } from './site-user-account-routes.ts';
import { siteUserLinkRoutes } from './site-user-link-routes.ts';
import { verifySiteUserXsrf } from './site-user-session.ts';
import { siteUserSessionRoutes } from './site-user-session-routes.ts';

export interface ApiRoutesOptions {
  db: Db;
  /** Signs crumbs. */
  secret: string;
  limiter: RateLimiter;
  /** Checks captcha tokens for websites with a site key (api/captcha). */
  captcha: CaptchaConfig;
  /** Days of visitor events kept (api/analytics); default 400, a year and its comparison month. */
  analyticsRetentionDays?: number;
  /** Where uploaded pictures and files are kept (DATA_DIR/media). */
  media: MediaStore;
  /** The payment provider whose webhooks POST /api/payments/webhook reads. */
  payments: PaymentProvider;
  /** The renderer's side of the content editors' preview and style panel (renderer/site-previewer.ts). */
  previewer?: SitePreviewer;
  /** The clock download links end by; Date.now unless a test fixes it. */
  now?: () => number;
}

const WRITE_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const apiRoutes = fp(
  async (app: FastifyInstance, options: ApiRoutesOptions) => {
    await app.register(crumbCookie, { secret: options.secret });
    // The provider's webhooks: a raw body and a signature instead of a crumb, so a scope of their own.
    await app.register(paymentWebhookRoutes, { db: options.db, payments: options.payments });
    await app.register(apiScope, options);
  },
  { name: 'api-routes' },
);

async function apiScope(app: FastifyInstance, options: ApiRoutesOptions): Promise<void> {
  await app.register(fastifyCookie);
  await app.register(formbody, { bodyLimit: BODY_LIMITS.api });
  // Fastify's own parser answers an empty JSON body with an error; a DELETE from fetch often sends one.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: BODY_LIMITS.api },
    (_request, body, done) => {
      const text = String(body);
      if (text.trim() === '') return done(null, undefined);
      try {
        done(null, JSON.parse(text));
      } catch {
        done(new ApiError('invalid-json'), undefined);
      }
    },
  );

  // Counted before the body is read: a flood of bad requests counts as much as good ones.
  app.addHook('onRequest', async (request) => {
    if (!WRITE_METHODS.has(request.method) || request.routeOptions.config.beacon) return;
    await options.limiter.byAddress('api-write', request);
    const cart = request.cookies[CART_COOKIE];
    if (cart && isId(cart)) await options.limiter.check('cart-write', cart);
  });
  app.decorateRequest('owner', null);
  // An owner route checks its caller its own way (owner-auth.ts): a contributor's
  // session, with the crumb and the owner XSRF token on writes, or an API key.
  app.addHook('preHandler', async (request) => {
    const ownerPermission = request.routeOptions.config.ownerPermission;
    if (ownerPermission !== undefined) request.owner = await authorizeOwner(options.db, request, ownerPermission);
    else if (WRITE_METHODS.has(request.method) && !request.routeOptions.config.beacon) {
      verifyCrumb(request);
      await verifySiteUserXsrf(options.db, request);
    }
  });

  app.setErrorHandler((error: FastifyError | ApiError | ZodError, request, reply) => {
    const apiError = toApiError(error);
    if (apiError.statusCode >= 500) request.log.error({ err: error }, 'api call failed');
    if (apiError.retryAfterSeconds !== undefined) reply.header('retry-after', String(apiError.retryAfterSeconds));
    // The client retries a sign-out once on crumbFail (spec section 4): with no good crumb cookie, it gets one to retry with.
    if (apiError.isCrumbFailure && request.routeOptions.config.retriedOnCrumbFail && !request.sentCrumb) {
      reply.setCookie(CRUMB_COOKIE, request.crumb, crumbCookieOptions(request));
    }
    return reply.code(apiError.statusCode).header('cache-control', 'no-store').send(apiError.toBody());
  });

  await app.register(cartRoutes, { db: options.db, limiter: options.limiter });
  await app.register(inventoryRoutes, { db: options.db });
  await app.register(ownerRoutes, {
    secret: options.secret,
    db: options.db,
    limiter: options.limiter,
    media: options.media,
    payments: options.payments,
    previewer: options.previewer,
    now: options.now ?? Date.now,
  });
  await app.register(openApiRoute);
  await app.register(cartCheckoutRoutes, { db: options.db });
  await app.register(giftCardCartRoutes, { db: options.db, limiter: options.limiter });
  await app.register(likeRoutes, { db: options.db });
  await app.register(reviewRoutes, { db: options.db, limiter: options.limiter });
  await app.register(formRoutes, {
    db: options.db,
    limiter: options.limiter,
    captcha: options.captcha,
    secret: options.secret,
  });
  await app.register(restockRoutes, {
    db: options.db,
    limiter: options.limiter,
    captcha: options.captcha,
    secret: options.secret,
  });
  await app.register(siteUserSessionRoutes, { db: options.db, limiter: options.limiter });
  await app.register(siteUserAccountRoutes, { db: options.db, limiter: options.limiter });
  await app.register(siteUserLinkRoutes, { db: options.db, limiter: options.limiter });
  const writer = new EventWriter(options.db, {
    retentionDays: options.analyticsRetentionDays ?? 400,
    warn: (message, error) => app.log.warn({ err: error }, message),
  });
  app.addHook('onClose', () => writer.flush());
  await app.register(analyticsRoutes, { db: options.db, limiter: options.limiter, writer });
  await app.register(panelEventRoutes, { writer });
  // Any other path under /api, with any method, answers in the API's shape rather than as a page.
  app.all('/api/*', async () => {
    throw new ApiError('route-not-found');
  });
}

function toApiError(error: FastifyError | ApiError | ZodError): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof ZodError) return new ApiError('invalid-body');
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError('body-too-large');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new ApiError('unsupported-media-type');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new ApiError('invalid-json');
  }
  const status = error.statusCode;
  if (status === 429) return new ApiError('rate-limited');
  if (status !== undefined && status >= 400 && status < 500) return new ApiError('bad-request');
  return new ApiError('internal');
}
