/**
 * An order's later life in headless Chromium (issue 24): a shopper buys two
 * mugs and a scoop; the store manager sends one mug in a first parcel from
 * the orders panel (a lowered quantity); the buyer's status page (211),
 * opened from the receipt's link, says partly fulfilled with the parcel's
 * carrier tracking link; the rest goes; a week later (a driven clock) the
 * reviews request's link opens the reviews page (209), whose link leads to
 * the product's review form with the buyer's name in it. The manager opens
 * the email preview (301) from the orders panel. Each page passes axe.
 */
import t from 'tap';
import { JobRunner } from '../../api/jobs/job-runner.ts';
import { listOutbox } from '../../api/mail/index.ts';
import { DEMO_WEBSITE_ID } from '../../api/seed/demo-ids.ts';
import { DEMO_OWNERS } from '../../api/seed/demo-owners.ts';
import { reviewsRequestJobHandlers } from '../../api/services/reviews-request.ts';
import { productId, TEST_SECRET } from '../api-http/api-helpers.ts';
import { axeViolations } from './axe-check.ts';
import {
  announcedText,
  browserSkip,
  fillCheckoutAddress,
  fillTestCard,
  openSiteInBrowser,
  screenshot,
  watchProblems,
} from './browser-support.ts';

const DAY = 24 * 60 * 60 * 1000;

