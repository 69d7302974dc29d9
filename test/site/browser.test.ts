import t from 'tap';
import { browserSkip, launchChromium, screenshot, watchProblems } from './browser-support.ts';
import { openDemoApp } from './demo-app.ts';

const PAGES = [
  { name: 'home', url: '/' },
  { name: 'store', url: '/shop' },
  { name: 'product', url: '/shop/stoneware-mug' },
];

t.test(
  'home, store and product pages load in headless Chromium with no errors',
  { skip: browserSkip(t) },
  async (t) => {
    const { app } = await openDemoApp(t);
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const base = address.replace('127.0.0.1', 'localhost');
    const browser = await launchChromium();
    t.teardown(() => browser.close());

    for (const viewport of [
      { label: 'desktop', width: 1280, height: 900 },
      { label: 'phone', width: 390, height: 844 },
    ]) {
      const page = await browser.newPage({ viewport });
      const problems = watchProblems(page);
      for (const { name, url } of PAGES) {
        const response = await page.goto(base + url, { waitUntil: 'load' });
        t.equal(response?.status(), 200, `${viewport.label} ${url} answers 200`);
        t.equal(await page.locator('main#main-content').count(), 1, `${url} has one main landmark`);
        t.ok(await page.locator('h1').count(), `${url} has a heading`);
        await screenshot(page, `${name}-${viewport.label}`);
      }
      t.same(problems, [], `${viewport.label}: no console errors and no failed requests`);
      await page.close();
    }
  },
);
