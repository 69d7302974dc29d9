/**
 * Every page of every website: the Host header picks the website, the path
 * the page; `?format=json` (or json-pretty) answers with the page context.
 */

import path from 'node:path';
import { fastifyCookie } from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { ApiError } from '../api/api-errors.ts';
import type { CaptchaConfig } from '../api/captcha/index.ts';
import { CART_COOKIE, hasVisitorCookie } from '../api/cookie-names.ts';
import type { ContentClock } from '../api/db/content-clock.ts';
import type { Database } from '../api/db/schema.ts';
import { ownerCookieAllows } from '../api/http/owner-auth.ts';
import type { RateLimiter } from '../api/http/rate-limits.ts';
import type { MediaStore } from '../api/media/media-store.ts';
import type { PaymentProvider } from '../api/payments/payment-provider.ts';
import { TEST_PROVIDER_NAME } from '../api/payments/test-payment-provider.ts';
import { cartVersion, type ShoppingCart } from '../api/repositories/cart-repository.ts';
import { contentVersion } from '../api/repositories/content-version-repository.ts';
import { findWebsiteByHost, type WebsiteWithSettings } from '../api/repositories/website-repository.ts';
import { cartJson, type ShoppingCartJson } from '../api/services/cart-service.ts';
import { isReviewsRequestSigned } from '../api/services/reviews-request.ts';
import { checkSubscriptionLink } from '../api/services/subscription-links.ts';
import { isSubscriptionAction, MANAGE_NOTICES } from '../api/services/subscription-management.ts';
import { readUnsubscribeToken } from '../api/services/unsubscribe-links.ts';
import type { SharedStore } from '../api/state/shared-store.ts';
import { storableText } from '../api/visitor-input.ts';
import { loadCheckoutAttempt } from './checkout-attempts.ts';
import { checkoutRoutes } from './checkout-routes.ts';
import { fillCrumbSlot } from './crumb-slot.ts';
import { loadDonationAttempt } from './donation-attempts.ts';
import { donationRoutes } from './donation-routes.ts';
import { downloadRoutes } from './download-routes.ts';
import { escapeHtml } from './escape-html.ts';
import { fallbackPageFor } from './fallback-page.ts';
import { FORM_ATTEMPT_PARAM, type FormAttempt, loadFormAttempt } from './form-attempts.ts';
import { formPostRoutes } from './form-post-routes.ts';
import { isLocalizedRoute, splitLanguagePath } from './localization/language-path.ts';
import { type PageLocalization, pageLocalization } from './localization/page-localization.ts';
import { type CachedPage, keptPage, keptPageBody, type PageCache } from './page-cache.ts';
import { buildPage, type PageRequest } from './page-context/build-page.ts';
import { CartMemo } from './page-context/cart-memo.ts';
import type { CheckoutFormState } from './page-context/checkout-json.ts';
import type { DonationFormState } from './page-context/donation-json.ts';
import { loadOpenCart, loadPageData } from './page-context/page-data.ts';
import { PAGE_TYPES } from './page-context/page-types.ts';
import { SiteDataMemo } from './page-context/site-data-memo.ts';
import { preferredEncoding } from './page-encodings.ts';
import { type PageViewer, pageViewer } from './page-viewer.ts';
import { isRenderStop, renderPage } from './render-page.ts';
import { holdsPersonalDetails, isVisitorRoute, pathFilter, type Route, resolveRoute } from './routing/resolve-route.ts';
import { websiteTweakValues } from './site-stylesheet.ts';
import { SUBSCRIPTION_NOTICE_PARAM, subscriptionRoutes } from './subscription-routes.ts';
import { formatPackageError, TagPlanMemo } from './template-package/index.ts';
import type { TemplatePackages } from './template-packages.ts';
import { unsubscribeRoutes } from './unsubscribe-routes.ts';
import { visitorDataKey } from './visitor-data-key.ts';
import { VisitorPageShapes } from './visitor-page-shapes.ts';
import { type ReadShape, ReadTrace, visitorFingerprint } from './visitor-read-trace.ts';

