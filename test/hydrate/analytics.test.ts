/**
 * The page's analytics rules in happy-dom (issue 25): which page views are
 * skipped, the visitor cookies in standard and restrictive mode with the
 * consent banner, the JavaScript error reporter's limits, debounce and
 * trimming, the performance records' rounding and batching, the tracker's
 * census-cookie rule and messages, and the islands' error boundary.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { Window } from 'happy-dom';
import { createElement } from 'react';
import t from 'tap';
import { readAnalyticsPage } from '../../hydrate/analytics/analytics-page.ts';
import { CONSENT_TEXT, showConsentBanner } from '../../hydrate/analytics/consent-banner.ts';
import { type ErrorReport, ErrorReporter } from '../../hydrate/analytics/error-reporter.ts';
import { type PerformanceRecord, PerformanceRecorder } from '../../hydrate/analytics/performance-records.ts';
import { pageViewSkipped } from '../../hydrate/analytics/skip-rules.ts';
import { trackEvent } from '../../hydrate/analytics/tracking-events.ts';
import { cookieMode, documentCookies, visitorIds } from '../../hydrate/analytics/visitor-cookies.ts';
import { ISLAND_FAILED_TEXT } from '../../hydrate/island-error-boundary.tsx';
import { createDomEnv } from './dom-env.ts';

/**
 * A window that closes when `test` ends: a page's own timers (the performance
 * records wait up to 60 s) end with it, rather than keeping the process alive.
 */
function page(test: { teardown(fn: () => unknown): void }, url = 'https://shop.example/shop/mug') {
  const window = new Window({ url });
  // window.close() only closes a window a script opened; this ends its timers too.
  test.teardown(() => window.happyDOM.close());
  return { window, document: window.document as unknown as Document, view: window as unknown as globalThis.Window };
}

t.test(
  'skipped page views: the config path, search, contributors who are not solely viewers, the global flag',
  async (t) => {
    const base = { path: '/shop/mug', contributorRoles: [], disabledGlobally: false };
    t.equal(pageViewSkipped(base), undefined);
    t.equal(pageViewSkipped({ ...base, path: '/config' }), 'config-path');
    t.equal(pageViewSkipped({ ...base, path: '/config/settings' }), 'config-path');
    t.equal(pageViewSkipped({ ...base, path: '/configure' }), undefined);
    t.equal(pageViewSkipped({ ...base, path: '/search' }), 'search');
    t.equal(pageViewSkipped({ ...base, contributorRoles: [10] }), undefined, 'a viewer is counted');
    t.equal(pageViewSkipped({ ...base, contributorRoles: [10, 4] }), 'contributor');
    t.equal(pageViewSkipped({ ...base, contributorRoles: [1] }), 'contributor');
    t.equal(pageViewSkipped({ ...base, disabledGlobally: true }), 'disabled');
  },
);

t.test('the page data on the islands script; absent or unreadable means not counted', async (t) => {
  const { document } = page(t);
  t.equal(readAnalyticsPage(document), undefined);
  document.body.innerHTML = `<script type="module" data-analytics='{"websiteId":"w1","templateId":"default","locale":"fr-CA","pageType":50,"itemId":"i1","collectionId":"c1","recordType":11,"restrictive":true}'></script>`;
  t.same(readAnalyticsPage(document), {
    websiteId: 'w1',
    templateId: 'default',
    locale: 'fr-CA',
    pageType: 50,
    itemId: 'i1',
    collectionId: 'c1',
    recordType: 11,
    restrictive: true,
  });
  document.body.innerHTML = `<script data-analytics="{broken"></script>`;
  t.equal(readAnalyticsPage(document), undefined);
  document.body.innerHTML = `<script data-analytics='{"pageType":1}'></script>`;
  t.equal(readAnalyticsPage(document), undefined, 'no website id');
});

