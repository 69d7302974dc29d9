/**
 * Orders paid through a payment provider (issue 20), in the checkout
 * service and data layer: a payment that succeeds places a numbered order
 * and queues its receipts; a declined one, a cancelled second step or a
 * hold that runs out places nothing and takes nothing (stock, discount
 * uses, gift card balances back, the cart open again); a second step
 * completed later places the order; a payment that arrives after its order
 * was given back is refunded; the provider's webhooks settle held orders
 * once, and the job queue settles holds that ran out. With the built-in
 * test provider, and with the intents adapter against a loopback server
 * speaking its API; and the payment form's fields. On PGlite, and on
 * PostgreSQL with `npm run test:pg`.
 */
import { sql } from 'kysely';
import t, { type Test } from 'tap';
import { JobRunner } from '../../api/jobs/job-runner.ts';
import { enqueuePaymentSettling, paymentJobHandlers, SETTLE_PAYMENTS_EVERY_MS } from '../../api/jobs/payment-jobs.ts';
import { listOutbox } from '../../api/mail/index.ts';
import { IntentsPaymentProvider } from '../../api/payments/intents-payment-provider.ts';
import { PAYMENT_MESSAGES } from '../../api/payments/payment-provider.ts';
import { TestPaymentProvider } from '../../api/payments/test-payment-provider.ts';
import { updateCartChoices } from '../../api/repositories/cart-checkout-repository.ts';
import { addEntry, createCart, getCart } from '../../api/repositories/cart-repository.ts';
import { createDiscount, createShippingZone, createTaxRate } from '../../api/repositories/checkout-rules-repository.ts';
import { createGiftCard } from '../../api/repositories/gift-card-repository.ts';
import { findPaymentByProviderId, findPaymentOfOrder } from '../../api/repositories/order-payment-repository.ts';
import { getOrder, holdOrder } from '../../api/repositories/order-repository.ts';
import { getWebsite } from '../../api/repositories/website-repository.ts';
import type { CheckoutDetails } from '../../api/services/checkout-form.ts';
import { type CheckoutOutcome, placeCheckoutOrder } from '../../api/services/checkout-service.ts';
import { newGiftCardCode } from '../../api/services/gift-card-issue.ts';
import {
  applyPaymentEvent,
  finishSecondStep,
  HOLD_MINUTES,
  settleOverduePayments,
  settlePayment,
} from '../../api/services/order-payment-service.ts';
import { PAYMENT_FORM_MESSAGES, readExpiry, readPaymentForm } from '../../api/services/payment-form.ts';
import { buildCollection, buildProduct, buildWebsite } from './helpers/build-site.ts';
import { FAKE_SECRET_KEY, startFakeIntentsServer } from './helpers/fake-intents-server.ts';
import { openTestDatabase } from './helpers/test-database.ts';

const { db, kind } = await openTestDatabase(t);
t.comment(`database: ${kind}`);

const ORIGIN = 'https://shop.example.test';
const CARDS = {
  succeeds: '4242424242424242',
  secondStep: '4000002500003155',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
};
const testProvider = new TestPaymentProvider(db, { webhookSecret: 'whsec_order_payments' });
const pay = (paymentMethod: string, provider: TestPaymentProvider | IntentsPaymentProvider = testProvider) => ({
  provider,
  paymentMethod,
  origin: ORIGIN,
});

const BUYER: CheckoutDetails = {
  email: 'ada@example.com',
  name: 'Ada Lovelace',
  shippingAddress: {
    line1: '12 Fore Street',
    line2: 'Apt 3',
    city: 'Portland',
    region: 'ME',
    postalCode: '04101',
    country: 'US',
  },
  shippingOptionId: '',
  discountCode: '',
  giftCardCode: '',
  expectedGrandTotalCents: null,
  expectedAmountDueCents: null,
};

/**
 * A shop of its own for each test (order numbers start at 1001 per website):
 * mugs at $20.00 (5 in stock) shipped in the US for $5.00 flat, Maine's 5%
 * tax on the goods, the code SAVE5 ($5 off), and its owner, an administrator.
 */
