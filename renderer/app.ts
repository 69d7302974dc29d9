/**
 * The Fastify app that serves websites: pages, their static files, with
 * security headers, compression and request-id logging.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyServerFactory, type FastifyServerOptions } from 'fastify';
import helmet from 'helmet';
import type { Kysely } from 'kysely';
import { bundleAdmin } from '../admin/bundle-admin.ts';
import { type CaptchaConfig, captchaConfigFromEnv } from '../api/captcha/index.ts';
import type { ContentClock } from '../api/db/content-clock.ts';
import type { Database } from '../api/db/schema.ts';
import { BODY_LIMITS } from '../api/http/body-limits.ts';
import { apiRoutes } from '../api/http/index.ts';
import { inputGuard } from '../api/http/input-guard.ts';
import { type Limit, type LimitName, RateLimiter } from '../api/http/rate-limits.ts';
import { MediaStore } from '../api/media/media-store.ts';
import type { PaymentProvider } from '../api/payments/payment-provider.ts';
import { paymentProviderFromEnv } from '../api/payments/payments-config.ts';
import { MemoryStore } from '../api/state/memory-store.ts';
import type { SharedStore } from '../api/state/shared-store.ts';
import { bundleIslands } from '../hydrate/bundle-islands.ts';
import { adminRoutes } from './admin-routes.ts';
import { assetRoutes } from './asset-routes.ts';
import { answerClientError } from './client-errors.ts';
import { commerceEmailPreviewRoutes } from './commerce-email-preview-routes.ts';
import { htmlErrors } from './html-errors.ts';
import { islandsRoute, islandsUrl } from './islands-route.ts';
import { PageCache } from './page-cache.ts';
import { pageRoutes } from './page-routes.ts';
import { productFeedRoutes } from './product-feed-routes.ts';
import { sitePreviewer } from './site-previewer.ts';
import { TemplatePackages } from './template-packages.ts';

export interface AppOptions {
  db: Kysely<Database>;
  /** Signs crumbs (api/http/crumb.ts); renderer/server-secret.ts finds it. */
  secret: string;
  templateDir: string | undefined;
  templatesRoot: string;
  development: boolean;
  logger?: FastifyServerOptions['logger'];
  /** Content versions without a query (DatabaseHandle.contentClock); without one each page asks the database. */
  contentClock?: ContentClock;
  now?: () => number;
  /** Rate-limit counters and form outcomes; the app closes it. One process alone may leave it to the app (memory). */
  store?: SharedStore;
  /** Tighter or looser limits than DEFAULT_LIMITS (tests of the limits themselves). */
  limits?: Partial<Record<LimitName, Limit>>;
  /** Fastify's trustProxy: which proxies' X-Forwarded-For and -Proto to believe (TRUST_PROXY). */
  trustProxy?: boolean | string;
  timeouts?: Partial<HttpTimeouts>;
  /** How long one page's templates may run (RENDER_TIME_LIMIT_MS). */
  renderTimeLimitMs?: number;
  /** Where and with which secret captcha tokens are checked; CAPTCHA_SECRET and CAPTCHA_VERIFY_URL by default. */
  captcha?: CaptchaConfig;
  /**
   * Where uploaded pictures and files are kept (DATA_DIR/media for a server).
   * Without one (tests, benchmarks) uploads go to a folder of their own that
   * is removed when the app closes.
   */
  mediaDir?: string;
  /** Charges checkout's orders; PAYMENTS_PROVIDER and its settings by default (api/payments/payments-config.ts). */
  payments?: PaymentProvider;
}

/** Far above any real page (tens of milliseconds); what a hostile template gets before its page is cut off. */
export const RENDER_TIME_LIMIT_MS = 2_000;

export interface HttpTimeouts {
  /** The request's headers must all arrive within this: a client sending them a byte at a time is cut off. */
  headersMs: number;
  /** The whole request, body included. */
  requestMs: number;
  /** An idle kept-alive connection. */
  keepAliveMs: number;
  /** How often Node looks for connections past the first two. */
  checkIntervalMs: number;
}

export const HTTP_TIMEOUTS: HttpTimeouts = {
  headersMs: 10_000,
  requestMs: 30_000,
  keepAliveMs: 5_000,
  checkIntervalMs: 1_000,
};