t.test(
  'standard mode: a visitor, a visit of 30 minutes, visit counts; a new visit after the visit cookie is gone',
  async (t) => {
    const { document, window } = page(t);
    const cookies = documentCookies(document);
    const session = window.sessionStorage as unknown as Storage;
    const first = visitorIds('standard', cookies, session, 'https://shop.example/', 1_000);
    t.ok(first.visitorId);
    t.ok(first.newVisit);
    t.ok(first.firstSession);
    t.equal(first.firstLanding, 'https://shop.example/');
    t.equal(cookies.get('ss_cvr'), first.visitorId);
    t.equal(cookies.get('ss_cid'), first.analyticsId);
    t.equal(cookies.get('ss_cvt'), '1000');
    t.equal(cookies.get('ss_cvisit'), '1');
    t.equal(cookies.get('ss_cpvisit'), '1000');

    const second = visitorIds('standard', cookies, session, 'https://shop.example/about', 2_000);
    t.equal(second.visitorId, first.visitorId);
    t.equal(second.sessionId, first.sessionId);
    t.notOk(second.newVisit, 'the visit cookie is still there');
    t.equal(second.firstLanding, 'https://shop.example/', 'the session keeps its first landing page');
    t.equal(cookies.get('ss_cvisit'), '1');

    cookies.remove('ss_cvt');
    const third = visitorIds('standard', cookies, session, 'https://shop.example/shop', 3_000);
    t.ok(third.newVisit);
    t.equal(third.visitorId, first.visitorId);
    t.equal(cookies.get('ss_cvisit'), '2');
    t.equal(cookies.get('ss_cpvisit'), '3000');
    t.match(document.cookie, /ss_cvr=/);
  },
);

t.test(
  'restrictive mode clears the five cookies and names no visitor, until the visitor accepts in the banner',
  async (t) => {
    const { document, window } = page(t);
    const cookies = documentCookies(document);
    const session = window.sessionStorage as unknown as Storage;
    visitorIds('standard', cookies, session, 'https://shop.example/', 1_000);
    t.equal(cookieMode(true, cookies), 'restrictive');
    t.equal(cookieMode(false, cookies), 'standard');
    const ids = visitorIds('restrictive', cookies, session, 'https://shop.example/', 2_000);
    t.equal(ids.visitorId, null);
    for (const name of ['ss_cid', 'ss_cpvisit', 'ss_cvisit', 'ss_cvr', 'ss_cvt'])
      t.equal(cookies.get(name), undefined, name);

    let answered: string | undefined;
    const banner = showConsentBanner(document, cookies, (answer) => {
      answered = answer;
    });
    t.equal(banner.getAttribute('aria-label'), CONSENT_TEXT.label);
    const buttons = [...banner.querySelectorAll('button')];
    t.same(
      buttons.map((b) => b.textContent),
      ['Accept', 'Decline'],
    );
    buttons[0]!.click();
    t.equal(answered, 'accepted');
    t.notOk(document.querySelector('.sb-consent-banner'), 'the banner goes');
    t.equal(cookieMode(true, cookies), 'standard', 'accepted: cookies from now on');
  },
);

t.test(
  'JavaScript errors: 10 waiting at most, 20 a page, sent together a second after the last, stacks cut to 5000',
  async (t) => {
    const sent: ErrorReport[][] = [];
    const reporter = new ErrorReporter(
      (reports) => sent.push(reports),
      () => 'https://shop.example/cart',
    );
    const long = new Error('boom');
    long.stack = 'x'.repeat(6_000);
    reporter.report(long);
    for (let i = 0; i < 11; i++) reporter.report(new Error(`e${i}`));
    await sleep(500);
    t.equal(sent.length, 0, 'debounced');
    await sleep(700);
    t.equal(sent.length, 1);
    t.equal(sent[0]!.length, 10, 'at most 10 waiting');
    t.equal(sent[0]![0]!.stack!.length, 5_000);
    t.equal(sent[0]![0]!.url, 'https://shop.example/cart');
    for (let i = 0; i < 15; i++) reporter.report(`text ${i}`);
    reporter.flush();
    t.equal(sent[1]!.length, 10, 'the page has 10 of its 20 left, and 10 may wait');
    reporter.report(new Error('late'));
    reporter.flush();
    t.equal(sent.length, 2, 'past 20 a page, nothing more is sent');
  },
);

