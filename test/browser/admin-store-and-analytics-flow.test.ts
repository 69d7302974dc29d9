/**
 * The admin app's store creation and dashboards in headless Chromium:
 * - a shopper browses the demo store in a fresh context, adds to cart and
 *   orders; the administrator's Analytics panel then shows the visits, the
 *   funnel steps and web vitals of the pages visited, with a table for the chart;
 * - the administrator creates a store from the Navigation panel, keyboard
 *   only, and finds it first in the site's menu; moves a link with the
 *   keyboard and the focus stays on it.
 */
import type { Page } from 'playwright-core';
import t from 'tap';
import { DEMO_OWNERS } from '../../api/seed/demo-owners.ts';
import {
  browserSkip,
  fillCheckoutAddress,
  fillTestCard,
  openSiteInBrowser,
  PORTLAND_MAINE,
  screenshot,
  screenshotPath,
  watchProblems,
} from './browser-support.ts';

async function signIn(page: Page, base: string) {
  await page.goto(`${base}/config`);
  const main = page.getByRole('main');
  await main.getByLabel('Email').fill(DEMO_OWNERS.admin.email);
  await main.getByLabel('Password').fill(DEMO_OWNERS.admin.password);
  await main.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('navigation', { name: 'Administration' }).waitFor();
}

t.test(
  'visits and an order show on the dashboards; a store is created into the menu',
  { skip: browserSkip(t) },
  async (t) => {
    const { base, browser } = await openSiteInBrowser(t);

    const shopper = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await shopper.newPage();
    const problems = watchProblems(page);
    await page.goto(`${base}/`);
    await page.waitForLoadState('networkidle');
    await page.goto(`${base}/shop/cedar-and-smoke-candle`);
    await page.waitForLoadState('networkidle');
    await page
      .getByRole('button', { name: /add to cart/i })
      .first()
      .click();
    await page.getByRole('button', { name: /added/i }).first().waitFor();
    // The page's events leave when it is hidden: going on to the cart sends the product page's records.
    await page.goto(`${base}/cart`);
    await page.waitForLoadState('networkidle');
    await page.goto(`${base}/checkout`);
    await fillCheckoutAddress(page, { email: 'dashboard@example.com', name: 'Dana Board', ...PORTLAND_MAINE });
    await page.getByRole('button', { name: 'Update shipping and totals' }).click();
    await page.locator('.checkout-totals', { hasText: 'Maine sales tax' }).waitFor();
    await fillTestCard(page);
    await page.getByRole('button', { name: 'Place test order' }).click();
    await page.waitForURL(/\/checkout\/order-confirmed\?orderToken=/);
    // The confirmation's own events (checkout confirmed) leave as the page is left.
    await page.waitForLoadState('networkidle');
    await page.goto(`${base}/`);
    await page.waitForLoadState('networkidle');
    t.same(problems, [], 'the shopper met no errors');
    await shopper.close();

    const admin = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    t.teardown(() => admin.close());
    const owner = await admin.newPage();
    await signIn(owner, base);
    const nav = owner.getByRole('navigation', { name: 'Administration' });
    await nav.getByRole('link', { name: 'Analytics' }).click();
    const main = owner.getByRole('main');
    const pages = main.getByRole('table', { name: 'Top pages' });
    const vitals = main.getByRole('table', { name: /Web vitals/ });
    const funnelTable = main.getByRole('table', { name: 'Conversion funnel' });
    // Beacons are written a second after they arrive, and a page's web vitals leave as it is left:
    // show the range again until the last page's view and the vitals of the pages before it are in.
    for (let tries = 0; tries < 20; tries++) {
      await main.getByRole('button', { name: 'Show' }).click();
      await owner.waitForTimeout(300);
      const shown = [await pages.innerText(), await vitals.innerText(), await funnelTable.innerText()];
      if (shown[0]!.includes('/checkout') && shown[1]!.includes('/cart') && /Ordered\s+1/.test(shown[2]!)) break;
    }
    const topPages = await pages.innerText();
    t.match(topPages, '/shop/cedar-and-smoke-candle', 'the product page was counted');
    t.match(topPages, '/checkout');
    t.match(await main.getByRole('table', { name: 'Traffic' }).innerText(), /\d+\s+1\s+\d+/, 'one unique visitor');
    t.match(await main.getByRole('table', { name: 'Devices' }).innerText(), 'phone');
    const funnel = await funnelTable.innerText();
    t.match(funnel, /Viewed a product\s+1/);
    t.match(funnel, /Added to cart\s+1/, 'the add to cart island asked for its event');
    t.match(funnel, /Reached checkout\s+1/);
    t.match(funnel, /Ordered\s+1/, 'the confirmation counted the order');
    // Paid with the test provider's card: a test order, counted in the funnel but kept out of the sales figures.
    t.match(await main.getByRole('table', { name: 'Top products' }).innerText(), 'Nothing in this range yet.');
    t.match(await vitals.innerText(), /TTFB|FCP/, 'web vitals of the pages visited');
    await screenshot(owner, 'admin-analytics');
    for (const [name, heading] of [
      ['traffic', 'traffic-heading'],
      ['commerce', 'commerce-heading'],
      ['site-speed', 'speed-heading'],
    ] as const) {
      const section = main.locator(`section[aria-labelledby="${heading}"]`);
      await section.screenshot({ path: screenshotPath(`admin-analytics-${name}`) });
    }

    await nav.getByRole('link', { name: 'Navigation' }).click();
    await main.getByRole('heading', { name: 'Navigation', level: 1 }).waitFor();
    await main.getByRole('button', { name: 'Create a store' }).focus();
    await owner.keyboard.press('Enter');
    const dialog = owner.getByRole('dialog', { name: 'Create a store' });
    await dialog.waitFor();
    await dialog.getByLabel('Title').fill('Winter Market');
    await dialog.getByLabel('Title').press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await main.getByRole('status').getByText('The store Winter Market is made, at /winter-market.').waitFor();
    const firstLink = main.locator('.nav-editor').first().locator('li').first();
    t.match(await firstLink.innerText(), 'Winter Market', 'first in the main navigation');
    await screenshot(owner, 'admin-navigation');

    const site = await admin.newPage();
    await site.goto(`${base}/`);
    const menu = await site.getByRole('navigation').first().innerText();
    t.match(menu, 'Winter Market', "the new store is in the site's menu");
    t.ok(menu.indexOf('Winter Market') < menu.indexOf('Shop'), 'before the links that were there');
    await site.getByRole('link', { name: 'Winter Market' }).first().click();
    await site.waitForURL(`${base}/winter-market`);

    // Keyboard: move the new store down one place; the focus stays on its Down button's row.
    const down = main.getByRole('button', { name: 'Move Winter Market down' });
    await down.focus();
    await owner.keyboard.press('Enter');
    const focused = await owner.evaluate(() => document.activeElement?.getAttribute('aria-label'));
    t.equal(focused, 'Move Winter Market up', 'the focus follows the link to its new place');
    t.match(await main.locator('.nav-editor').first().locator('li').nth(1).innerText(), 'Winter Market');
  },
);
