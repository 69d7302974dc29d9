/**
 * axe-core in headless Chromium over every page type a shopper meets (issue
 * 19): home, lists, a post, a product of each type, the cart with items,
 * checkout and the order confirmation, at desktop and phone sizes. Every violation is listed with the
 * elements it names, and the test asks for none. axe's own script is run
 * through the DevTools protocol, which the page's Content-Security-Policy
 * does not govern; the page itself is served as visitors get it.
 */
import type { Page } from 'playwright-core';
import t from 'tap';
import { axeViolations } from './axe-check.ts';
import {
  browserSkip,
  fillCheckoutAddress,
  fillTestCard,
  NEW_YORK,
  openSiteInBrowser,
  screenshot,
  VIEWPORTS,
} from './browser-support.ts';

const PAGES: readonly { name: string; path: string }[] = [
  { name: 'home', path: '/' },
  { name: 'store list', path: '/shop' },
  { name: 'blog list', path: '/journal' },
  { name: 'blog post', path: '/journal/slow-mornings-pour-over' },
  { name: 'events list', path: '/events' },
  { name: 'gallery', path: '/gallery' },
  { name: 'physical product', path: '/shop/stoneware-mug' },
  { name: 'subscription product', path: '/shop/house-blend-coffee' },
  { name: 'digital product', path: '/shop/home-barista-field-guide' },
  { name: 'service product', path: '/shop/pour-over-fundamentals-class' },
  { name: 'gift card', path: '/shop/fernwood-gift-card' },
  { name: 'paywall product', path: '/shop/the-roasters-notebook' },
  { name: 'search', path: '/search?q=coffee' },
  { name: 'cart', path: '/cart' },
  { name: 'checkout', path: '/checkout' },
];

t.test('no axe violations on any page type, desktop and phone', { skip: browserSkip(t) }, async (t) => {
  const { base, browser } = await openSiteInBrowser(t);
  // The two sizes are two visitors with carts and orders of their own, checked side by side: most of
  // a page's time is spent waiting for its requests to settle, which the other visitor's page fills.
  const checkAt = async (viewport: (typeof VIEWPORTS)[number]) => {
    const context = await browser.newContext({ viewport: { width: viewport.width, height: viewport.height } });
    const page = await context.newPage();
    // The cart and checkout are checked with something in the cart, as a shopper reaches them.
    await page.goto(`${base}/shop/walnut-coffee-scoop`);
    const crumb = (await context.cookies()).find((cookie) => cookie.name === 'crumb')?.value ?? '';
    const itemId = await page.locator('[data-item-id]').first().getAttribute('data-item-id');
    const added = await page.request.post(`${base}/api/commerce/shopping-cart/entries`, {
      headers: { 'x-csrf-token': crumb },
      data: { itemId, quantity: 2 },
    });
    t.equal(added.status(), 200);
    const check = async (tab: Page, pages: typeof PAGES) => {
      for (const { name, path } of pages) {
        await tab.goto(`${base}${path}`);
        await tab.waitForLoadState('networkidle');
        const violations = await axeViolations(tab);
        t.same(violations, [], `${viewport.label}: ${name} (${path})`);
        // Every page type at both sizes, for looking at (issue 19), whatever axe said.
        await screenshot(tab, `page-${viewport.label}-${name.replaceAll(' ', '-')}`);
      }
    };
    // In two tabs of the visitor's, half the pages each; the order is placed once both are done.
    const second = await context.newPage();
    const half = Math.ceil(PAGES.length / 2);
    await Promise.all([check(page, PAGES.slice(0, half)), check(second, PAGES.slice(half))]);
    await second.close();
    // The confirmation, reached as a shopper does: the checkout form filled in and the test order placed.
    await page.goto(`${base}/checkout`);
    await fillCheckoutAddress(page, { email: `axe-${viewport.label}@example.com`, name: 'Alex Axe', ...NEW_YORK });
    await page.getByRole('button', { name: 'Update shipping and totals' }).click();
    await fillTestCard(page);
    await page.getByRole('button', { name: 'Place test order' }).click();
    await page.waitForURL(/\/checkout\/order-confirmed\?/);
    await page.waitForLoadState('networkidle');
    t.same(await axeViolations(page), [], `${viewport.label}: order confirmation`);
    await screenshot(page, `page-${viewport.label}-order-confirmation`);
    await context.close();
  };
  await Promise.all(VIEWPORTS.map(checkAt));
});
