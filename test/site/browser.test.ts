import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import t from 'tap';
import { openDemoApp } from './demo-app.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SCREENSHOTS = new URL('../../test-output/screenshots/', import.meta.url);
// The flags a sandboxed CI machine with no network needs (see README).
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

const PAGES = [
  { name: 'home', url: '/' },
  { name: 'store', url: '/shop' },
  { name: 'product', url: '/shop/stoneware-mug' },
];

const haveChromium = existsSync(CHROMIUM);
if (!haveChromium && process.env.REQUIRE_BROWSER) {
  t.fail(`REQUIRE_BROWSER is set but ${CHROMIUM} does not exist`);
}

t.test(
  'home, store and product pages load in headless Chromium with no errors',
  { skip: !haveChromium && `no Chromium at ${CHROMIUM}` },
  async (t) => {
    const { chromium } = await import('playwright-core');
    const { app } = await openDemoApp(t);
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const base = address.replace('127.0.0.1', 'localhost');
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    t.teardown(() => browser.close());
    await mkdir(SCREENSHOTS, { recursive: true });

    for (const viewport of [
      { label: 'desktop', width: 1280, height: 900 },
      { label: 'phone', width: 390, height: 844 },
    ]) {
      const page = await browser.newPage({ viewport });
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(`console: ${message.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      page.on('requestfailed', (request) => problems.push(`failed: ${request.url()} ${request.failure()?.errorText}`));
      page.on('response', (response) => {
        if (response.status() >= 400) problems.push(`${response.status()}: ${response.url()}`);
      });
      for (const { name, url } of PAGES) {
        const response = await page.goto(base + url, { waitUntil: 'load' });
        t.equal(response?.status(), 200, `${viewport.label} ${url} answers 200`);
        t.equal(await page.locator('main#main-content').count(), 1, `${url} has one main landmark`);
        t.ok(await page.locator('h1').count(), `${url} has a heading`);
        const path = new URL(`${name}-${viewport.label}.png`, SCREENSHOTS).pathname;
        await page.screenshot({ path, fullPage: true });
      }
      t.same(problems, [], `${viewport.label}: no console errors and no failed requests`);
      await page.close();
    }
  },
);
