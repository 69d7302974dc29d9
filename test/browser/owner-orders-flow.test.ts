/**
 * The orders panel in headless Chromium (issue 22): a shopper pays for two
 * mugs with the test card 4242 4242 4242 4242; the store manager, in
 * another browser context, finds the order in /config by the shopper's
 * email, opens it, fulfils it with a carrier, tracking number and tracking
 * address, and the buyer's email with them arrives at a real SMTP server
 * on loopback. The panel passes axe (WCAG A and AA).
 */

import t from 'tap';
import { sendPendingMail, smtpTransport } from '../../api/mail/index.ts';
import { DEMO_OWNERS } from '../../api/seed/demo-owners.ts';
import { startSmtpServer } from '../api/helpers/smtp-server.ts';
import { wcagViolations } from './axe-check.ts';
import {
  announcedText,
  browserSkip,
  fillCheckoutAddress,
  fillTestCard,
  NEW_YORK,
  openSiteInBrowser,
  screenshot,
  watchProblems,
} from './browser-support.ts';

/** A mail's text as the SMTP server got it: quoted-printable decoded, lines unfolded. */
function mailText(raw: string): string {
  const unfolded = raw.replace(/=\r?\n/g, '');
  return Buffer.from(
    unfolded.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
}

t.test('a store manager fulfils a shopper’s order and the buyer is emailed', { skip: browserSkip(t) }, async (t) => {
  const smtp = await startSmtpServer(t);
  const { base, browser, handle } = await openSiteInBrowser(t);
  const transport = smtpTransport(smtp.url);
  t.teardown(() => transport.close());

  // The shopper pays.
  const shopperContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  t.teardown(() => shopperContext.close());
  const shopper = await shopperContext.newPage();
  await shopper.goto(`${base}/shop/stoneware-mug`);
  const crumb = (await shopperContext.cookies()).find((cookie) => cookie.name === 'crumb')?.value ?? '';
  const added = await shopper.request.post(`${base}/api/commerce/shopping-cart/entries`, {
    headers: { 'x-csrf-token': crumb },
    data: {
      itemId: await shopper.locator('[data-item-id]').first().getAttribute('data-item-id'),
      sku: 'FW-MUG-OAT',
      quantity: 2,
    },
  });
  t.equal(added.status(), 200);
  await shopper.goto(`${base}/checkout`);
  await shopper.waitForLoadState('networkidle');
  await fillCheckoutAddress(shopper, { email: 'lin@example.com', name: 'Lin Shopper', ...NEW_YORK });
  await shopper.getByRole('button', { name: 'Update shipping and totals' }).click();
  await shopper.locator('.checkout-totals', { hasText: 'New York sales tax' }).waitFor();
  await fillTestCard(shopper);
  await shopper.getByRole('button', { name: 'Place test order' }).click();
  await shopper.waitForURL(/\/checkout\/order-confirmed\?orderToken=/);
  t.same(await sendPendingMail(handle.db, transport, { from: 'Fernwood <shop@fernwood.test>' }), {
    sent: 2,
    failed: 0,
  });

  // The store manager finds it and fulfils it.
  const ownerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  t.teardown(() => ownerContext.close());
  const owner = await ownerContext.newPage();
  await owner.goto(`${base}/config`);
  const main = owner.getByRole('main');
  await main.getByLabel('Email').fill(DEMO_OWNERS.storeManager.email);
  await main.getByLabel('Password').fill(DEMO_OWNERS.storeManager.password);
  await main.getByRole('button', { name: 'Sign in' }).click();
  // Watched from here: before signing in, the app's session check is a 401 by design.
  await owner.getByRole('navigation', { name: 'Administration' }).waitFor();
  const problems = watchProblems(owner);
  await owner.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Orders' }).click();
  await owner.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
  await main.getByLabel('Search by order number, email or name').fill('lin@');
  await main.getByRole('button', { name: 'Search', exact: true }).click();
  await main.getByText('Orders 1–1 of 1').waitFor();
  await main.getByRole('button', { name: 'Open order #1001' }).click();
  const heading = main.getByRole('heading', { level: 2, name: 'Order #1001' });
  await heading.waitFor();
  t.equal(
    await owner.evaluate(() => document.activeElement?.textContent),
    'Order #1001',
    'the order’s heading has focus',
  );
  t.same(await wcagViolations(owner), [], 'axe: the orders panel with an order open passes WCAG A/AA');
  await main.getByLabel('Carrier').fill('USPS');
  await main.getByLabel('Tracking number').fill('9400111899223197428490');
  await main
    .getByLabel('Tracking address')
    .fill('https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111899223197428490');
  await main.getByRole('button', { name: 'Mark fulfilled' }).click();
  t.match(
    await announcedText(main.locator('.submission-detail').getByRole('status')),
    'The order was fulfilled and the customer emailed.',
  );
  await t.resolveMatch(main.locator('.submission-detail').innerText(), /Fulfilled[\s\S]*USPS · 9400111899223197428490/);
  t.equal(await main.getByRole('button', { name: 'Mark fulfilled' }).count(), 0, 'no second fulfilment');
  await screenshot(owner, 'owner-orders-fulfilled');

  t.same(await sendPendingMail(handle.db, transport, { from: 'Fernwood <shop@fernwood.test>' }), {
    sent: 1,
    failed: 0,
  });
  const shipped = smtp.received.filter((mail) => mail.to.includes('lin@example.com')).at(-1);
  const text = mailText(shipped?.raw ?? '');
  t.match(text, /Subject: Your order #1001 from Fernwood Coffee & Home is on its way/);
  t.match(text, 'Carrier: USPS\r\nTracking number: 9400111899223197428490');
  t.same(problems, [], 'no console errors or failed requests');
});
