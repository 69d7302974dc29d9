/**
 * Paying at checkout (issue 20), through the form without script and the
 * pages it leads to, on the demo store: the test provider's card that
 * succeeds places the order, queues its receipt and the owner's notice, and
 * the receipt's link opens the order's status page (211); a declined card
 * shows the provider's words and takes nothing; the payment fields are
 * checked before anything is held; the second step at
 * /checkout/payment-step, completed and cancelled. Then the intents
 * provider against a loopback server: its payment method field, its bank's
 * second step and the way back, and POST /api/payments/webhook (a signed
 * event settles the held order once; a bad or stale signature is refused;
 * a replay changes nothing).
 */
import type { LightMyRequestResponse } from 'fastify';
import t from 'tap';
import { PAYMENT_WEBHOOK_PATH } from '../../api/http/payment-webhook-routes.ts';
import { listOutbox } from '../../api/mail/index.ts';
import { IntentsPaymentProvider } from '../../api/payments/intents-payment-provider.ts';
import { PAYMENT_MESSAGES } from '../../api/payments/payment-provider.ts';
import { signWebhook } from '../../api/payments/webhook-signature.ts';
import { DEMO_WEBSITE_ID } from '../../api/seed/demo-ids.ts';
import { PAYMENT_FORM_MESSAGES } from '../../api/services/payment-form.ts';
import { FAKE_SECRET_KEY, startFakeIntentsServer } from '../api/helpers/fake-intents-server.ts';
import { type DemoApp, openDemoApp } from '../site/demo-app.ts';
import { CRUMB, PAY_WITH_TEST_CARD, productId, Visitor } from './api-helpers.ts';

const SCOOP = { itemId: productId('walnut-coffee-scoop'), quantity: 2 };
const BUYER = {
  email: 'ada@example.coffee',
  name: 'Ada Lovelace',
  addressLine1: '12 Fore Street',
  addressLine2: '',
  city: 'Portland',
  region: 'ME',
  postalCode: '04101',
  country: 'US',
};
const card = (cardNumber: string) => ({ ...PAY_WITH_TEST_CARD, cardNumber });

const main = (html: string) => html.slice(html.indexOf('<main'), html.indexOf('</main>'));