async function shop() {
  const { websiteId } = await buildWebsite(db, { siteTitle: 'Fernwood' });
  await db
    .insertInto('contributors')
    .values({ websiteId, id: `owner-${websiteId}`, email: 'owner@fernwood.test', displayName: 'Nora', role: 1 })
    .execute();
  const store = await buildCollection(db, websiteId, { type: 13, typeName: 'products', urlId: 'shop' });
  const mug = await buildProduct(db, websiteId, store.id, {
    urlId: 'mug',
    title: 'Stoneware Mug',
    variants: [{ sku: 'MUG', priceMinor: 2000, qtyInStock: 5, attributes: { Color: 'Slate' } }],
  });
  await createShippingZone(db, websiteId, {
    name: 'United States',
    areas: [{ country: 'US' }],
    rates: [{ name: 'Standard shipping', kind: 'flat', amountCents: '500' }],
  });
  await createTaxRate(db, websiteId, {
    name: 'Maine sales tax',
    country: 'US',
    region: 'ME',
    ratePercent: '5',
    appliesToShipping: false,
  });
  await createDiscount(db, websiteId, { code: 'SAVE5', name: 'Five off', kind: 'fixed', value: '500' });
  const site = (await getWebsite(db, websiteId))!;
  const cart = async (options: { quantity?: number; code?: boolean; giftCardId?: string } = {}) => {
    const made = await createCart(db, websiteId, { currency: 'USD' });
    await addEntry(db, websiteId, made.id, {
      itemId: mug.item.id,
      variantId: mug.variants[0].id,
      quantity: options.quantity ?? 2,
      additionalFields: null,
    });
    await updateCartChoices(db, websiteId, made.id, {
      shippingLocation: { country: 'US', region: 'ME', postalCode: '04101' },
      ...(options.code ? { coupons: ['SAVE5'] } : {}),
      ...(options.giftCardId ? { giftCards: [options.giftCardId] } : {}),
    });
    return (await getCart(db, websiteId, made.id))!;
  };
  const stock = async () =>
    (
      await db
        .selectFrom('productVariants')
        .select('qtyInStock')
        .where('websiteId', '=', websiteId)
        .where('id', '=', mug.variants[0].id)
        .executeTakeFirstOrThrow()
    ).qtyInStock;
  const timesUsed = async () =>
    (
      await db
        .selectFrom('discounts')
        .select('timesUsed')
        .where('websiteId', '=', websiteId)
        .where('code', '=', 'SAVE5')
        .executeTakeFirstOrThrow()
    ).timesUsed;
  const orderRows = () =>
    db
      .selectFrom('orders')
      .select(['id', 'orderNumber', 'paymentStatus', 'testMode'])
      .where('websiteId', '=', websiteId)
      .orderBy('createdOn')
      .execute();
  const mail = () => listOutbox(db, { websiteId });
  return { websiteId, site, cart, stock, timesUsed, orderRows, mail };
}

/** The order placed, or the test fails saying why not. */
function placed(t: Test, outcome: CheckoutOutcome) {
  if (!outcome.ok) throw new Error(`no order: ${JSON.stringify(outcome)}`);
  t.pass('placed');
  return outcome.order;
}

