/**
 * Paid access in headless Chromium against the real server (issue 18): a
 * visitor is denied a lesson of the paid course, with the paywall product's
 * price and a buy button; creates an account on the way, buys the product
 * through the cart and the test-mode checkout, follows the confirmation to
 * the membership-confirmed page (208) and reads the course's lessons.
 */
import type { Request } from 'playwright-core';
import t from 'tap';
import { DEMO_WEBSITE_ID } from '../../api/seed/demo-ids.ts';
import { browserSkip, fillTestCard, openSiteInBrowser, screenshot, watchProblems } from './browser-support.ts';

const LESSON = '/roasting-at-home/reading-first-crack';
const LESSON_TEXT = 'First crack sounds like popcorn';

t.test('a visitor is denied, buys the paywall product and reads the lessons', { skip: browserSkip(t) }, async (t) => {
  const { base, browser, handle } = await openSiteInBrowser(t);
  // The demo store's $10.00 minimum is there to show its notice with this very product; this store has none.
  const { storeSettings } = await handle.db
    .selectFrom('websiteSettings')
    .select('storeSettings')
    .where('websiteId', '=', DEMO_WEBSITE_ID)
    .executeTakeFirstOrThrow();
  const { minimumSubtotalCents: _minimum, ...withoutMinimum } = storeSettings as Record<string, unknown>;
  await handle.db
    .updateTable('websiteSettings')
    .set({ storeSettings: JSON.stringify(withoutMinimum) as never })
    .where('websiteId', '=', DEMO_WEBSITE_ID)
    .execute();

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  // The denied page answers 403 by design.
  const problems = watchProblems(page, { allowStatus: (_url, status) => status === 403 });
  // Leaving a page while its islands still fetch (the cart after an add, the account) would abort that fetch, which
  // the watch reports: each step that leaves a page first waits until no request of the page is open.
  const open = new Set<Request>();
  const waiting: Array<() => void> = [];
  const closed = (request: Request) => {
    open.delete(request);
    if (open.size === 0) for (const wake of waiting.splice(0)) wake();
  };
  page.on('request', (request) => open.add(request));
  page.on('requestfinished', closed);
  page.on('requestfailed', closed);
  const settled = async () => {
    await page.waitForLoadState('load');
    if (open.size > 0) await new Promise<void>((resolve) => waiting.push(resolve));
  };

  // Denied first: the price and the way to buy, never the lesson.
  await page.goto(`${base}${LESSON}`);
  const main = page.locator('main');
  await t.resolveMatch(main.innerText(), 'This page is for members');
  await t.resolveMatch(main.innerText(), 'Membership: $6.00');
  t.notMatch(await main.innerText(), LESSON_TEXT);
  await screenshot(page, 'paid-1-denied');
  await settled();
  await page.getByRole('link', { name: "Buy The Roaster's Notebook" }).click();
  await page.waitForURL(`${base}/shop/the-roasters-notebook`);

  // A membership is an account's: create one from the product page, which brings the visitor back.
  await settled();
  await page.getByRole('link', { name: 'Create an account to buy' }).click();
  await page.waitForURL(/\/account\/sign-up\?return=/);
  const signUp = page.getByRole('form', { name: 'Create an account' });
  await signUp.getByLabel('Name').fill('Parker Buyer');
  await signUp.getByLabel('Email').fill(`parker.${process.pid}@example.test`);
  await signUp.getByLabel('Password').fill('first-crack-at-8-40');
  await settled();
  await signUp.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL(`${base}/shop/the-roasters-notebook`);

  // Signed in: bought through the cart.
  const add = page.locator('.sqs-add-to-cart-button[data-island-mounted], .sqs-add-to-cart-button[data-state]');
  await add.first().waitFor();
  const [added] = await Promise.all([
    page.waitForResponse((response) => response.url().includes('/api/commerce/shopping-cart/entries')),
    add.first().click(),
  ]);
  t.equal(added.status(), 200, 'added to the cart');
  await settled();
  await page.goto(`${base}/cart`);
  const checkout = page.locator('#sqs-cart-root a.cart-page__checkout');
  await checkout.waitFor();
  await settled();
  await checkout.click();
  await page.waitForURL(`${base}/checkout`);
  await page.getByLabel('Email').fill('parker@example.test');
  await page.getByLabel('Full name').fill('Parker Buyer');
  await fillTestCard(page);
  await settled();
  await page.getByRole('button', { name: 'Place test order' }).click();
  await page.waitForURL(/\/checkout\/order-confirmed\?orderToken=[0-9a-f]{24}$/);
  await t.resolveMatch(page.locator('.order-memberships').innerText(), 'Roasting at Home is open to you now.');
  await screenshot(page, 'paid-2-order-confirmed');

  // The way on: the membership-confirmed page, then the course and its lessons.
  await settled();
  await page.getByRole('link', { name: 'Continue to Roasting at Home' }).click();
  await page.waitForURL(/\/account\/membership-confirmed\?area=roasting-at-home$/);
  await t.resolveMatch(page.getByRole('heading', { level: 1 }).innerText(), 'Welcome to Roasting at Home');
  await settled();
  await page.getByRole('link', { name: 'Go to Roasting at Home' }).click();
  await page.waitForURL(`${base}/roasting-at-home`);
  await settled();
  await page.getByRole('link', { name: 'Lesson 2: Reading First Crack' }).click();
  await page.waitForURL(`${base}${LESSON}`);
  await t.resolveMatch(main.innerText(), LESSON_TEXT, 'the lesson is shown to the member');
  await screenshot(page, 'paid-3-lesson');
  await settled();
  await page.getByRole('link', { name: /^Next lesson: Lesson 3/ }).click();
  await page.waitForURL(`${base}/roasting-at-home/resting-and-cupping`);
  await t.resolveMatch(main.innerText(), 'Rest it at least 48 hours');

  // The product page now says so.
  await settled();
  await page.goto(`${base}/shop/the-roasters-notebook`);
  await t.resolveMatch(main.innerText(), 'You are a member: Roasting at Home is open to you.');

  // The tracker's events of these pages reached the server (the events writer stores them within a second or so).
  const expected = ['gated_content_view', 'lesson_view', 'lesson_complete', 'paywall_view', 'paywall_click'];
  const stored = async () =>
    new Set(
      (
        await handle.db
          .selectFrom('visitorEvents')
          .select('name')
          .where('kind', '=', 'event')
          .where('name', 'in', expected)
          .execute()
      ).map((row) => row.name),
    );
  for (let tries = 0; tries < 100 && (await stored()).size < expected.length; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  t.same([...(await stored())].sort(), [...expected].sort(), 'every kind of access event was recorded');

  t.same(
    problems.filter((p) => !p.startsWith('console: Failed to load resource')),
    [],
    'no errors in the page',
  );
  await context.close();
});