/** A form post as a browser sends it (crumb in a hidden field, cookies kept and cleared); the answer before any redirect. */
async function post(visitor: Visitor, url: string, fields: Record<string, string>): Promise<LightMyRequestResponse> {
  const response = await visitor.app.inject({
    method: 'POST',
    url,
    remoteAddress: visitor.address,
    headers: { host: visitor.host, cookie: visitor.cookieHeader, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
  for (const cookie of response.cookies as Array<{ name: string; value: string; maxAge?: number }>) {
    if (cookie.maxAge === 0) visitor.cookies.delete(cookie.name);
    else visitor.cookies.set(cookie.name, cookie.value);
  }
  return response;
}

const checkout = (visitor: Visitor, fields: Record<string, string>) =>
  post(visitor, '/checkout', { crumb: CRUMB, ...fields });

/** Where a 303 sends the browser, followed as a GET. */
async function follow(visitor: Visitor, answer: LightMyRequestResponse): Promise<LightMyRequestResponse> {
  if (answer.statusCode !== 303) throw new Error(`not a redirect: ${answer.statusCode} ${answer.body.slice(0, 200)}`);
  return visitor.request('GET', String(answer.headers.location));
}

const paidOrders = (demo: DemoApp) =>
  demo.handle.db
    .selectFrom('orders')
    .selectAll()
    .where('websiteId', '=', DEMO_WEBSITE_ID)
    .where('paymentStatus', '=', 'paid')
    .orderBy('orderNumber')
    .execute();

async function stockOf(demo: DemoApp, sku: string): Promise<number> {
  const row = await demo.handle.db
    .selectFrom('productVariants')
    .select('qtyInStock')
    .where('websiteId', '=', DEMO_WEBSITE_ID)
    .where('sku', '=', sku)
    .executeTakeFirstOrThrow();
  return row.qtyInStock;
}

async function welcomeUses(demo: DemoApp): Promise<number> {
  const row = await demo.handle.db
    .selectFrom('discounts')
    .select('timesUsed')
    .where('websiteId', '=', DEMO_WEBSITE_ID)
    .where('code', '=', 'WELCOME10')
    .executeTakeFirstOrThrow();
  return row.timesUsed;
}

t.test('a card that succeeds: the order, its receipts, and the status page by the receipt’s link', async (t) => {
  const demo = await openDemoApp(t);
  const visitor = new Visitor(demo.app);
  await visitor.add(SCOOP);
  const placed = await checkout(visitor, { ...BUYER, discountCode: 'WELCOME10', ...PAY_WITH_TEST_CARD });
  t.equal(placed.statusCode, 303);
  t.match(placed.headers.location, /^\/checkout\/order-confirmed\?orderToken=[0-9a-f]{24}$/);
  t.notOk(visitor.cookies.has('sb_cart'), 'the cart cookie is cleared');
  const confirmation = main((await follow(visitor, placed)).body);
  t.match(confirmation, 'Thank you, your order is placed');
  t.match(confirmation, /Test order:<\/strong> paid with a test card, so no money moved\./);
  t.match(confirmation, /A confirmation is on its way to <strong>ada@example\.coffee<\/strong>/);

  const [order] = await paidOrders(demo);
  t.match(order, { orderNumber: 1001, testMode: true, discountMinor: '480', customerEmail: 'ada@example.coffee' });
  t.equal(await stockOf(demo, 'FW-SCOOP'), 23);
  const mail = await listOutbox(demo.handle.db, { websiteId: DEMO_WEBSITE_ID });
  const receipt = mail.find((entry) => entry.kind === 'order-confirmation');
  const notice = mail.find((entry) => entry.kind === 'new-order');
  t.match(receipt, { to: 'ada@example.coffee', subject: 'Your order #1001 at Fernwood Coffee & Home' });
  t.match(receipt?.text, '  2 × Walnut Coffee Scoop  $48.00\n    $24.00 each');
  t.match(receipt?.text, /Subtotal: \$48\.00\nDiscount WELCOME10: −\$4\.80\nShipping \(Standard shipping\): \$6\.95\n/);
  t.match(receipt?.text, 'Shipping to:\nAda Lovelace\n12 Fore Street\nPortland, Maine 04101\nUnited States');
  t.match(
    notice,
    { to: 'nora@example.com', replyTo: 'ada@example.coffee' },
    "the owner's notice, to the administrator",
  );
  t.match(notice?.subject, /^New order #1001: \$\d+\.\d\d from Ada Lovelace$/);

  const link = /(http:\/\/localhost\/account\/orders\/1001\?orderToken=([0-9a-f]{32}))/.exec(receipt?.text ?? '');
  t.ok(link, 'the receipt links to the status page with a token');
  t.equal(link?.[2], order?.statusToken);
  const stranger = new Visitor(demo.app);
  const status = await stranger.request('GET', new URL(link?.[1] ?? '').pathname + new URL(link?.[1] ?? '').search);
  t.equal(status.statusCode, 200, 'whoever holds the email sees the order');
  t.equal(status.headers['cache-control'], 'no-store');
  t.match(main(status.body), /<h1 class="page-title">Order #1001<\/h1>/);
  t.equal((await stranger.request('GET', `/account/orders/1001?orderToken=${'0'.repeat(32)}`)).statusCode, 404);
  t.equal((await stranger.request('GET', '/account/orders/1001')).statusCode, 404, 'and no one else');
});

t.test('a declined card shows the provider’s words and keeps the cart; nothing is taken', async (t) => {
  const demo = await openDemoApp(t);
  const visitor = new Visitor(demo.app);
  await visitor.add(SCOOP);
  for (const [number, message] of [
    ['4000 0000 0000 0002', 'Your card was declined. Please use another card.'],
    ['4000 0000 0000 9995', 'Your card has insufficient funds.'],
  ] as const) {
    const answer = await checkout(visitor, { ...BUYER, discountCode: 'WELCOME10', ...card(number) });
    t.match(answer.headers.location, /^\/checkout\?attempt=[0-9a-f]{32}$/, 'back to the checkout page');
    const page = main((await follow(visitor, answer)).body);
    t.match(
      page,
      new RegExp(`<div class="checkout-alert" role="alert"[^>]*>\\s*<p class="checkout-alert__message">${message}</p>`),
    );
    t.match(page, 'No order was placed and your cart is as it was.');
    t.match(page, /id="checkout-email"[^>]*value="ada@example\.coffee"/, 'what the buyer typed is kept');
    t.notMatch(page, /name="cardNumber"[^>]*value=/, "but never the card's number");
    t.match((await visitor.cart()).entries, [{ quantity: 2 }], 'the cart is kept');
    t.same(await paidOrders(demo), [], 'no order');
    t.equal(await stockOf(demo, 'FW-SCOOP'), 25, 'no stock taken');
    t.equal(await welcomeUses(demo), 0, 'the code’s use is not counted');
  }
  const mail = await listOutbox(demo.handle.db, { websiteId: DEMO_WEBSITE_ID });
  t.same(mail, [], 'no mail');

  // WELCOME10 is once per customer: this customer still has it.
  const placed = await checkout(visitor, { ...BUYER, discountCode: 'WELCOME10', ...PAY_WITH_TEST_CARD });
  t.match(placed.headers.location, /^\/checkout\/order-confirmed\?/);
  t.match(await paidOrders(demo), [{ orderNumber: 1001, discountMinor: '480' }]);
});

t.test('the payment fields are checked before anything is held', async (t) => {
  const demo = await openDemoApp(t);
  const visitor = new Visitor(demo.app);
  await visitor.add(SCOOP);
  const missing = main((await follow(visitor, await checkout(visitor, { ...BUYER, email: '' }))).body);
  const summary = /<div class="checkout-errors" role="alert"[^>]*>([\s\S]*?)<\/div>/.exec(missing)?.[1] ?? '';
  t.same(
    [...summary.matchAll(/<a href="#([^"]+)">([^<]+)<\/a>/g)].map((m) => [m[1], m[2]]),
    [
      ['checkout-email', 'Enter your email address.'],
      ['checkout-card-number', PAYMENT_FORM_MESSAGES.cardNumberRequired],
      ['checkout-card-expiry', PAYMENT_FORM_MESSAGES.cardExpiryRequired],
      ['checkout-card-cvc', PAYMENT_FORM_MESSAGES.cardCvcRequired],
    ],
    "every problem at once, the payment's last, as the page orders them",
  );
  t.match(
    missing,
    /id="checkout-card-number"[^>]*aria-describedby="checkout-test-cards checkout-card-number-error" aria-invalid="true"/,
  );
  for (const [fields, field, message] of [
    [card('4242 4242 4242 4241'), 'checkout-card-number', PAYMENT_FORM_MESSAGES.cardNumberInvalid],
    [{ ...PAY_WITH_TEST_CARD, cardExpiry: '01/20' }, 'checkout-card-expiry', PAYMENT_FORM_MESSAGES.cardExpired],
    [{ ...PAY_WITH_TEST_CARD, cardExpiry: '13/30' }, 'checkout-card-expiry', PAYMENT_FORM_MESSAGES.cardExpiryInvalid],
    [{ ...PAY_WITH_TEST_CARD, cardCvc: '12' }, 'checkout-card-cvc', PAYMENT_FORM_MESSAGES.cardCvcInvalid],
  ] as const) {
    const page = main((await follow(visitor, await checkout(visitor, { ...BUYER, ...fields }))).body);
    t.match(page, `<a href="#${field}">${message}</a>`, message);
  }
  t.same(await demo.handle.db.selectFrom('orders').select('id').execute(), [], 'nothing held');
  t.equal(await stockOf(demo, 'FW-SCOOP'), 25);
});

t.test('the second step at /checkout/payment-step: completed, and cancelled', async (t) => {
  const demo = await openDemoApp(t);
  const visitor = new Visitor(demo.app);
  await visitor.add(SCOOP);
  const held = await checkout(visitor, { ...BUYER, ...card('4000 0025 0000 3155') });
  t.match(held.headers.location, /^\/checkout\/payment-step\?payment=tp_[0-9a-f]{24}$/, 'to the bank’s check');
  t.equal(await stockOf(demo, 'FW-SCOOP'), 23, 'the stock is held meanwhile');
  const waiting = main((await visitor.request('GET', '/checkout')).body);
  t.match(waiting, "Your payment is waiting for your bank's confirmation.", 'checkout, meanwhile, says where it waits');
  t.match(waiting, `<a class="button" href="${held.headers.location}">Continue to your bank</a>`);
  const step = await follow(visitor, held);
  t.equal(step.statusCode, 200);
  t.equal(step.headers['cache-control'], 'no-store');
  t.match(step.body, /<html lang="en">/);
  t.match(step.body, /<main>\s*<h1>Confirm your payment<\/h1>/);
  t.match(step.body, /<dt>Amount<\/dt><dd>\$57\.59<\/dd>/, "what the shopper's card is asked for");
  t.match(step.body, '<button type="submit" name="decision" value="complete">Complete payment</button>');
  t.match(step.body, '<button type="submit" name="decision" value="cancel">Cancel payment</button>');
  const paymentId = /name="payment" value="(tp_[0-9a-f]{24})"/.exec(step.body)?.[1] ?? '';

  const refused = await post(visitor, '/checkout/payment-step', { payment: paymentId, decision: 'complete' });
  t.equal(refused.statusCode, 403, 'no crumb, no decision');
  t.match(refused.body, 'Your session has expired. Please reload the page and try again.');
  t.same(await paidOrders(demo), []);

  const completed = await post(visitor, '/checkout/payment-step', {
    crumb: CRUMB,
    payment: paymentId,
    decision: 'complete',
  });
  t.match(completed.headers.location, /^\/checkout\/order-confirmed\?orderToken=[0-9a-f]{24}$/);
  t.notOk(visitor.cookies.has('sb_cart'), 'the cart cookie is cleared');
  t.match(main((await follow(visitor, completed)).body), 'Thank you, your order is placed');
  t.match(await paidOrders(demo), [{ orderNumber: 1001 }]);
  const again = await visitor.request('GET', String(held.headers.location));
  t.match(again.headers.location, /^\/checkout\/order-confirmed\?/, 'the step again leads to the order');

  const other = new Visitor(demo.app);
  await other.add(SCOOP);
  const otherHeld = await checkout(other, { ...BUYER, email: 'grace@example.com', ...card('4000002500003155') });
  const otherId = /payment=(tp_[0-9a-f]{24})/.exec(String(otherHeld.headers.location))?.[1] ?? '';
  t.equal(await stockOf(demo, 'FW-SCOOP'), 21);
  const cancelled = await post(other, '/checkout/payment-step', { crumb: CRUMB, payment: otherId, decision: 'cancel' });
  t.match(cancelled.headers.location, /^\/checkout\?attempt=[0-9a-f]{32}$/);
  const page = main((await follow(other, cancelled)).body);
  t.match(page, `<p class="checkout-alert__message">${PAYMENT_MESSAGES.actionFailed}</p>`);
  t.match(page, /id="checkout-email"[^>]*value="grace@example\.com"/, 'the details typed before are back');
  t.match(page, /id="checkout-address-line1"[^>]*value="12 Fore Street"/);
  t.match((await other.cart()).entries, [{ quantity: 2 }], 'the cart is kept');
  t.equal(await stockOf(demo, 'FW-SCOOP'), 23, 'its stock is back');
  t.equal((await paidOrders(demo)).length, 1);

  t.equal((await visitor.request('GET', '/checkout/payment-step?payment=tp_000000000000000000000000')).statusCode, 404);
});

t.test('the intents provider: its payment method field, the bank’s step, and its webhooks', async (t) => {
  const fake = await startFakeIntentsServer();
  t.teardown(fake.close);
  const webhookSecret = 'whsec_checkout_payments';
  const payments = new IntentsPaymentProvider({ apiUrl: fake.url, secretKey: FAKE_SECRET_KEY, webhookSecret });
  const demo = await openDemoApp(t, { server: { payments } });
  const visitor = new Visitor(demo.app);
  await visitor.add(SCOOP);

  const form = main((await visitor.request('GET', '/checkout')).body);
  t.match(form, /<label class="field-label" for="checkout-payment-method">Payment method<\/label>/);
  t.notMatch(form, /name="cardNumber"|Test mode/, 'no card fields, no test notice');
  t.match(form, /<button class="button checkout-form__button" type="submit">Place order<\/button>/);
  const blank = main((await follow(visitor, await checkout(visitor, BUYER))).body);
  t.match(blank, `<a href="#checkout-payment-method">${PAYMENT_FORM_MESSAGES.paymentMethodRequired}</a>`);

  const declined = await checkout(visitor, { ...BUYER, paymentMethod: 'pm_card_chargeDeclined' });
  t.match(main((await follow(visitor, declined)).body), 'Your card was declined.');

  const held = await checkout(visitor, { ...BUYER, paymentMethod: 'pm_card_threeDSecureRequired' });
  t.match(
    held.headers.location,
    /^https:\/\/hooks\.example\/3ds\/pi_\d+\?return=http:\/\/localhost\/checkout\/payment-step$/,
    "to the provider's bank page, which returns to ours",
  );
  const intentId = /\/3ds\/(pi_\d+)/.exec(String(held.headers.location))?.[1] ?? '';
  const reference = fake.requests.findLast((request) => request.path === '/v1/payment_intents')?.form[
    'metadata[reference]'
  ];
  const event = JSON.stringify({
    id: 'evt_paid',
    type: 'payment_intent.succeeded',
    data: { object: { id: intentId, object: 'payment_intent', metadata: { reference } } },
  });
  const now = Math.floor(Date.now() / 1000);
  const webhook = (body: string, signature: string) =>
    demo.app.inject({
      method: 'POST',
      url: PAYMENT_WEBHOOK_PATH,
      headers: { host: 'localhost', 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
      payload: body,
    });
  const forged = await webhook(event, signWebhook('whsec_someone_else', event, now));
  t.equal(forged.statusCode, 400);
  t.same(forged.json(), {
    error: { code: 'webhook-signature-invalid', message: 'The webhook signature could not be verified.' },
  });
  t.equal((await webhook(event, signWebhook(webhookSecret, event, now - 3600))).statusCode, 400, 'too old: replayed');
  t.equal(
    (await webhook(event.replace('evt_paid', 'evt_other'), signWebhook(webhookSecret, event, now))).statusCode,
    400,
    'a body changed after signing',
  );
  t.same(await paidOrders(demo), [], 'still waiting');

  const accepted = await webhook(event, signWebhook(webhookSecret, event, now));
  t.equal(accepted.statusCode, 200);
  t.same(accepted.json(), { received: true });
  t.match(await paidOrders(demo), [{ orderNumber: 1001, testMode: false }], 'the webhook placed the order');
  const replay = await webhook(event, signWebhook(webhookSecret, event, now + 5));
  t.same(replay.json(), { received: true, duplicate: true });
  t.equal((await paidOrders(demo)).length, 1, 'once');
  t.equal(
    (await listOutbox(demo.handle.db, { websiteId: DEMO_WEBSITE_ID })).filter((m) => m.kind === 'order-confirmation')
      .length,
    1,
    'one receipt',
  );

  // The shopper comes back from the bank after the webhook: their order.
  const back = await visitor.request(
    'GET',
    `/checkout/payment-step?payment_intent=${intentId}&redirect_status=succeeded`,
  );
  t.match(back.headers.location, /^\/checkout\/order-confirmed\?orderToken=/);
  const confirmation = main((await follow(visitor, back)).body);
  t.notMatch(confirmation, /Test order/, 'a real payment is no test order');

  // Another shopper finishes the bank's step; no webhook yet: coming back asks the provider.
  const other = new Visitor(demo.app);
  await other.add(SCOOP);
  const otherHeld = await checkout(other, {
    ...BUYER,
    email: 'grace@example.com',
    paymentMethod: 'pm_card_threeDSecureRequired',
  });
  const otherIntent = /\/3ds\/(pi_\d+)/.exec(String(otherHeld.headers.location))?.[1] ?? '';
  fake.finishAction(otherIntent, true);
  const returned = await other.request('GET', `/checkout/payment-step?payment_intent=${otherIntent}`);
  t.match(returned.headers.location, /^\/checkout\/order-confirmed\?/);
  t.match(await paidOrders(demo), [{ orderNumber: 1001 }, { orderNumber: 1002 }]);
});