const HSTS = 'max-age=31536000; includeSubDomains';

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const timeouts = { ...HTTP_TIMEOUTS, ...options.timeouts };
  const serverFactory: FastifyServerFactory = (handler) =>
    createServer(
      {
        headersTimeout: timeouts.headersMs,
        requestTimeout: timeouts.requestMs,
        keepAliveTimeout: timeouts.keepAliveMs,
        connectionsCheckingInterval: timeouts.checkIntervalMs,
      },
      handler,
    );
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: options.trustProxy ?? false,
    serverFactory,
    clientErrorHandler: answerClientError,
    genReqId: () => randomUUID(),
    // Long slugs are still pages; the default of 100 would answer them 404.
    routerOptions: { maxParamLength: 500 },
    bodyLimit: BODY_LIMITS.form,
  });
  const packages = new TemplatePackages({
    templateDir: options.templateDir,
    templatesRoot: options.templatesRoot,
    development: options.development,
    log: { warn: (m) => app.log.warn(m), info: (m) => app.log.info(m) },
  });
  app.addHook('onClose', () => packages.close());
  const store = options.store ?? new MemoryStore();
  app.addHook('onClose', () => store.close());
  const limiter = new RateLimiter(store, options.limits, (error) =>
    app.log.warn({ err: error }, 'rate limits not counted: the shared store did not answer'),
  );

  const captcha = options.captcha ?? captchaConfigFromEnv();
  const payments = options.payments ?? paymentProviderFromEnv(options.db, process.env, options.secret);
  // The captcha widget of sites that have one (hydrate/captcha/captcha-widget.ts) is the provider's script and frames.
  const widget = captcha.pageSources;
  // The same headers on every answer: helmet's middleware is run once, here, and what it set is added to each reply
  // in one call (running its twelve middlewares for each request cost about 5% of a page's CPU).
  const securityHeaders = headersSetBy(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          imgSrc: ["'self'", 'data:', ...widget],
          // The web fonts are served by the site itself (renderer/web-fonts.ts); helmet's default also allows any https: origin.
          fontSrc: ["'self'"],
          // Templates set CSS custom properties in style attributes (gallery options).
          styleSrc: ["'self'", "'unsafe-inline'", ...widget],
          scriptSrc: ["'self'", ...widget],
          frameSrc: ["'self'", ...widget],
          connectSrc: ["'self'", ...widget],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'self'"],
          // Sites are served over plain HTTP on a developer's machine.
          upgradeInsecureRequests: null,
        },
      },
      // Pictures of one site may be shown by another (a shop embedding its products).
      crossOriginResourcePolicy: { policy: 'cross-origin' },
      // Only a response that came over HTTPS may tell the browser to keep to HTTPS (below).
      strictTransportSecurity: false,
    }),
  );
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(securityHeaders);
    done();
  });
  const clock = options.contentClock;
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    // A write's own notice is counted before its answer leaves (api/db/content-clock.ts).
    if (clock && request.method !== 'GET' && request.method !== 'HEAD') await clock.caughtUp();
    return payload;
  });
  // A page is rendered whole before it is sent, so it is compressed in one call rather than through a
  // stream per answer, which the plugin does by default above 8 KB on two cores. The stream's objects made
  // the heap grow under load and V8 kept the pages it freed: 385 MB resident after bench:http's 10,000
  // requests against 263–313 MB without the stream, and a rendered product page takes a fifth less CPU
  // (gzip a third).
  await app.register(compress, { encodings: ['br', 'gzip'], threshold: 1024, syncThreshold: 1024 * 1024 });
  await app.register(htmlErrors);
  await app.register(inputGuard);
  await app.register(fastifyStatic, { root: options.templatesRoot, serve: false });
  const media = new MediaStore(options.mediaDir ?? temporaryMediaDir(app));
  const islands = await bundleIslands();
  const now = options.now ?? Date.now;
  const renderTimeLimitMs = options.renderTimeLimitMs ?? RENDER_TIME_LIMIT_MS;
  const previewer = sitePreviewer({ packages, islandsUrl: islandsUrl(islands), now, renderTimeLimitMs });
  await app.register(apiRoutes, {
    db: options.db,
    secret: options.secret,
    limiter,
    captcha,
    media,
    payments,
    previewer,
    now,
  });
  await app.register(islandsRoute, { bundle: islands });
  await app.register(adminRoutes, { bundle: bundleAdmin });
  await app.register(assetRoutes, { db: options.db, packages, media });
  await app.register(productFeedRoutes, { db: options.db, contentClock: options.contentClock });
  await app.register(commerceEmailPreviewRoutes, { db: options.db, secret: options.secret, now });
  await app.register(pageRoutes, {
    db: options.db,
    packages,
    development: options.development,
    now,
    cache: options.development ? undefined : new PageCache(),
    islandsUrl: islandsUrl(islands),
    contentClock: options.contentClock,
    limiter,
    store,
    renderTimeLimitMs,
    captcha,
    secret: options.secret,
    payments,
    media,
  });
  return app;
}

function temporaryMediaDir(app: FastifyInstance): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'sitebuilder-media-'));
  app.addHook('onClose', async () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** The headers a request-independent middleware (helmet's) sets on a response, read off one run of it. */
function headersSetBy(
  middleware: (request: IncomingMessage, response: ServerResponse, next: (error?: unknown) => void) => void,
): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  middleware({ headers: {} } as IncomingMessage, response as unknown as ServerResponse, (error) => {
    if (error) throw error;
  });
  return headers;
}