export interface PageRoutesOptions {
  db: Kysely<Database>;
  packages: TemplatePackages;
  development: boolean;
  /** The clock pages are rendered at; tests and golden files fix it. */
  now: () => number;
  /** Absent in development, where templates change under the server. */
  cache: PageCache | undefined;
  /** The script tag's URL for the islands bundle. */
  islandsUrl: string;
  /** Content versions without a query; without it each request asks the database. */
  contentClock: ContentClock | undefined;
  limiter: RateLimiter;
  /** A page render still running after this long is stopped and the error page shown instead. */
  renderTimeLimitMs: number;
  /** Checkout forms that placed no order, and site forms posted without script, shown on the page after the redirect. */
  store: SharedStore;
  /** Checks captcha tokens of forms posted without script, and names the widget's script to pages. */
  captcha: CaptchaConfig;
  /** Signs and checks the unlock cookie of password-protected pages (unlock-cookie.ts). */
  secret: string;
  /** Charges checkout's orders; the checkout page asks for what it needs. */
  payments: PaymentProvider;
  /** Where digital products' files are kept: their download links stream them. */
  media: MediaStore;
}

const HTML = 'text/html; charset=utf-8';

/**
 * What the account's subscription pages read from the address: the signed
 * link checked with the server's secret, and the notice of the form just
 * sent (one of a fixed list, so the address cannot put words on the page).
 */
function subscriptionPageInput(
  route: Route,
  query: URLSearchParams,
  websiteId: string,
  secret: string,
  now: Date,
): Pick<PageAnswer, 'subscriptionLink' | 'subscriptionNotice'> {
  if (route.kind !== 'subscription-manage' && !(route.kind === 'account' && route.page === 'account')) return {};
  const noticeKey = query.get(SUBSCRIPTION_NOTICE_PARAM) ?? '';
  const subscriptionNotice = isSubscriptionAction(noticeKey) ? MANAGE_NOTICES[noticeKey] : undefined;
  if (route.kind !== 'subscription-manage') return { subscriptionNotice };
  const fields = {
    subscription: query.get('subscription') ?? undefined,
    expires: query.get('expires') ?? undefined,
    signature: query.get('signature') ?? undefined,
  };
  const check = checkSubscriptionLink(secret, websiteId, fields, now);
  return {
    subscriptionNotice,
    subscriptionLink: check.ok
      ? {
          ...check,
          link: { subscriptionId: check.subscriptionId, expires: Number(fields.expires), signature: fields.signature! },
        }
      : check,
  };
}

/** One page to build and send. */
interface PageAnswer {
  route: Route;
  query: URLSearchParams;
  version: string;
  format: string | null;
  /** Where the HTML is kept for other anonymous visitors; absent for pages that are never shared. */
  cacheKey?: string;
  /** A shopper's page: kept under cacheKey with what its render reads of their values (visitor-read-trace.ts). */
  shopper?: ShopperValues;
  /** A page for this visitor alone (their cart, their checkout): kept under this with their data's digest. */
  visitorCacheKey?: string;
  checkout?: CheckoutFormState;
  donation?: DonationFormState;
  unsubscribe?: PageRequest['unsubscribe'];
  formAttempt?: FormAttempt;
  subscriptionLink?: PageRequest['subscriptionLink'];
  subscriptionNotice?: string;
  viewer?: PageViewer;
  localization?: PageLocalization;
  reviewsRequestOrder?: number;
  /** A signed-in owner who may see products asks (the digital product preview, 210). */
  ownerPreview?: boolean;
}

/** What a shopper's page may show of them, as the page context has it, and their open cart already read. */
interface ShopperValues {
  cart: ShoppingCart | undefined;
  shoppingCart: ShoppingCartJson | null;
}