t.test('a payment that succeeds places the numbered order and queues both receipts', async (t) => {
  const { websiteId, site, cart, stock, timesUsed, mail } = await shop();
  const order = placed(
    t,
    await placeCheckoutOrder(db, site, await cart({ code: true }), BUYER, null, pay(CARDS.succeeds)),
  );
  // 2 × $20.00 − $5.00 = $35.00; Maine's 5% of it $1.75; shipping $5.00: $41.75.
  t.match(order, { orderNumber: 1001, testMode: true, grandTotalCents: '4175', discountCents: '500' });
  t.equal(await stock(), 3, 'stock taken');
  t.equal(await timesUsed(), 1, 'the code counted once');
  t.match(await findPaymentOfOrder(db, websiteId, order.id), {
    provider: 'test',
    status: 'succeeded',
    amountCents: '4175',
    currency: 'USD',
    providerPaymentId: /^tp_/,
  });
  const cartAfter = await getCart(db, websiteId, order.purchasedCartId);
  t.match(cartAfter, { isPurchased: true, orderId: order.id });

  const [receipt, notice] = ['order-confirmation', 'new-order'].map((kind) =>
    (async () => (await mail()).find((entry) => entry.kind === kind))(),
  );
  const buyer = await receipt;
  const owner = await notice;
  t.match(buyer, { to: 'ada@example.com', subject: 'Your order #1001 at Fernwood' });
  const text = buyer?.text ?? '';
  t.match(text, 'Hello Ada Lovelace,');
  t.match(text, 'This was a test order: no payment was taken.');
  t.match(text, '  2 × Stoneware Mug (Color: Slate)  $40.00\n    $20.00 each');
  t.match(
    text,
    'Subtotal: $40.00\nDiscount SAVE5: −$5.00\nShipping (Standard shipping): $5.00\nMaine sales tax (5%): $1.75\nTotal: $41.75',
  );
  t.match(text, 'Shipping to:\nAda Lovelace\n12 Fore Street\nApt 3\nPortland, Maine 04101\nUnited States');
  const token = (
    await db.selectFrom('orders').select('statusToken').where('id', '=', order.id).executeTakeFirstOrThrow()
  ).statusToken;
  t.match(token, /^[0-9a-f]{32}$/, 'a status token of its own');
  t.not(token, order.id);
  t.match(text, `${ORIGIN}/account/orders/1001?orderToken=${token}`, 'the link to the status page, by its token');
  t.notMatch(text, order.id, 'the order id is not in the mail');

  t.match(owner, {
    to: 'owner@fernwood.test',
    replyTo: 'ada@example.com',
    subject: 'New order #1001: $41.75 from Ada Lovelace',
  });
  t.match(owner?.text, 'Fernwood has a new order (a test order: no payment was taken).');
  t.match(owner?.text, 'Customer: Ada Lovelace, ada@example.com');
  t.match(owner?.text, 'Total: $41.75');
  t.match(owner?.text, 'Ship to:\nAda Lovelace\n12 Fore Street');
  t.equal((await mail()).length, 2, 'two mails, once');
});

t.test('a declined card places nothing and takes nothing; the next payment is order 1001', async (t) => {
  const { websiteId, site, cart, stock, timesUsed, orderRows, mail } = await shop();
  const gift = await createGiftCard(db, websiteId, { code: newGiftCardCode(), currency: 'USD', amountCents: '1000' });
  const open = await cart({ code: true, giftCardId: gift.id });
  const balance = async () =>
    (await db.selectFrom('giftCards').select('balanceMinor').where('id', '=', gift.id).executeTakeFirstOrThrow())
      .balanceMinor;

  for (const [card, message] of [
    [CARDS.declined, 'Your card was declined. Please use another card.'],
    [CARDS.insufficientFunds, 'Your card has insufficient funds.'],
  ] as const) {
    const outcome = await placeCheckoutOrder(db, site, open, BUYER, null, pay(card));
    t.same(outcome, { ok: false, problem: 'payment-failed', message }, 'the provider’s words');
    t.equal(await stock(), 5, 'stock back');
    t.equal(await timesUsed(), 0, 'the code’s use is not counted');
    t.equal(await balance(), '1000', 'the gift card has its balance back');
    const cartAfter = await getCart(db, websiteId, open.id);
    t.match(cartAfter, { isPurchased: false, orderId: null, totalQuantity: 2 }, 'the cart is open, as it was');
    t.same(cartAfter?.coupons, ['SAVE5'], 'its code kept');
  }
  const attempts = await orderRows();
  t.same(
    attempts.map((row) => [row.paymentStatus, row.orderNumber]),
    [
      ['failed', null],
      ['failed', null],
    ],
    'the attempts are kept as failed, with no number',
  );
  t.equal(await getOrder(db, websiteId, attempts[0]!.id), undefined, 'and are no order');
  t.same(await db.selectFrom('discountUses').select('orderId').where('websiteId', '=', websiteId).execute(), []);
  t.equal((await mail()).length, 0, 'no mail');
  t.match(await findPaymentOfOrder(db, websiteId, attempts[0]!.id), {
    status: 'declined',
    declineMessage: 'Your card was declined. Please use another card.',
  });

  const order = placed(t, await placeCheckoutOrder(db, site, open, BUYER, null, pay(CARDS.succeeds)));
  t.equal(order.orderNumber, 1001, 'no gap in the numbers');
  t.match(order, { giftCardCents: '1000', grandTotalCents: '4175' });
  t.match(await findPaymentOfOrder(db, websiteId, order.id), { amountCents: '3175' }, 'the card pays the rest');
  t.equal(await balance(), '0');
  t.equal(await timesUsed(), 1);
});