t.test(
  'performance records: rounded, bad values dropped, CLS keeps its fraction, sent on hidden, nothing after',
  async (t) => {
    const { window, view } = page(t);
    const sent: PerformanceRecord[][] = [];
    const recorder = new PerformanceRecorder(
      'load-1',
      '/shop/mug',
      (records) => sent.push(records),
      () => 42,
    );
    recorder.schedule(view);
    recorder.metric('LCP', 1234.56);
    recorder.metric('CLS', 0.0345);
    recorder.metric('FCP', -1);
    recorder.metric('TTFB', 2_147_483_648);
    recorder.metric('INP', Number.NaN);
    t.equal(sent.length, 0);
    Object.defineProperty(window.document, 'visibilityState', { value: 'hidden', configurable: true });
    window.document.dispatchEvent(new window.Event('visibilitychange'));
    t.same(sent, [
      [
        { app: 'site', event: 'web-vital', pageLoadId: 'load-1', ts: 42, data: { lcp: 1235, path: '/shop/mug' } },
        { app: 'site', event: 'web-vital', pageLoadId: 'load-1', ts: 42, data: { cls: 0.0345, path: '/shop/mug' } },
      ],
    ]);
    recorder.metric('INP', 80);
    recorder.flush();
    t.equal(sent.length, 1, 'no metric is taken after the page was hidden');
  },
);

t.test(
  'tracking: only with the census cookie; no payload; statuses other than 200 and 202; overwritten fields warn',
  async (t) => {
    const env = await createDomEnv('<main></main>', 'crumb=abc');
    t.teardown(() => env.close());
    const view = env.window as unknown as globalThis.Window;
    // The page's fetch is the window's; dom-env stubs the global one.
    Object.defineProperty(view, 'fetch', { value: globalThis.fetch, configurable: true });
    const site = { websiteId: 'w1', locale: 'en-US' };
    t.equal(await trackEvent(view, site, 'add_to_cart', { object_identifier: 'p1' }), false, 'no census cookie');
    t.equal(env.calls.length, 0);
    env.document.cookie = 'ss_cvr=visitor-1';
    await t.rejects(trackEvent(view, site, 'add_to_cart', {}), { message: 'no payload' });
    env.replies.push({ status: 500, body: {} });
    await t.rejects(trackEvent(view, site, 'add_to_cart', { object_identifier: 'p1' }), {
      message: 'Error tracking event: HTTP Status 500',
    });
    const warnings: unknown[] = [];
    const warn = console.warn;
    console.warn = (message: unknown) => warnings.push(message);
    t.teardown(() => {
      console.warn = warn;
    });
    env.replies.push({ status: 202, body: {} });
    t.equal(await trackEvent(view, site, 'add_to_cart', { object_identifier: 'p1', page_path: '/elsewhere' }, 7), true);
    t.same(warnings, ['Auto-populated field page_path was overwritten']);
    const call = env.calls.at(-1)!;
    t.equal(call.url, '/api/events/RecordEvent');
    t.equal(call.method, 'POST');
  },
);

t.test('an island that throws is reported and shows a notice; the others still mount', async (t) => {
  const env = await createDomEnv('<div id="bad"></div><div id="good"></div>');
  t.teardown(() => env.close());
  const reported: unknown[] = [];
  const reporter = new ErrorReporter(
    () => undefined,
    () => 'x',
  );
  reporter.report = (error) => {
    reported.push(error);
  };
  const Broken = () => {
    throw new Error('island broke');
  };
  const errors = console.error;
  console.error = () => undefined;
  t.teardown(() => {
    console.error = errors;
  });
  await env.mount({
    reporter,
    registry: {
      recordTypes: {},
      blockTypes: {},
      named: {
        bad: { selector: '#bad', render: () => createElement(Broken) },
        good: { selector: '#good', render: () => createElement('p', null, 'fine') },
      },
    },
  });
  t.equal(env.document.querySelector('#bad')!.textContent, ISLAND_FAILED_TEXT);
  t.equal(env.document.querySelector('#good')!.textContent, 'fine');
  t.equal((reported[0] as Error).message, 'island broke');
});

t.test("the islands' tracker requests wait for the analytics module, then go straight to it", async (t) => {
  // A page's own instance of the module, as a page load has: islands earlier in this process queued on the shared one.
  const { requestTracking, takeTrackRequests } = (await import(
    // @ts-expect-error TypeScript does not resolve a module specifier with a query; Node loads a new instance.
    '../../hydrate/analytics/track-request.ts?fresh-page'
  )) as typeof import('../../hydrate/analytics/track-request.ts');
  for (let i = 0; i < 25; i++) requestTracking('add_to_cart', { object_identifier: `p${i}` });
  const sent: string[] = [];
  takeTrackRequests((request) => sent.push(String(request.fields.object_identifier)));
  t.equal(sent.length, 20, 'at most 20 wait');
  t.equal(sent[0], 'p0');
  requestTracking('remove_from_cart', { object_identifier: 'later' });
  t.equal(sent.at(-1), 'later', 'once taken over, at once');
});