/** In development, what went wrong is shown at the foot of the page: each line a problem with its file:line:col. */
function withErrorOverlay(html: string, problems: readonly string[]): string {
  if (problems.length === 0) return html;
  const list = problems.map((problem) => `<pre>${escapeHtml(problem)}</pre>`).join('');
  const overlay = `<aside role="alert" style="position:fixed;inset:auto 0 0 0;max-height:40vh;overflow:auto;background:#fff4f2;color:#5c1200;border-top:3px solid #b42318;padding:1rem;font:14px/1.4 ui-monospace,monospace;z-index:2147483647"><strong>Template errors</strong>${list}</aside>`;
  return html.replace(/<\/body>/i, `${overlay}</body>`);
}

/**
 * A page's query as its data may read it: a value the database cannot store
 * (a NUL) is read with U+FFFD in its place, so it matches nothing, as any
 * other unknown category, tag or search would.
 */
function pageQuery(params: URLSearchParams): URLSearchParams {
  return new URLSearchParams([...params].map(([name, value]) => [storableText(name), storableText(value)]));
}

const cookiesOf = (request: FastifyRequest): Record<string, string | undefined> =>
  request.headers.cookie ? fastifyCookie.parse(request.headers.cookie) : {};

export async function pageRoutes(app: FastifyInstance, options: PageRoutesOptions): Promise<void> {
  const { db, packages, development } = options;
  const payment = {
    methodKind: options.payments.methodKind,
    testMode: options.payments.name === TEST_PROVIDER_NAME,
  };

  async function sendFallback(
    reply: FastifyReply,
    site: WebsiteWithSettings | undefined,
    status: number,
    problems: readonly string[] = [],
  ) {
    const html = fallbackPageFor(status, site?.website.siteTitle ?? 'Sitebuilder');
    return reply
      .code(status)
      .type(HTML)
      .header('cache-control', 'no-store')
      .send(development ? withErrorOverlay(html, problems) : html);
  }

  /** The template's error page (type 101) when it has one and it renders; the built-in one otherwise. */
  async function sendErrorPage(request: FastifyRequest, reply: FastifyReply, site: WebsiteWithSettings) {
    try {
      const built = await buildPage(db, {
        site,
        route: { kind: 'error' },
        query: new URLSearchParams(),
        baseUrl: `${request.protocol}://${request.host}`,
        now: options.now(),
      });
      const packaged = await packages.get(site.settings.templatePackage);
      const rendered = packaged
        ? await renderPage(packaged.pkg, built, {
            now: options.now(),
            revision: packaged.revision,
            islandsUrl: options.islandsUrl,
            system: await packages.system(),
            tweakValues: websiteTweakValues(site),
          })
        : undefined;
      if (rendered?.html !== undefined && rendered.errors.length === 0) {
        return reply.code(500).type(HTML).header('cache-control', 'no-store').send(rendered.html);
      }
    } catch (error) {
      request.log.error({ err: error }, 'error page failed too');
    }
    return sendFallback(reply, site, 500);
  }

  const unsubscribeLink = (websiteId: string, token: string | null): PageRequest['unsubscribe'] => {
    const email = token === null ? undefined : readUnsubscribeToken(options.secret, websiteId, token);
    return email === undefined ? { invalid: true } : { email };
  };

  const memo = new SiteDataMemo();
  const planMemo = new TagPlanMemo();
  const shopperShapes = new VisitorPageShapes();
  const shopperKey = (pageKey: string, shopper: ShopperValues, shape: ReadShape) =>
    `${pageKey}|${visitorFingerprint(shopper.shoppingCart, shape)}`;

  /** A kept page, compressed once (for the visitor, when it holds their crumb) if they take an encoding. */
  function sendKept(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    hit: CachedPage,
    cacheControl = 'no-cache',
  ) {
    reply.code(hit.status).headers({ 'content-type': HTML, 'cache-control': cacheControl, 'x-page-cache': 'hit' });
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (!encoding || !options.cache) return reply.send(keptPageBody(hit, request));
    return reply
      .headers({ 'content-encoding': encoding, vary: 'accept-encoding' })
      .send(options.cache.encoded(key, hit, encoding, request));
  }
  const clock = options.contentClock;
  const carts = {
    memo: new CartMemo(),
    versionOf: (websiteId: string, cartId: string) =>
      clock?.cartVersionOf?.(cartId) ?? cartVersion(db, websiteId, cartId),
  };
  /**
   * The commonest answer of all, an anonymous visitor's kept page, found by host and address alone: its
   * website and the version it was kept under are checked against the clock without a wait, which spares
   * parsing the address and resolving its route again (a kept page cost a fifth more than a fixed string).
   * Search pages are left out, since every search counts against its rate limit; without a clock that
   * vouches for the version, the full path decides.
   */
  const hotPages = new Map<string, { websiteId: string; version: string; key: string }>();
  function hotPage(request: FastifyRequest): { key: string; page: CachedPage } | undefined {
    if (!options.cache || hasVisitorCookie(request.headers.cookie)) return undefined;
    const host = request.host;
    const address = host + request.url;
    const hot = hotPages.get(address);
    if (!hot) return undefined;
    const page =
      hosts.get(host)?.site.website.id === hot.websiteId && clock?.versionOf(hot.websiteId) === hot.version
        ? options.cache.get(hot.key, Date.now())
        : undefined;
    if (!page) hotPages.delete(address);
    return page && { key: hot.key, page };
  }
  function rememberHot(request: FastifyRequest, route: Route, websiteId: string, version: string, key: string) {
    if (route.kind === 'search' || hasVisitorCookie(request.headers.cookie)) return;
    if (clock?.versionOf(websiteId) !== version) return;
    if (hotPages.size >= 10_000) hotPages.clear();
    hotPages.set(request.host + request.url, { websiteId, version, key });
  }
  const versionOf = async (websiteId: string): Promise<string> =>
    options.contentClock?.versionOf(websiteId) ?? contentVersion(db, websiteId);

  /**
   * The website at a host and its content version, read before any of the
   * page's data. A host's website is kept with the version it was read under
   * and used while its website's version stays the same: a change to it, its
   * settings or its domains moves that version, so a page costs at most the
   * version's query (none with a content clock) and no site lookup.
   */
  const hosts = new Map<string, { site: WebsiteWithSettings; version: string }>();
  async function siteAndVersion(host: string): Promise<{ site: WebsiteWithSettings; version: string } | undefined> {
    const known = hosts.get(host);
    if (known) {
      const version = await versionOf(known.site.website.id);
      if (version === known.version) return known;
    }
    const found = await findWebsiteByHost(db, host);
    if (!found) return undefined;
    const version = await versionOf(found.website.id);
    // Read again after the version, so what is kept under it is no older than it.
    const site = await findWebsiteByHost(db, host);
    if (!site) return undefined;
    if (site.website.id !== found.website.id) return { site, version: await versionOf(site.website.id) };
    if (hosts.size >= 1000) hosts.clear();
    hosts.set(host, { site, version });
    return { site, version };
  }
  const siteFor = async (host: string) => (await siteAndVersion(host))?.site;

  /** The order number of a reviews request link whose signature this server made for the site; undefined for any other. */
  function signedReviewsOrder(site: WebsiteWithSettings, query: URLSearchParams): number | undefined {
    const order = query.get('order') ?? '';
    if (!/^[1-9][0-9]{0,8}$/.test(order)) return undefined;
    const signed = isReviewsRequestSigned(options.secret, site.website.id, Number(order), query.get('signature') ?? '');
    return signed ? Number(order) : undefined;
  }

  /** Builds a page and answers with its HTML, or with its context as JSON when the query asks. */
  async function sendPage(request: FastifyRequest, reply: FastifyReply, site: WebsiteWithSettings, answer: PageAnswer) {
    const { format } = answer;
    const cookies = cookiesOf(request);
    const pageRequest: PageRequest = {
      site,
      memo: { version: answer.version, data: memo },
      route: answer.route,
      query: answer.query,
      baseUrl: `${request.protocol}://${request.host}`,
      now: options.now(),
      cartId: cookies[CART_COOKIE],
      carts,
      openCart: answer.shopper ? { cart: answer.shopper.cart } : undefined,
      crumb: request.crumb,
      checkout: answer.checkout,
      donation: answer.donation,
      unsubscribe: answer.unsubscribe,
      payment,
      formAttempt: answer.formAttempt,
      subscriptionLink: answer.subscriptionLink,
      subscriptionNotice: answer.subscriptionNotice,
      viewer: answer.viewer,
      localization: answer.localization,
      reviewsRequestOrder: answer.reviewsRequestOrder,
      secret: options.secret,
      ownerPreview: answer.ownerPreview,
    };
    // A page kept for this visitor alone: found by what its data holds of them, before any shaping or render.
    const data = answer.visitorCacheKey ? await loadPageData(db, pageRequest) : undefined;
    const visitorKey = data && `${answer.visitorCacheKey}|${visitorDataKey(data.visitor)}`;
    const cacheControl = holdsPersonalDetails(answer.route) || answer.formAttempt ? 'no-store' : 'no-cache';
    const kept = visitorKey ? options.cache?.get(visitorKey, Date.now()) : undefined;
    if (visitorKey && kept) return sendKept(request, reply, visitorKey, kept, cacheControl);
    const built = await buildPage(db, pageRequest, data);
    if (format === 'json' || format === 'json-pretty') {
      return reply
        .code(built.status)
        .type('application/json; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(
          fillCrumbSlot(JSON.stringify(built.context, null, format === 'json-pretty' ? 2 : undefined), request.crumb),
        );
    }
    const packaged = await packages.get(site.settings.templatePackage);
    if (!packaged) {
      request.log.error({ route: request.url, package: site.settings.templatePackage }, 'no such template package');
      return sendFallback(reply, site, built.status === 200 ? 500 : built.status);
    }
    const trace = answer.shopper ? new ReadTrace() : undefined;
    if (trace) built.context = { ...built.context, shoppingCart: trace.root(built.context.shoppingCart) };
    const rendered = await renderPage(packaged.pkg, built, {
      now: options.now(),
      revision: packaged.revision,
      islandsUrl: options.islandsUrl,
      system: await packages.system(),
      captcha: options.captcha,
      deadline: Date.now() + options.renderTimeLimitMs,
      tweakValues: websiteTweakValues(site),
      planMemo,
      analytics: {
        templateId: path.basename(packaged.pkg.dir),
        restrictive: site.settings.cookiePolicy === 'restrictive' || site.settings.cloneable,
      },
    });
    const stop = rendered.errors.find(isRenderStop);
    if (stop) throw new Error(`rendering ${request.url} was stopped: ${stop.message} (${formatPackageError(stop)})`);
    for (const error of rendered.errors) {
      request.log.warn({ template: formatPackageError(error), code: error.code }, 'template error');
    }
    for (const error of built.blockErrors ?? []) request.log.warn({ block: error }, 'page block error');
    if (rendered.html === undefined) {
      const errors = rendered.errors.map((error) => `${error.code} ${formatPackageError(error)}`);
      request.log.error({ route: request.url, reason: rendered.reason, errors }, 'page could not be rendered');
      const problems = [`${request.url} could not be rendered: ${rendered.reason ?? 'unknown reason'}`, ...errors];
      return sendFallback(reply, site, built.status === 200 ? 500 : built.status, problems);
    }
    const html = development
      ? withErrorOverlay(rendered.html, [...packaged.pkg.errors, ...rendered.errors].map(formatPackageError))
      : rendered.html;
    const keepUnder =
      options.cache && rendered.errors.length === 0 ? (visitorKey ?? sharedKey(answer, trace)) : undefined;
    let page: CachedPage | undefined;
    if (keepUnder !== undefined) {
      page = keptPage(built.status, html, Date.now());
      options.cache?.set(keepUnder, page);
    }
    return (
      reply
        .code(built.status)
        .type(HTML)
        .header('cache-control', cacheControl)
        // A kept page's bytes are made once, for the cache and this answer alike.
        .send(page ? keptPageBody(page, request) : fillCrumbSlot(html, request.crumb))
    );
  }

  /** Where a rendered page is kept for other visitors, if it may be: a shopper's with what its render read of their cart. */
  function sharedKey(answer: PageAnswer, trace: ReadTrace | undefined): string | undefined {
    if (!answer.cacheKey || trace?.opaque) return undefined;
    if (!trace || !answer.shopper) return answer.cacheKey;
    shopperShapes.add(answer.cacheKey, trace.shape);
    return shopperKey(answer.cacheKey, answer.shopper, trace.shape);
  }

  // A form block posted without script: back to its page with the outcome (post/redirect/get).
  await app.register(formPostRoutes, {
    db,
    siteFor,
    limiter: options.limiter,
    store: options.store,
    captcha: options.captcha,
    secret: options.secret,
  });

  // The buyer's subscription forms (pause, resume, cancel, next date), from the account or an emailed link.
  await app.register(subscriptionRoutes, {
    db,
    siteFor,
    limiter: options.limiter,
    secret: options.secret,
    now: () => new Date(options.now()),
  });

  // POST /donate/{page}: the donate page's form; it answers with the donate page again when nothing was paid.
  await app.register(donationRoutes, {
    db,
    payments: options.payments,
    siteFor,
    limiter: options.limiter,
    store: options.store,
  });

  // POST /newsletter/unsubscribe: the newsletter-unsubscribe page's button and mail programs' one click.
  await app.register(unsubscribeRoutes, { db, secret: options.secret, limiter: options.limiter, siteFor });

  // POST /checkout answers with the checkout page again when it places no order.
  await app.register(checkoutRoutes, {
    db,
    payments: options.payments,
    siteFor,
    limiter: options.limiter,
    store: options.store,
  });

  // A purchased file, by its signed link on the download page.
  await app.register(downloadRoutes, {
    db,
    media: options.media,
    secret: options.secret,
    limiter: options.limiter,
    now: options.now,
    siteFor,
  });

  app.get('/*', async (request: FastifyRequest, reply: FastifyReply) => {
    const hot = hotPage(request);
    if (hot) return sendKept(request, reply, hot.key, hot.page);
    const found = await siteAndVersion(request.host);
    if (!found) return reply.code(404).type('text/plain; charset=utf-8').send('No website answers at this address.\n');
    const url = new URL(request.url, 'http://localhost');
    // /fr/about is /about in French (renderer/localization); the cart, checkout and accounts have one address.
    const { language, pathname } = splitLanguagePath(url.pathname, found.site.settings.translationLanguages);
    if (language && !isLocalizedRoute(resolveRoute(pathname))) {
      return reply.header('cache-control', 'no-store').redirect(pathname + url.search, 302);
    }
    const unprefixed = pathname + url.search;
    url.pathname = pathname;
    // /journal/tag/x is /journal?tag=x (a filter given in the query wins).
    const filter = pathFilter(url.pathname);
    if (filter !== undefined) {
      url.pathname = filter.pathname;
      if (!url.searchParams.has(filter.name)) url.searchParams.set(filter.name, filter.value);
    }
    const format = url.searchParams.get('format');
    const route = resolveRoute(url.pathname);
    // Only HTML pages are kept, and only for visitors whose cookies say no more than what is in their cart.
    const attemptId = url.searchParams.get(FORM_ATTEMPT_PARAM);
    const keepable =
      options.cache !== undefined &&
      !format &&
      !isVisitorRoute(route) &&
      !hasVisitorCookie(request.headers.cookie, CART_COOKIE) &&
      attemptId === null;
    // The cart and the checkout show the visitor's own cart: kept for them alone, by what their data holds.
    const keptForVisitor =
      options.cache !== undefined &&
      !format &&
      attemptId === null &&
      (route.kind === 'cart' || (route.kind === 'checkout' && !url.searchParams.has('attempt'))) &&
      !hasVisitorCookie(request.headers.cookie, CART_COOKIE);
    if (route.kind === 'search') await options.limiter.byAddress('search', request);
    const { site, version } = found;
    try {
      const pageKey =
        keepable || keptForVisitor
          ? `${site.website.id}|${version}|${(await packages.get(site.settings.templatePackage))?.revision}|${request.url}`
          : undefined;
      const visitorCacheKey = keptForVisitor ? pageKey : undefined;
      let cacheKey: string | undefined;
      let shopper: ShopperValues | undefined;
      if (keepable && options.cache && pageKey) {
        cacheKey = pageKey;
        const cartId = hasVisitorCookie(request.headers.cookie) ? cookiesOf(request)[CART_COOKIE] : undefined;
        if (cartId === undefined) {
          const hit = options.cache.get(cacheKey, Date.now());
          if (hit) {
            rememberHot(request, route, site.website.id, version, cacheKey);
            return sendKept(request, reply, cacheKey, hit);
          }
        } else {
          const cart = await loadOpenCart(db, { site, memo: { version, data: memo }, cartId, carts });
          shopper = { cart, shoppingCart: cart ? cartJson(cart) : null };
          for (const shape of shopperShapes.get(cacheKey)) {
            const key = shopperKey(cacheKey, shopper, shape);
            const hit = options.cache.get(key, Date.now());
            if (hit) return sendKept(request, reply, key, hit);
          }
        }
      }
      await options.limiter.byAddress('page-render', request);
      const query = pageQuery(url.searchParams);
      const checkout =
        route.kind === 'checkout'
          ? await loadCheckoutAttempt(options.store, query.get('attempt'), request.sentCrumb ?? '')
          : undefined;
      const donation =
        route.kind === 'donate'
          ? await loadDonationAttempt(options.store, query.get('attempt'), request.sentCrumb ?? '')
          : undefined;
      // The link's signature holds the server's secret, so it is checked here rather than with the page's data.
      const unsubscribe =
        route.kind === 'newsletter-unsubscribe' ? unsubscribeLink(site.website.id, query.get('token')) : undefined;
      const formAttempt =
        attemptId === null ? undefined : await loadFormAttempt(options.store, attemptId, request.sentCrumb ?? '');
      // Who signed in and what they unlocked: only read for requests whose pages are never kept.
      const viewer = hasVisitorCookie(request.headers.cookie, CART_COOKIE)
        ? await pageViewer(db, request, site.website.id, options.secret)
        : undefined;
      return await sendPage(request, reply, site, {
        route,
        query,
        version,
        format,
        cacheKey,
        shopper,
        visitorCacheKey,
        checkout,
        donation,
        unsubscribe,
        formAttempt,
        ...subscriptionPageInput(route, query, site.website.id, options.secret, new Date(options.now())),
        viewer,
        reviewsRequestOrder: route.kind === 'reviews-request' ? signedReviewsOrder(site, query) : undefined,
        ownerPreview:
          route.kind === 'digital-preview' &&
          (await ownerCookieAllows(db, site.website.id, cookiesOf(request), 'products:read')),
        // Only for a page that is built: a kept page has its languages already.
        localization: pageLocalization(site, language?.code, unprefixed),
      });
    } catch (error) {
      // An answer meant for the visitor (429) is not a failure: html-errors.ts shows it.
      if (error instanceof ApiError && error.statusCode < 500) throw error;
      // A visitor never sees a stack trace; the log has it, with the request id.
      request.log.error({ err: error, pageType: PAGE_TYPES.error }, 'page failed');
      return sendErrorPage(request, reply, site);
    }
  });
}
