/** Headless Chromium for the site tests: Debian's browser driven by playwright-core. */
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import type { Browser, Locator, Page, Request } from 'playwright-core';
import type { DatabaseHandle } from '../../api/db/open-database.ts';
import { openDemoApp } from '../site/demo-app.ts';
import { suiteTeardown } from '../suites/run-test-folders.ts';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SCREENSHOTS = new URL('../../test-output/screenshots/', import.meta.url);
/**
 * A visitor's browser names itself Chrome; headless Chromium says HeadlessChrome, which the site
 * counts as a bot. Set for the whole browser, since a per-page override (a context's userAgent)
 * does not reach the beacons a page sends as it is left, such as its web vitals.
 */
const BROWSER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
// The flags a sandboxed CI machine with no network needs (see README), and the visitor's user agent.
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  `--user-agent=${BROWSER_AGENT}`,
];

export const haveChromium = existsSync(CHROMIUM);

/** Why a browser test is skipped, or false when it can run. REQUIRE_BROWSER (CI) turns a missing browser into a failure. */
export function browserSkip(t: { fail(message: string): void }): string | false {
  if (haveChromium) return false;
  if (process.env.REQUIRE_BROWSER) t.fail(`REQUIRE_BROWSER is set but ${CHROMIUM} does not exist`);
  return `no Chromium at ${CHROMIUM}`;
}

/** The screen sizes the flows are checked at. */
export const VIEWPORTS = [
  { label: 'desktop', width: 1280, height: 900 },
  { label: 'phone', width: 390, height: 844 },
] as const;

let shared: Promise<Browser> | undefined;

/**
 * One Chromium for every browser test in the process (the browser suite runs
 * them all in one): a launch costs about half a second of two cores, and a
 * test's visitors are browser contexts of their own anyway. It closes when
 * the process's tests end, and a browser that went away is launched again.
 */
function sharedChromium(): Promise<Browser> {
  if (!shared) {
    const launched = (async () => {
      const { chromium } = await import('playwright-core');
      await mkdir(SCREENSHOTS, { recursive: true });
      const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
      browser.on('disconnected', () => {
        if (shared === launched) shared = undefined;
      });
      return browser;
    })();
    shared = launched;
    launched.catch(() => {
      if (shared === launched) shared = undefined;
    });
    suiteTeardown(async () => (await launched.catch(() => undefined))?.close());
  }
  return shared;
}

interface Teardown {
  teardown(fn: () => Promise<void> | void): void;
}

/**
 * The demo site on a real port and a browser to visit it. The base URL says
 * localhost, the demo site's host; the server closes when the test ends, and
 * so does every browser context opened in it. The database is there for flows
 * that check what the server stored.
 */
export async function openSiteInBrowser(
  t: Teardown,
  options?: Parameters<typeof openDemoApp>[1],
): Promise<{ base: string; browser: Browser; handle: DatabaseHandle }> {
  const { app, handle } = await openDemoApp(t, options);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const browser = await sharedChromium();
  // Teardowns run last first: the contexts close before the server does.
  const before = new Set(browser.contexts());
  t.teardown(async () => {
    if (!browser.isConnected()) return;
    await Promise.all(browser.contexts().map((context) => (before.has(context) ? undefined : context.close())));
  });
  return { base: address.replace('127.0.0.1', 'localhost'), browser, handle };
}

