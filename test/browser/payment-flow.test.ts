/**
 * Paying at checkout in headless Chromium (issue 20), with the built-in
 * test provider: a shopper enters an address, picks Express shipping,
 * applies WELCOME10, tries a card that is declined (the provider's words,
 * the cart and the form as they were), pays with 4242 4242 4242 4242 and
 * sees the confirmation; the receipt reaches a real SMTP server on
 * loopback and its link opens the order's status page. Another shopper's
 * card asks for a second step: the stand-in bank page, cancelled (back to
 * checkout, nothing lost), then completed (the order).
 */

import type { Page } from 'playwright-core';
import t from 'tap';
import { sendPendingMail, smtpTransport } from '../../api/mail/index.ts';
import { PAYMENT_MESSAGES } from '../../api/payments/payment-provider.ts';
import { startSmtpServer } from '../api/helpers/smtp-server.ts';
import { wcagViolations } from './axe-check.ts';
import {
  browserSkip,
  fillCheckoutAddress,
  fillTestCard,
  NEW_YORK,
  openSiteInBrowser,
  screenshot,
  watchProblems,
} from './browser-support.ts';

/** A mail's text as the SMTP server got it: quoted-printable decoded. */
function mailText(raw: string): string {
  const unfolded = raw.replace(/=\r?\n/g, '');
  return Buffer.from(
    unfolded.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
}

/** Two of a product in the cart, through the API as the product page's script would. */
async function addToCart(page: Page, base: string, path: string, sku: string) {
  await page.goto(`${base}${path}`);
  const crumb = (await page.context().cookies()).find((cookie) => cookie.name === 'crumb')?.value ?? '';
  return page.request.post(`${base}/api/commerce/shopping-cart/entries`, {
    headers: { 'x-csrf-token': crumb },
    data: { itemId: await page.locator('[data-item-id]').first().getAttribute('data-item-id'), sku, quantity: 2 },
  });
}

async function fillAddress(page: Page, email: string) {
  await fillCheckoutAddress(page, { email: email, name: 'Sam Shopper', ...NEW_YORK });
  await page.getByRole('button', { name: 'Update shipping and totals' }).click();
  await page.locator('.checkout-totals', { hasText: 'New York sales tax' }).waitFor();
}

t.test(
  'a shopper pays: declined, then paid, the receipt mailed; a second step cancelled, then completed',
  { skip: browserSkip(t) },
  async (t) => {
    const smtp = await startSmtpServer(t);
    const { base, browser, handle } = await openSiteInBrowser(t);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    t.teardown(() => context.close());
    const page = await context.newPage();
    const problems = watchProblems(page);

    t.equal((await addToCart(page, base, '/shop/stoneware-mug', 'FW-MUG-OAT')).status(), 200);
    await page.goto(`${base}/checkout`);
    await page.waitForLoadState('networkidle');
    await fillAddress(page, 'sam@example.com');
    const shipping = page.getByRole('group', { name: 'Shipping method' });
    await shipping.getByRole('radio', { name: /Express shipping/ }).check();
    await page.getByLabel('Discount code').fill('WELCOME10');
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    const totals = page.locator('.checkout-summary .checkout-totals');
    await page.locator('.checkout-totals', { hasText: 'WELCOME10' }).waitFor();
    const charged =
      /Subtotal\s*\$64\.00\s*Discount WELCOME10\s*−\$6\.40\s*Shipping\s*\$18\.00\s*New York sales tax \(4%\)\s*\$3\.02\s*Total\s*\$78\.62/;
    await t.resolveMatch(totals.innerText(), charged);
    await t.resolveMatch(page.locator('.checkout-payment__test').innerText(), /4242 4242 4242 4242\s*Succeeds/);
    t.same(await wcagViolations(page), [], 'axe: the checkout with its payment section passes WCAG A/AA');
    await screenshot(page, 'payment-1-checkout');

    // A card that is declined: the provider's words, focused, and everything as it was.
    await fillTestCard(page, '4000 0000 0000 0002');
    await page.getByRole('button', { name: 'Place test order' }).click();
    const alert = page.locator('.checkout-alert');
    await alert.waitFor();
    await t.resolveMatch(alert.innerText(), /Your card was declined\. Please use another card\./);
    await t.resolveMatch(alert.innerText(), /No order was placed and your cart is as it was\./);
    t.equal(
      await page.evaluate(() => document.activeElement?.classList.contains('checkout-alert')),
      true,
      'the alert has focus',
    );
    await t.resolveMatch(totals.innerText(), charged, 'the cart, shipping and code are kept');
    t.equal(await page.getByLabel('Email').inputValue(), 'sam@example.com', 'what was typed is kept');
    t.equal(await page.getByLabel('Card number').inputValue(), '', 'but not the card');
    t.ok(await shipping.getByRole('radio', { name: /Express shipping/ }).isChecked());
    const orders = () => handle.db.selectFrom('orders').select(['orderNumber', 'paymentStatus']).execute();
    t.same(
      (await orders()).map((order) => order.paymentStatus),
      ['failed'],
      'no order: the attempt is kept as failed',
    );
    await screenshot(page, 'payment-2-declined');

    await fillTestCard(page);
    await page.getByRole('button', { name: 'Place test order' }).click();
    await page.waitForURL(/\/checkout\/order-confirmed\?orderToken=[0-9a-f]{24}$/);
    await t.resolveMatch(page.getByRole('heading', { level: 1 }).innerText(), 'Thank you, your order is placed');
    await t.resolveMatch(
      page.locator('.checkout-test-notice').innerText(),
      'Test order: paid with a test card, so no money moved.',
    );
    await t.resolveMatch(page.locator('.order-confirmed__receipt').innerText(), /on its way to sam@example\.com/);
    await t.resolveMatch(
      page.locator('.checkout-totals').innerText(),
      /Discount WELCOME10\s*−\$6\.40\s*Shipping \(Express shipping\)\s*\$18\.00[\s\S]*Total\s*\$78\.62/,
    );
    await screenshot(page, 'payment-3-confirmed');

    // The receipt and the owner's notice go out through a real SMTP server.
    const transport = smtpTransport(smtp.url);
    t.teardown(() => transport.close());
    t.same(await sendPendingMail(handle.db, transport, { from: 'Fernwood <shop@fernwood.test>' }), {
      sent: 2,
      failed: 0,
    });
    const receipt = smtp.received.find((mail) => mail.to.includes('sam@example.com'));
    const text = mailText(receipt?.raw ?? '');
    t.match(text, /Subject: Your order #1001 at Fernwood Coffee & Home/);
    t.match(text, '2 × Stoneware Mug (Color: Oat)  $64.00');
    t.match(
      text,
      'Discount WELCOME10: −$6.40\nShipping (Express shipping): $18.00\nNew York sales tax (4%): $3.02\nTotal: $78.62'.replaceAll(
        '\n',
        '\r\n',
      ),
    );
    t.match(text, 'Shipping to:\r\nSam Shopper\r\n350 Fifth Avenue\r\nNew York, New York 10118\r\nUnited States');
    t.ok(
      smtp.received.some((mail) => mail.to.includes('nora@example.com')),
      "the owner's notice",
    );
    const link = /(http:\/\/localhost:\d+\/account\/orders\/1001\?orderToken=[0-9a-f]{32})/.exec(text)?.[1];
    t.ok(link, 'the receipt links to the order');

    // The link works in another browser, with no cookie of the shopper's.
    const reader = await browser.newContext();
    t.teardown(() => reader.close());
    const mailPage = await reader.newPage();
    await mailPage.goto(link ?? base);
    await t.resolveMatch(mailPage.getByRole('heading', { level: 1 }).innerText(), 'Order #1001');
    await t.resolveMatch(mailPage.locator('.checkout-totals').innerText(), /Total\s*\$78\.62/);
    await screenshot(mailPage, 'payment-4-status-page');
    t.same(problems, [], 'no console errors or failed requests');

    // A card that asks for a second step: cancelled, then completed.
    const other = await browser.newContext({ viewport: { width: 390, height: 844 } });
    t.teardown(() => other.close());
    const phone = await other.newPage();
    const phoneProblems = watchProblems(phone);
    t.equal((await addToCart(phone, base, '/shop/walnut-coffee-scoop', 'FW-SCOOP')).status(), 200);
    await phone.goto(`${base}/checkout`);
    await phone.waitForLoadState('networkidle');
    await fillAddress(phone, 'robin@example.com');
    await fillTestCard(phone, '4000 0025 0000 3155');
    await phone.getByRole('button', { name: 'Place test order' }).click();
    await phone.waitForURL(/\/checkout\/payment-step\?payment=tp_[0-9a-f]{24}$/);
    await t.resolveMatch(phone.getByRole('heading', { level: 1 }).innerText(), 'Confirm your payment');
    t.same(await wcagViolations(phone), [], 'axe: the bank step passes WCAG A/AA');
    await screenshot(phone, 'payment-5-second-step');
    await phone.getByRole('button', { name: 'Cancel payment' }).click();
    await phone.waitForURL(/\/checkout\?attempt=[0-9a-f]{32}$/);
    await t.resolveMatch(phone.locator('.checkout-alert').innerText(), PAYMENT_MESSAGES.actionFailed);
    t.equal(await phone.getByLabel('Email').inputValue(), 'robin@example.com', 'the details come back');
    await t.resolveMatch(phone.locator('.checkout-summary').innerText(), /Walnut Coffee Scoop/, 'the cart is kept');
    await screenshot(phone, 'payment-6-step-cancelled');

    await fillTestCard(phone, '4000 0025 0000 3155');
    await phone.getByRole('button', { name: 'Place test order' }).click();
    await phone.waitForURL(/\/checkout\/payment-step\?/);
    await phone.getByRole('button', { name: 'Complete payment' }).click();
    await phone.waitForURL(/\/checkout\/order-confirmed\?orderToken=/);
    await t.resolveMatch(phone.locator('.order-confirmed__number').innerText(), 'Order number #1002');
    t.same((await orders()).map((order) => [order.paymentStatus, order.orderNumber]).sort(), [
      ['failed', null],
      ['failed', null],
      ['paid', 1001],
      ['paid', 1002],
    ]);
    t.same(phoneProblems, [], 'no console errors or failed requests on the phone');
  },
);