t.test('a second step: completed places the order, cancelled gives everything back', async (t) => {
  const { websiteId, site, cart, stock, orderRows, mail } = await shop();
  const held = await placeCheckoutOrder(db, site, await cart(), BUYER, null, pay(CARDS.secondStep));
  if (held.ok || held.problem !== 'payment-step') throw new Error(`not waiting: ${JSON.stringify(held)}`);
  t.match(held.actionUrl, /^\/checkout\/payment-step\?payment=tp_[0-9a-f]{24}$/);
  t.equal(await stock(), 3, 'the stock is held');
  t.same(
    (await orderRows()).map((row) => [row.paymentStatus, row.orderNumber]),
    [['awaiting', null]],
  );
  t.equal((await mail()).length, 0, 'no receipt while it waits');

  const tpId = new URL(held.actionUrl, ORIGIN).searchParams.get('payment')!;
  const payment = (await findPaymentByProviderId(db, websiteId, 'test', tpId))!;
  t.match(payment, { status: 'requires-action', actionUrl: held.actionUrl });
  const done = await settlePayment(db, testProvider, payment, await testProvider.completeStep(tpId, true));
  t.match(done, { status: 'paid', order: { orderNumber: 1001 } });
  t.equal(await stock(), 3);
  t.same((await mail()).map((entry) => entry.kind).sort(), ['new-order', 'order-confirmation']);
  t.match(await finishSecondStep(db, testProvider, payment), { status: 'paid' }, 'coming back again changes nothing');
  t.equal((await mail()).length, 2, 'receipts once');

  const other = await cart({ quantity: 1 });
  const second = await placeCheckoutOrder(db, site, other, BUYER, null, pay(CARDS.secondStep));
  if (second.ok || second.problem !== 'payment-step') throw new Error('not waiting');
  t.equal(await stock(), 2);
  const otherId = new URL(second.actionUrl, ORIGIN).searchParams.get('payment')!;
  const waiting = (await findPaymentByProviderId(db, websiteId, 'test', otherId))!;
  const cancelled = await settlePayment(db, testProvider, waiting, await testProvider.completeStep(otherId, false));
  t.same(cancelled, { status: 'failed', message: PAYMENT_MESSAGES.actionFailed });
  t.equal(await stock(), 3, 'stock back');
  t.match(await getCart(db, websiteId, other.id), { isPurchased: false, orderId: null });
  t.equal((await mail()).length, 2, 'no more mail');
});

t.test('a hold that runs out is given back, and a payment that comes after it is refunded', async (t) => {
  const { websiteId, site, cart, stock, orderRows } = await shop();
  const held = await placeCheckoutOrder(db, site, await cart(), BUYER, null, pay(CARDS.secondStep));
  if (held.ok || held.problem !== 'payment-step') throw new Error('not waiting');
  const tpId = new URL(held.actionUrl, ORIGIN).searchParams.get('payment')!;

  t.same(await settleOverduePayments(db, testProvider, new Date()), { settled: 0, refunded: 0 }, 'not yet overdue');
  t.equal(await stock(), 3);
  const later = new Date(Date.now() + (HOLD_MINUTES + 1) * 60_000);
  t.match(await settleOverduePayments(db, testProvider, later), { settled: 1 });
  t.equal(await stock(), 5, 'the stock is back');
  t.same(
    (await orderRows()).map((row) => row.paymentStatus),
    ['failed'],
  );
  const payment = (await findPaymentByProviderId(db, websiteId, 'test', tpId))!;
  t.match(payment, { status: 'declined', declineMessage: PAYMENT_MESSAGES.expired });

  // The shopper finishes the bank's step after all: the money came for an order that is gone.
  const late = await settlePayment(db, testProvider, payment, await testProvider.completeStep(tpId, true));
  t.same(late, { status: 'failed', message: PAYMENT_MESSAGES.tooLate });
  t.match(await findPaymentByProviderId(db, websiteId, 'test', tpId), { status: 'succeeded', refundedCents: '4700' });
  const { rows } = await sql<{ refunded: string }>`
    SELECT refunded_minor::text AS refunded FROM test_provider_payments WHERE id = ${tpId}
  `.execute(db);
  t.same(rows, [{ refunded: '4700' }], 'the provider refunded it in full');
  t.equal(await stock(), 5, 'no order, no stock taken');

  // A process that died between holding an order and asking for its payment: the hold is given back.
  const crashed = await holdOrder(db, websiteId, (await cart()).id, {
    customerEmail: 'ada@example.com',
    testMode: true,
  });
  if (!crashed.ok) throw new Error('not held');
  t.equal(await stock(), 3);
  t.match(await settleOverduePayments(db, testProvider, later), { settled: 1 });
  t.equal(await stock(), 5);
});