t.test('a parcel, the status page, the reviews request and the email preview', { skip: browserSkip(t) }, async (t) => {
  const { base, browser, handle } = await openSiteInBrowser(t);
  const db = handle.db;

  // The shopper pays for two mugs and a scoop.
  const shopperContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  t.teardown(() => shopperContext.close());
  const shopper = await shopperContext.newPage();
  await shopper.goto(`${base}/shop/stoneware-mug`);
  const crumb = (await shopperContext.cookies()).find((cookie) => cookie.name === 'crumb')?.value ?? '';
  for (const data of [
    { itemId: productId('stoneware-mug'), sku: 'FW-MUG-OAT', quantity: 2 },
    { itemId: productId('walnut-coffee-scoop'), quantity: 1 },
  ]) {
    const added = await shopper.request.post(`${base}/api/commerce/shopping-cart/entries`, {
      headers: { 'x-csrf-token': crumb },
      data,
    });
    t.equal(added.status(), 200);
  }
  await shopper.goto(`${base}/checkout`);
  await fillCheckoutAddress(shopper, {
    email: 'lin@example.com',
    name: 'Lin Shopper',
    line1: '12 Fore Street',
    city: 'Portland',
    region: 'Maine',
    postalCode: '04101',
  });
  await shopper.getByRole('button', { name: 'Update shipping and totals' }).click();
  await shopper.locator('.checkout-totals', { hasText: 'Shipping' }).waitFor();
  await fillTestCard(shopper);
  await shopper.getByRole('button', { name: 'Place test order' }).click();
  await shopper.waitForURL(/\/checkout\/order-confirmed\?orderToken=/);
  const receipt = (await listOutbox(db, { websiteId: DEMO_WEBSITE_ID })).find(
    (mail) => mail.kind === 'order-confirmation' && mail.to === 'lin@example.com',
  );
  const statusPath = new URL(/https?:\/\/\S+\/account\/orders\/\S+/.exec(receipt?.text ?? '')?.[0] ?? base);
  const statusUrl = `${base}${statusPath.pathname}${statusPath.search}`;

  // The store manager sends one mug first.
  const ownerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  t.teardown(() => ownerContext.close());
  const owner = await ownerContext.newPage();
  await owner.goto(`${base}/config`);
  const main = owner.getByRole('main');
  await main.getByLabel('Email').fill(DEMO_OWNERS.storeManager.email);
  await main.getByLabel('Password').fill(DEMO_OWNERS.storeManager.password);
  await main.getByRole('button', { name: 'Sign in' }).click();
  await owner.getByRole('navigation', { name: 'Administration' }).waitFor();
  const problems = watchProblems(owner);
  await owner.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Orders' }).click();
  await main.getByRole('button', { name: 'Open order #1001' }).click();
  await main.getByRole('heading', { level: 2, name: 'Order #1001' }).waitFor();
  await main.getByLabel('Stoneware Mug (of 2 left)').fill('1');
  await main.getByLabel('Walnut Coffee Scoop (of 1 left)').fill('0');
  await main.getByLabel('Carrier').fill('UPS');
  await main.getByLabel('Tracking number').fill('1Z999AA10123456784');
  await main.getByRole('button', { name: 'Mark fulfilled' }).click();
  t.match(
    await announcedText(main.locator('.submission-detail').getByRole('status')),
    'The parcel was recorded and the customer emailed.',
  );
  await t.resolveMatch(
    main.getByRole('table', { name: 'Parcels' }).innerText(),
    /1 × Stoneware Mug\s+UPS\s+1Z999AA10123456784/,
  );
  t.equal(await main.getByRole('button', { name: 'Cancel order' }).count(), 0, 'a parcel has gone: no cancelling');
  t.same(await axeViolations(owner), [], 'axe: the order with its parcels and the fulfil form');

  // The buyer follows the receipt's link.
  await shopper.goto(statusUrl);
  const status = shopper.getByRole('main');
  await t.resolveMatch(status.locator('.order-status__state').innerText(), 'Partly fulfilled');
  await t.resolveMatch(status.innerText(), 'Partly fulfilled: 1 of 2 sent');
  t.equal(
    await status.getByRole('link', { name: 'Track this parcel' }).getAttribute('href'),
    'https://www.ups.com/track?tracknum=1Z999AA10123456784',
  );
  t.same(await axeViolations(shopper), [], 'axe: the status page');
  await screenshot(shopper, 'order-status-partly-fulfilled');

  // The rest goes; the order is fulfilled.
  await main.getByLabel('Carrier').fill('USPS');
  await main.getByLabel('Tracking number').fill('9400111899223197428490');
  await main.getByRole('button', { name: 'Mark fulfilled' }).click();
  await main
    .locator('.submission-detail')
    .getByRole('status')
    .getByText('The order was fulfilled and the customer emailed.')
    .waitFor();
  await shopper.reload();
  await t.resolveMatch(status.locator('.order-status__state').innerText(), 'Fulfilled');

  // A week and a day later the reviews request goes out.
  const runner = new JobRunner(db, {
    handlers: reviewsRequestJobHandlers(TEST_SECRET),
    now: () => new Date(Date.now() + 8 * DAY),
  });
  t.equal(await runner.runDue(), 1);
  const request = (await listOutbox(db, { websiteId: DEMO_WEBSITE_ID })).find(
    (mail) => mail.kind === 'reviews-request',
  );
  const link = new URL(/https?:\/\/\S+\/commerce\/reviews-request\?\S+/.exec(request?.text ?? '')?.[0] ?? base);
  await shopper.goto(`${base}${link.pathname}${link.search}`);
  await shopper.getByRole('heading', { level: 1, name: 'How did we do?' }).waitFor();
  t.same(await axeViolations(shopper), [], 'axe: the reviews request page');
  await shopper.getByRole('link', { name: 'Review Stoneware Mug' }).click();
  await shopper.waitForURL(/\/shop\/stoneware-mug\?reviewer=Lin\+Shopper#reviews$/);
  const name = shopper.locator('#reviews').getByLabel('Your name');
  await name.waitFor();
  t.equal(await name.inputValue(), 'Lin Shopper', 'the review form has the buyer’s name');

  // The email preview, from the orders panel.
  await main.getByRole('button', { name: 'Close' }).click();
  await main.getByRole('link', { name: "Preview the store's emails" }).click();
  await owner.getByRole('heading', { level: 1, name: 'Store emails' }).waitFor();
  await t.resolveMatch(owner.locator('article#email-reviews-request').innerText(), 'How do you like your order');
  await owner.getByLabel('Order number').fill('1001');
  await owner.getByRole('button', { name: 'Preview with this order' }).click();
  await t.resolveMatch(owner.locator('article#email-order-confirmation').innerText(), 'lin@example.com');
  t.same(await axeViolations(owner), [], 'axe: the email preview');
  await screenshot(owner, 'commerce-email-preview');
  t.same(problems, [], 'no console errors or failed requests');
});