/** Collects what a visitor would call broken: console errors, page errors, failed or 4xx/5xx requests. */
export function watchProblems(page: Page, options: { allowStatus?: (url: string, status: number) => boolean } = {}) {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  // A request the browser cancels because the page is being left (a click went on to the next
  // page before, say, the favicon came, as happens on a busy machine) is not a failure: one the page
  // made before the next page was asked for, or while the next page was on its way (a script of the
  // old page, analytics started when it went idle, may still ask then). DevTools may report the
  // cancel before or after the next page commits, so both are watched.
  let navigations = 0;
  let pending = false;
  const madeAt = new WeakMap<Request, { navigations: number; pending: boolean }>();
  page.on('request', (request) => {
    const main = request.isNavigationRequest() && request.frame() === page.mainFrame();
    if (main) {
      navigations++;
      pending = true;
    }
    madeAt.set(request, { navigations, pending: pending && !main });
  });
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) pending = false;
  });
  page.on('requestfailed', (request) => {
    const error = request.failure()?.errorText;
    const made = madeAt.get(request);
    if (error === 'net::ERR_ABORTED' && made && (made.navigations !== navigations || made.pending)) return;
    // A beacon (sendBeacon, the tracker's clicks) is handed to the browser, which sends it after the page is
    // gone; DevTools reports it aborted when a click's own navigation leaves the page, even before the next
    // one commits. The paid-access test checks such clicks reach the server.
    if (error === 'net::ERR_ABORTED' && request.resourceType() === 'ping') return;
    problems.push(`failed: ${request.url()} ${error}`);
  });
  page.on('response', (response) => {
    const status = response.status();
    if (status >= 400 && !options.allowStatus?.(response.url(), status)) problems.push(`${status}: ${response.url()}`);
  });
  return problems;
}

/** Where a screenshot of that name is kept in the test output folder. */
export const screenshotPath = (name: string): string => new URL(`${name}.png`, SCREENSHOTS).pathname;

export async function screenshot(page: Page, name: string): Promise<void> {
  // The picture is of the whole page, so pictures that wait to be scrolled near (loading="lazy") are loaded
  // first: Chromium captures the full page before it fetches those, and they showed as empty boxes. Only
  // those shown: one in a closed menu never loads. The wait is bounded all the same.
  await page.evaluate(async () => {
    const waiting = [...document.images].filter(
      (image) => image.loading === 'lazy' && !image.complete && image.checkVisibility(),
    );
    for (const image of waiting) image.loading = 'eager';
    const loaded = Promise.all(waiting.map((image) => image.decode().catch(() => undefined)));
    await Promise.race([loaded, new Promise((resolve) => setTimeout(resolve, 2000))]);
  });
  await page.screenshot({ path: screenshotPath(name), fullPage: true });
}

/** The two places the flows ship to: one with a state sales tax, one without. */
export const NEW_YORK = { line1: '350 Fifth Avenue', city: 'New York', region: 'New York', postalCode: '10118' };
export const PORTLAND_MAINE = { line1: '5 Commercial Street', city: 'Portland', region: 'ME', postalCode: '04101' };

/** The checkout's contact and shipping fields filled as a shopper types them, in the United States. */
export async function fillCheckoutAddress(
  page: Page,
  address: { email: string; name: string; line1: string; city: string; region: string; postalCode: string },
): Promise<void> {
  await page.getByLabel('Email').fill(address.email);
  await page.getByLabel('Full name').fill(address.name);
  await page.getByLabel('Country').selectOption({ label: 'United States' });
  await page.getByLabel('Address line 1').fill(address.line1);
  await page.getByLabel('Town or city').fill(address.city);
  await page.getByLabel('State, province or region').fill(address.region);
  await page.getByLabel('Postal code').fill(address.postalCode);
}

/** The checkout's payment fields filled as a shopper types them: the test provider's card that succeeds, unless another is given. */
export async function fillTestCard(page: Page, cardNumber = '4242 4242 4242 4242'): Promise<void> {
  await page.getByLabel('Card number').fill(cardNumber);
  await page.getByLabel('Expiry date (MM/YY)').fill('12/49');
  await page.getByLabel('Security code').fill('123');
}

/**
 * What a live region says once it says anything: a panel's status is empty until its request is answered, so
 * reading it right after the click raced the server. Waits for any text, not the expected text, so a wrong
 * message still fails the test that compares it.
 */
export async function announcedText(status: Locator): Promise<string> {
  await status.filter({ hasText: /\S/ }).waitFor();
  return status.innerText();
}