t.test('webhooks settle held orders once: success, failure, replay', async (t) => {
  const fake = await startFakeIntentsServer();
  t.teardown(fake.close);
  const intents = new IntentsPaymentProvider({
    apiUrl: fake.url,
    secretKey: FAKE_SECRET_KEY,
    webhookSecret: 'whsec_x',
  });
  const { websiteId, site, cart, stock, mail } = await shop();

  const held = await placeCheckoutOrder(
    db,
    site,
    await cart(),
    BUYER,
    null,
    pay('pm_card_threeDSecureRequired', intents),
  );
  if (held.ok || held.problem !== 'payment-step') throw new Error('not waiting');
  t.match(
    held.actionUrl,
    /^https:\/\/hooks\.example\/3ds\/pi_\d+\?return=https:\/\/shop\.example\.test\/checkout\/payment-step$/,
  );
  const [, intentId] = /\/3ds\/(pi_\d+)/.exec(held.actionUrl)!;
  const payment = (await findPaymentByProviderId(db, websiteId, 'intents', intentId!))!;
  const reference = `${websiteId}/${payment.id}`;
  t.equal(fake.requests.at(-1)?.form['metadata[reference]'], reference, 'our reference travels with the intent');
  fake.finishAction(intentId!, true);
  const succeeded = { id: 'evt_1', type: 'payment.succeeded' as const, paymentId: intentId!, reference };
  t.equal(await applyPaymentEvent(db, intents, succeeded), 'applied');
  const order = await getOrder(db, websiteId, payment.orderId!);
  t.match(order, { orderNumber: 1001, testMode: false }, 'paid: an order, and not a test order');
  t.equal((await mail()).length, 2, 'its receipts');
  t.equal(await applyPaymentEvent(db, intents, succeeded), 'replay', 'the same event again');
  t.equal((await mail()).length, 2, 'changes nothing');
  // The shopper comes back from the bank after the webhook: the order is there.
  t.match(await finishSecondStep(db, intents, payment), { status: 'paid', order: { id: order?.id } });

  const other = await placeCheckoutOrder(
    db,
    site,
    await cart({ quantity: 1 }),
    BUYER,
    null,
    pay('pm_card_threeDSecureRequired', intents),
  );
  if (other.ok || other.problem !== 'payment-step') throw new Error('not waiting');
  const [, otherIntent] = /\/3ds\/(pi_\d+)/.exec(other.actionUrl)!;
  const otherPayment = (await findPaymentByProviderId(db, websiteId, 'intents', otherIntent!))!;
  t.equal(await stock(), 2);
  const failed = {
    id: 'evt_2',
    type: 'payment.failed' as const,
    paymentId: otherIntent!,
    reference: `${websiteId}/${otherPayment.id}`,
  };
  t.equal(await applyPaymentEvent(db, intents, failed), 'applied');
  t.equal(await stock(), 3, 'given back');
  t.equal(await applyPaymentEvent(db, intents, { ...failed, id: 'evt_3', reference: 'someone-else/0123' }), 'not-ours');
});