t.test('census calls: button blocks shown (with a time-out) and clicked, forms shown with the visitor', async (t) => {
  const { startBlockCensus, BUTTON_RENDER_TIMEOUT_MS, censusCallPath } = await import(
    '../../hydrate/analytics/census-calls.ts'
  );
  const { window, document, view } = page(t);
  document.body.innerHTML = `
    <div class="sqs-block button-block" data-block-type="53" id="block-b1"><a class="button" href="/shop">Shop now</a></div>
    <div class="sqs-block html-block" data-block-type="2" id="block-h1"><a href="/about">About</a></div>
    <form data-form-id="f1"></form><form class="search-form"></form>`;
  const fetched: { url: string; body: string; signal: AbortSignal | undefined }[] = [];
  // A server that never answers: only the time-out ends the call.
  (window as unknown as { fetch: unknown }).fetch = (url: string, init: RequestInit) => {
    fetched.push({ url, body: String(init.body), signal: init.signal ?? undefined });
    return new Promise((_resolve, reject) =>
      init.signal?.addEventListener('abort', () => reject(new Error('aborted'))),
    );
  };
  // The page's clock: the time-out is taken, not waited for.
  const timers: { run: () => void; ms: number }[] = [];
  (window as unknown as { setTimeout: unknown }).setTimeout = (run: () => void, ms: number) => timers.push({ run, ms });
  const sent: { url: string; body: string }[] = [];
  startBlockCensus(view, (url, body) => sent.push({ url, body: String(body) }), 'visitor-1');

  t.same(
    fetched.map(({ url, body }) => ({ url, body })),
    [{ url: '/api/census/button-render', body: 'blockId=block-b1&label=Shop+now&url=%2Fshop' }],
    'one button-render per button block, and none for other links',
  );
  t.same(sent, [{ url: '/api/census/form-render', body: 'formId=f1&visitorCookie=visitor-1' }], 'forms with an id');
  t.equal(fetched[0]!.signal?.aborted, false);
  t.same(
    timers.map(({ ms }) => ms),
    [BUTTON_RENDER_TIMEOUT_MS],
  );
  timers[0]!.run();
  t.equal(fetched[0]!.signal?.aborted, true, 'button-render gives up after 2.5 s');

  (document.querySelector('#block-h1 a') as HTMLElement).click();
  t.equal(sent.length, 1, 'a click elsewhere is not a button click');
  (document.querySelector('#block-b1 a') as HTMLElement).click();
  t.same(sent.at(-1), { url: '/api/census/button-click', body: 'blockId=block-b1&label=Shop+now&url=%2Fshop' });
  t.equal(censusCallPath('quick-view', { itemId: 'a/b' }), '/api/census/RecordQuickView/a%2Fb');
  t.equal(censusCallPath('overlay', {}), '/api/census/overlay');
});

t.test('related product display: sent once, when the row is first half in view', async (t) => {
  const { observeRelatedProducts } = await import('../../hydrate/analytics/related-products-tracking.ts');
  const { window, document, view } = page(t);
  document.body.innerHTML = `<section data-related-products><a data-id="p2"></a><a data-id="p3"></a><a data-id="p2"></a></section>`;
  let notify: ((entries: { isIntersecting: boolean }[]) => void) | undefined;
  let disconnected = false;
  (window as unknown as { IntersectionObserver: unknown }).IntersectionObserver = class {
    constructor(callback: (entries: { isIntersecting: boolean }[]) => void, options: { threshold: number }) {
      t.equal(options.threshold, 0.5);
      notify = callback;
    }
    observe() {}
    disconnect() {
      disconnected = true;
    }
  };
  const tracked: unknown[] = [];
  observeRelatedProducts(view, 'p1', (event, fields) => tracked.push({ event, fields }));
  notify!([{ isIntersecting: false }]);
  t.same(tracked, [], 'not while out of view');
  notify!([{ isIntersecting: true }]);
  t.same(tracked, [
    { event: 'related_product_display', fields: { object_identifier: 'p1', related_item_ids: ['p2', 'p3'] } },
  ]);
  t.ok(disconnected, 'and never again');
});
