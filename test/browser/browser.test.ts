import t from 'tap';
import { browserSkip, openSiteInBrowser, screenshot, VIEWPORTS, watchProblems } from './browser-support.ts';

const PAGES = [
  { name: 'home', url: '/' },
  { name: 'store', url: '/shop' },
  { name: 'product', url: '/shop/stoneware-mug' },
];

t.test(
  'home, store and product pages load in headless Chromium with no errors',
  { skip: browserSkip(t) },
  async (t) => {
    const { base, browser } = await openSiteInBrowser(t);

    for (const viewport of VIEWPORTS) {
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
