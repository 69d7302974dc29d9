/**
 * `npm run probe`: a bounded bad-input probe for CI. Starts the demo site
 * the way `npm start` does (embedded database, fresh data folder, free
 * loopback port), learns ids, skus, tokens and the crumb from the site
 * itself, sends a few thousand bad requests over every route with a few in
 * flight, and fails on any 5xx, hang, unescaped injected markup, served
 * disk file, or a server that no longer answers. The server is stopped
 * whatever happens. Bounds are in bin/probe/limits.ts.
 */
import path from 'node:path';
import { assetCases } from './probe/cases/asset-cases.ts';
import { cartCases } from './probe/cases/cart-cases.ts';
import { checkoutCases, checkoutRequest, VALID_CHECKOUT_FORM } from './probe/cases/checkout-cases.ts';
import { formCases, validAnswers } from './probe/cases/form-cases.ts';
import { formPostCases } from './probe/cases/form-post-cases.ts';
import { pageCases } from './probe/cases/page-cases.ts';
import { protocolCases } from './probe/cases/protocol-cases.ts';
import { jsonText, read, write } from './probe/cases/request-helpers.ts';
import { restockCases } from './probe/cases/restock-cases.ts';
import { API_PATHS, ROUTES, routeLabel } from './probe/cases/routes.ts';
import { discoverSite, type SiteFacts } from './probe/discover-site.ts';
import { PROBE_LIMITS } from './probe/limits.ts';
import type { CaseContext, ProbeCase } from './probe/probe-case.ts';
import { ProbeServer } from './probe/probe-server.ts';
import { ProbeSession } from './probe/probe-session.ts';
import { printReport } from './probe/report.ts';
import { type RunResult, runCases } from './probe/run-cases.ts';
import { RequestSender } from './probe/send-request.ts';
import { CRUMB_COOKIE, Visitor, VisitorPool } from './probe/visitors.ts';

const root = path.resolve(import.meta.dirname, '..');
const out = (line: string) => process.stdout.write(`${line}\n`);

async function main(): Promise<number> {
  const started = Date.now();
  const watchdog = setTimeout(() => {
    out(`probe: gave up after ${PROBE_LIMITS.overallTimeoutMs / 1000} s; the server is being stopped`);
    // The exit handler in probe-server.ts kills the server's process group.
    process.exit(1);
  }, PROBE_LIMITS.overallTimeoutMs);
  watchdog.unref();

  out('probe: starting the demo site on the embedded database…');
  const server = await ProbeServer.start(root);
  const sender = new RequestSender(server.port);
  const session = new ProbeSession(sender);
  const host = `127.0.0.1:${server.port}`;
  const notes: string[] = [];
  let run: RunResult | undefined;
  let cases: ProbeCase[] = [];
  let pool: VisitorPool | undefined;
  let corpusMs = 0;
  try {
    out(`probe: server up on ${host} (data in ${server.dataDir}); learning the site…`);
    const readPage = async (pagePath: string) => {
      const answer = await session.exchange(routeLabel('GET', pagePath), 'setup', {
        request: read(host, pagePath),
      });
      return answer.status === 200 ? answer.body : undefined;
    };
    const site = await discoverSite(readPage);
    pool = new VisitorPool((withCart) => newVisitor(session, host, site, withCart));
    const freshFormKey = formKeys(session, host, () => ctx);
    const ctx: CaseContext = {
      site,
      visitors: pool,
      host,
      freshCartToken: cartTokens(session, host, site, () => ctx),
      freshFormKey,
      usedFormKey: usedFormKeys(session, host, site, freshFormKey, () => ctx),
    };
    if (site.forms.length === 0) notes.push('no page showed a form block; form posts went to made-up forms only');

    const first = await pool.forRead();
    const cartCookie = [...first.jar.keys()].find((name) => name !== CRUMB_COOKIE);
    if (!cartCookie) notes.push('adding to the cart set no cookie besides the crumb; cart cookie cases use "sb_cart"');
    site.orderToken = await placeOrder(session, ctx);
    if (!site.orderToken) notes.push('no order could be placed, so the order page was probed with made-up tokens only');

    cases = shuffled([
      ...cartCases(site),
      ...checkoutCases(),
      ...pageCases(site),
      ...assetCases(site),
      ...protocolCases(site, server.port, cartCookie ?? 'sb_cart'),
      ...formCases(site),
      ...formPostCases(site),
      ...restockCases(site),
    ]);
    out(
      `probe: ${site.pages.length} pages, ${site.items.length} items; sending ${cases.length} cases, ${PROBE_LIMITS.concurrency} at a time…`,
    );
    const corpusStarted = Date.now();
    run = await runCases(cases, ctx, session, corpusStarted + PROBE_LIMITS.corpusDeadlineMs);
    corpusMs = Date.now() - corpusStarted;
  } catch (error) {
    notes.push(`probe stopped early: ${error instanceof Error ? error.message : String(error)}`);
  }

  let reasons = ['the report could not be printed'];
  try {
    const homeStatus = server.alive ? await server.homeStatus() : undefined;
    reasons = printReport(
      {
        session,
        run,
        cases: cases.length,
        visitors: pool?.size ?? 0,
        serverAlive: server.alive,
        serverExit: server.exitDescription,
        homeStatus,
        elapsedMs: Date.now() - started,
        corpusMs,
        loggedErrors: server.loggedErrors(),
        serverOutput: server.outputTail(),
        notes,
      },
      out,
    );
  } finally {
    await server.stop();
    clearTimeout(watchdog);
  }
  return reasons.length === 0 ? 0 : 1;
}

