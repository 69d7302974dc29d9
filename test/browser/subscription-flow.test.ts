/**
 * A subscription in headless Chromium (issue 24): a signed-in shopper
 * chooses a size and grind of the monthly house blend, subscribes (the
 * button goes to checkout with the subscription's own cart), pays with the
 * test card and lands on the subscription confirmed page (206) with the
 * plan in the spec's wording; then pauses it and cancels it from the
 * account page's plain forms, and the date form keeps to its range. The
 * page passes axe's WCAG A/AA checks.
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
  watchProblems,
} from './browser-support.ts';

async function fillAddress(page: Page) {
  await fillCheckoutAddress(page, { email: 'sub@example.com', name: 'Sam Subscriber', ...NEW_YORK });
  await page.getByRole('button', { name: 'Update shipping and totals' }).click();
  await page.locator('.checkout-totals', { hasText: 'New York sales tax' }).waitFor();
}

t.test('subscribe, see 206, pause and cancel from the account page', { skip: browserSkip(t) }, async (t) => {
  const { base, browser } = await openSiteInBrowser(t);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  t.teardown(() => context.close());
  const page = await context.newPage();
  const problems = watchProblems(page);

  await page.goto(`${base}/account/sign-up`);
  const signUp = page.getByRole('form', { name: 'Create an account' });
  await signUp.getByLabel('Name').fill('Sam Subscriber');
  await signUp.getByLabel('Email').fill(`sub.${process.pid}@example.test`);
  await signUp.getByLabel('Password').fill('monthly-beans-42');
  await signUp.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL(`${base}/account`);
  await page.getByRole('heading', { name: 'Your subscriptions' }).waitFor();
  await t.resolveMatch(page.locator('#subscriptions').innerText(), 'You have no subscriptions in this account.');

  await page.goto(`${base}/shop/house-blend-coffee`);
  await page.getByRole('radio', { name: '12 oz' }).check();
  await page.getByRole('radio', { name: 'Whole Bean' }).check();
  await page.locator('.sqs-add-to-cart-button[data-state]').click();
  await page.waitForURL(/\/checkout\?cartToken=/);
  await page.waitForLoadState('networkidle');
  await fillAddress(page);
  await fillTestCard(page);
  await page.getByRole('button', { name: 'Place test order' }).click();
  await page.waitForURL(/\/checkout\/subscription-confirmed\?orderToken=/);
  await t.resolveMatch(
    page.getByRole('heading', { level: 1 }).innerText(),
    'Thank you, your subscription is confirmed',
  );
  const plan = page.locator('.subscription__facts div', { hasText: 'Plan' }).locator('dd');
  t.equal((await plan.innerText()).trim(), '$19.00 every month', 'the plan in the spec’s wording');
  t.same(await axeViolations(page), [], 'axe: the subscription confirmed page passes WCAG A/AA');
  await screenshot(page, 'subscription-1-confirmed');

  await page.getByRole('link', { name: 'Manage it in your account' }).click();
  await page.waitForURL(`${base}/account#subscriptions`);
  const mine = page.locator('#subscriptions article.subscription');
  await t.resolveMatch(mine.innerText(), /House Blend Coffee[\s\S]*\$19\.00 every month[\s\S]*Active/);
  const date = mine.getByLabel('Next billing date');
  t.ok(await date.getAttribute('min'), 'the date field says its earliest day');
  t.ok(await date.getAttribute('max'), 'and its latest');
  t.same(await axeViolations(page), [], 'axe: the account page with its subscription forms passes WCAG A/AA');

  await mine.getByRole('button', { name: 'Pause' }).click();
  await page.waitForURL(/subscriptionNotice=pause/);
  await t.resolveMatch(page.locator('.subscription-notice').innerText(), 'Your subscription is paused.');
  await t.resolveMatch(page.locator('#subscriptions article.subscription').innerText(), 'Paused');
  await page.locator('#subscriptions').getByRole('button', { name: 'Cancel subscription' }).click();
  await page.waitForURL(/subscriptionNotice=cancel/);
  await t.resolveMatch(page.locator('.subscription-notice').innerText(), 'Your subscription is cancelled.');
  const cancelled = page.locator('#subscriptions article.subscription');
  await t.resolveMatch(cancelled.innerText(), 'Cancelled');
  t.equal(await cancelled.getByRole('button').count(), 0, 'a cancelled subscription has nothing left to change');
  await screenshot(page, 'subscription-2-cancelled');
  t.same(problems, [], 'no console errors and no failed requests');
});