t.test('the intents adapter: a card that succeeds, one declined, and a provider that cannot be reached', async (t) => {
  let failing = false;
  const fake = await startFakeIntentsServer({ failNext: () => failing });
  t.teardown(fake.close);
  const intents = new IntentsPaymentProvider({
    apiUrl: fake.url,
    secretKey: FAKE_SECRET_KEY,
    webhookSecret: 'whsec_x',
  });
  const { websiteId, site, cart, stock } = await shop();

  const order = placed(t, await placeCheckoutOrder(db, site, await cart(), BUYER, null, pay('pm_card_visa', intents)));
  t.match(order, { orderNumber: 1001, testMode: false });
  const charge = fake.requests.find((request) => request.path === '/v1/payment_intents');
  t.match(charge?.form, { amount: '4700', currency: 'usd', payment_method: 'pm_card_visa', confirm: 'true' });
  t.equal(await stock(), 3);

  const declined = await placeCheckoutOrder(
    db,
    site,
    await cart(),
    BUYER,
    null,
    pay('pm_card_chargeDeclined', intents),
  );
  t.same(declined, { ok: false, problem: 'payment-failed', message: 'Your card was declined.' });
  t.equal(await stock(), 3, 'nothing more taken');

  failing = true;
  const unreachable = await placeCheckoutOrder(db, site, await cart(), BUYER, null, pay('pm_card_visa', intents));
  t.same(unreachable, { ok: false, problem: 'payment-failed', message: PAYMENT_MESSAGES.unavailable });
  t.equal(await stock(), 3);
  t.equal(
    (
      await db
        .selectFrom('orders')
        .select('id')
        .where('websiteId', '=', websiteId)
        .where('paymentStatus', '=', 'paid')
        .execute()
    ).length,
    1,
  );
});

t.test('the settle-payments job gives back a hold that ran out, and queues its next round', async (t) => {
  const { site, cart, stock, orderRows } = await shop();
  const held = await placeCheckoutOrder(db, site, await cart(), BUYER, null, pay(CARDS.secondStep));
  t.match(held, { ok: false, problem: 'payment-step' });
  const start = new Date(Date.now() + (HOLD_MINUTES + 1) * 60_000);
  t.ok(await enqueuePaymentSettling(db, start));
  t.equal(await enqueuePaymentSettling(db, start), undefined, 'a second process queues nothing more');
  let clock = start;
  const runner = new JobRunner(db, { handlers: paymentJobHandlers(testProvider), now: () => clock });
  t.equal(await runner.runDue(), 1);
  t.equal(await stock(), 5, 'the hold is given back');
  t.same(
    (await orderRows()).map((row) => row.paymentStatus),
    ['failed'],
  );
  t.equal(await runner.runDue(), 0, 'the next round waits for its minute');
  clock = new Date(start.getTime() + SETTLE_PAYMENTS_EVERY_MS);
  t.equal(await runner.runDue(), 1, 'and then runs');
});

t.test('the payment form: which fields each provider asks for, and their problems', async (t) => {
  const now = new Date('2026-11-15T12:00:00Z');
  const card = { cardNumber: '4242 4242 4242 4242', cardExpiry: '11/26', cardCvc: '123' };
  t.same(readPaymentForm(card, 'card', { due: true, now }), { ok: true, paymentMethod: '4242424242424242' });
  t.same(
    readPaymentForm({}, 'card', { due: false, now }),
    { ok: true, paymentMethod: '' },
    'nothing due, nothing asked',
  );
  t.same(readPaymentForm({ ...card, cardExpiry: '10/26' }, 'card', { due: true, now }), {
    ok: false,
    errors: { cardExpiry: PAYMENT_FORM_MESSAGES.cardExpired },
  });
  t.same(
    readPaymentForm({ ...card, cardNumber: '4242-4242-4242-4241', cardCvc: '12345' }, 'card', { due: true, now }),
    {
      ok: false,
      errors: { cardNumber: PAYMENT_FORM_MESSAGES.cardNumberInvalid, cardCvc: PAYMENT_FORM_MESSAGES.cardCvcInvalid },
    },
  );
  t.same(readPaymentForm({ paymentMethod: 'pm_card_visa' }, 'payment-method-id', { due: true, now }), {
    ok: true,
    paymentMethod: 'pm_card_visa',
  });
  t.same(readPaymentForm({ paymentMethod: 'tok_visa' }, 'payment-method-id', { due: true, now }), {
    ok: false,
    errors: { paymentMethod: PAYMENT_FORM_MESSAGES.paymentMethodInvalid },
  });
  for (const [text, expiry] of [
    ['04/28', { year: 2028, month: 4 }],
    ['4 / 28', { year: 2028, month: 4 }],
    ['0428', { year: 2028, month: 4 }],
    ['12/2031', { year: 2031, month: 12 }],
    ['13/28', undefined],
    ['00/28', undefined],
    ['04-28', undefined],
  ] as const) {
    t.same(readExpiry(text), expiry, text);
  }
});