/** A visitor: a page for its crumb, then (when asked) something in its cart, as a person would. */
async function newVisitor(session: ProbeSession, host: string, site: SiteFacts, withCart: boolean): Promise<Visitor> {
  const visitor = new Visitor(`visitor-${session.sent}`);
  await session.exchange(routeLabel('GET', '/'), 'setup', { request: read(host, '/'), visitor });
  if (!visitor.crumb) throw new Error('the home page set no crumb cookie');
  if (!withCart) return visitor;
  const body = jsonText({ itemId: site.cartSeed.itemId, sku: site.cartSeed.sku, quantity: 1 });
  const answer = await session.exchange(ROUTES.addEntry, 'setup', {
    request: write(host, visitor, 'POST', API_PATHS.entries, body),
    visitor,
  });
  if (answer.status === 200) visitor.absorbCart(answer.body);
  return visitor;
}

/**
 * Carts of their own for checkout cases, from the subscription call: each
 * order takes stock, so variants are used in turn and one that is sold out
 * is skipped from then on.
 */
function cartTokens(session: ProbeSession, host: string, site: SiteFacts, ctx: () => CaseContext) {
  const soldOut = new Set<number>();
  let turn = 0;
  return async (): Promise<string | undefined> => {
    for (let tries = 0; tries < site.subscriptions.length; tries++) {
      const index = turn++ % site.subscriptions.length;
      if (soldOut.has(index)) continue;
      const { itemId, sku } = site.subscriptions[index]!;
      const visitor = await ctx().visitors.forWrite('api-write', 'cart-create');
      const answer = await session.exchange(ROUTES.subscription, 'setup', {
        request: write(host, visitor, 'POST', API_PATHS.subscription, jsonText({ itemId, sku, qty: 1 })),
        visitor,
      });
      if (answer.status === 409) soldOut.add(index);
      if (answer.status !== 200) continue;
      try {
        const token = (JSON.parse(answer.body) as { cartToken?: unknown }).cartToken;
        if (typeof token === 'string') return token;
      } catch {
        // Not the answer the call documents; try another variant.
      }
    }
    return undefined;
  };
}

/** Site-form submission keys from FormSubmissionKey, one per case. */
function formKeys(session: ProbeSession, host: string, ctx: () => CaseContext) {
  return async (): Promise<string | undefined> => {
    const visitor = await ctx().visitors.forWrite('api-write');
    const answer = await session.exchange(ROUTES.formKey, 'setup', {
      request: write(host, visitor, 'POST', API_PATHS.formKey, undefined),
      visitor,
    });
    try {
      const key = (JSON.parse(answer.body) as { data?: { key?: unknown } }).data?.key;
      return typeof key === 'string' ? key : undefined;
    } catch {
      return undefined;
    }
  };
}

/** A key used once by a good submission of the site's smallest form, for replay cases. */
function usedFormKeys(
  session: ProbeSession,
  host: string,
  site: SiteFacts,
  fresh: () => Promise<string | undefined>,
  ctx: () => CaseContext,
) {
  return async (): Promise<string | undefined> => {
    const form = [...site.forms].sort((a, b) => a.fields.length - b.fields.length)[0];
    const key = await fresh();
    if (!form || !key) return key;
    const visitor = await ctx().visitors.forWrite('api-write', 'form-submit');
    const body = jsonText({ key, formId: form.formId, form: jsonText(validAnswers(form)), pagePath: form.page });
    await session.exchange(ROUTES.formSave, 'setup', {
      request: write(host, visitor, 'POST', API_PATHS.formSave, body),
      visitor,
    });
    return key;
  };
}

/** One real order through the checkout form, for a real token on the order page. */
async function placeOrder(session: ProbeSession, ctx: CaseContext): Promise<string | undefined> {
  const prepared = await checkoutRequest(ctx, { ...VALID_CHECKOUT_FORM }, { fresh: true });
  const answer = await session.exchange(ROUTES.checkout, 'setup', prepared);
  const location = answer.headers.location;
  if (typeof location !== 'string') return undefined;
  return new URL(location, 'http://localhost').searchParams.get('orderToken') ?? undefined;
}

/** A fixed shuffle, so every run sends the same corpus in the same order, with the kinds of request mixed. */
function shuffled<T>(items: T[]): T[] {
  let seed = 0x5eed;
  const random = () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    out(`probe: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
