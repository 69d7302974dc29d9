/**
 * Payment providers (issue 20): the built-in test provider's cards, second
 * step, idempotency and refunds; the payment-intents adapter against a
 * loopback server speaking the provider's shapes (success, decline, second
 * step, refund, an unreachable or failing service, the idempotency key);
 * webhook signatures and replays.
 */
import t from 'tap';
import { IntentsPaymentProvider } from '../../api/payments/intents-payment-provider.ts';
import { PaymentProviderError, WebhookSignatureError } from '../../api/payments/payment-provider.ts';
import { passesLuhn } from '../../api/payments/test-cards.ts';
import { TestPaymentProvider } from '../../api/payments/test-payment-provider.ts';
import { firstDelivery } from '../../api/payments/webhook-events.ts';
import { signWebhook } from '../../api/payments/webhook-signature.ts';
import { FAKE_SECRET_KEY, startFakeIntentsServer } from './helpers/fake-intents-server.ts';
import { openTestDatabase } from './helpers/test-database.ts';

const { db } = await openTestDatabase(t);
const WEBHOOK_SECRET = 'whsec_test_0123456789';
const charge = (paymentMethod: string, idempotencyKey: string, amountMinor = 4800) => ({
  amountMinor,
  currency: 'USD',
  paymentMethod,
  reference: 'cart-1',
  idempotencyKey,
  returnUrl: 'http://localhost/checkout/payment-return',
});

t.test('test provider: each test card does what it says', async (t) => {
  const provider = new TestPaymentProvider(db, { webhookSecret: WEBHOOK_SECRET });
  t.match(await provider.charge(charge('4242 4242 4242 4242', 'k1')), { status: 'succeeded' });
  t.match(await provider.charge(charge('4000000000000002', 'k2')), {
    status: 'declined',
    code: 'card_declined',
    message: 'Your card was declined. Please use another card.',
  });
  t.match(await provider.charge(charge('4000000000009995', 'k3')), {
    status: 'declined',
    code: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  });
  t.match(await provider.charge(charge('4242424242424241', 'k4')), {
    status: 'declined',
    code: 'incorrect_number',
    paymentId: null,
  });
  t.match(
    await provider.charge(charge('5555555555554444', 'k5')),
    { status: 'declined', code: 'live_card_in_test_mode' },
    'a real-looking number is refused in test mode',
  );
  t.ok(passesLuhn('4000002500003155'));
});

t.test('test provider: a second step approved or refused, seen by confirm', async (t) => {
  const provider = new TestPaymentProvider(db, { webhookSecret: WEBHOOK_SECRET });
  const step = await provider.charge(charge('4000 0025 0000 3155', 'k6'));
  t.equal(step.status, 'requires-action');
  if (step.status !== 'requires-action') return;
  t.match(step.actionUrl, /^\/checkout\/payment-step\?payment=tp_/);
  t.match(await provider.confirm(step.paymentId), { status: 'requires-action' });
  t.match(await provider.completeStep(step.paymentId, true), { status: 'succeeded' });
  t.match(
    await provider.completeStep(step.paymentId, false),
    { status: 'succeeded' },
    'a finished step stays finished',
  );
  const refused = await provider.charge(charge('4000002500003155', 'k7'));
  t.match(await provider.completeStep(refused.paymentId!, false), {
    status: 'declined',
    code: 'authentication_failed',
  });
});

t.test('test provider: one charge per idempotency key; refunds up to what was paid', async (t) => {
  const provider = new TestPaymentProvider(db, { webhookSecret: WEBHOOK_SECRET });
  const first = await provider.charge(charge('4242424242424242', 'same-key'));
  const again = await provider.charge(charge('4242424242424242', 'same-key'));
  t.equal(again.paymentId, first.paymentId);
  await provider.refund(first.paymentId!, 1000, 'r1');
  await provider.refund(first.paymentId!, 3800, 'r2');
  await t.rejects(provider.refund(first.paymentId!, 1, 'r3'), PaymentProviderError);
});

t.test('intents adapter against the loopback provider', async (t) => {
  let failing = false;
  const fake = await startFakeIntentsServer({ failNext: () => failing });
  t.teardown(fake.close);
  const provider = new IntentsPaymentProvider({
    apiUrl: fake.url,
    secretKey: FAKE_SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
  });

  const paid = await provider.charge(charge('pm_card_visa', 'i1'));
  t.match(paid, { status: 'succeeded', paymentId: 'pi_1' });
  const sent = fake.requests.at(-1)!;
  t.same(
    {
      path: sent.path,
      key: sent.idempotencyKey,
      amount: sent.form.amount,
      currency: sent.form.currency,
      confirm: sent.form.confirm,
      ref: sent.form['metadata[reference]'],
    },
    { path: '/v1/payment_intents', key: 'i1', amount: '4800', currency: 'usd', confirm: 'true', ref: 'cart-1' },
  );
  t.equal((await provider.charge(charge('pm_card_visa', 'i1'))).paymentId, 'pi_1', 'a retried request charges once');

  t.match(await provider.charge(charge('pm_card_chargeDeclined', 'i2')), {
    status: 'declined',
    code: 'generic_decline',
    message: 'Your card was declined.',
  });

  const step = await provider.charge(charge('pm_card_threeDSecureRequired', 'i3'));
  t.match(step, { status: 'requires-action', actionUrl: /^https:\/\/hooks\.example\/3ds\// });
  fake.finishAction(step.paymentId!, true);
  t.match(await provider.confirm(step.paymentId!), { status: 'succeeded' });
  const refused = await provider.charge(charge('pm_card_threeDSecureRequired', 'i4'));
  fake.finishAction(refused.paymentId!, false);
  t.match(await provider.confirm(refused.paymentId!), {
    status: 'declined',
    code: 'payment_intent_authentication_failure',
  });

  t.match(await provider.refund('pi_1', 1000, 'ref-1'), { refundId: /^re_/ });
  await t.rejects(provider.refund(refused.paymentId!, 1000, 'ref-2'), PaymentProviderError);

  failing = true;
  await t.rejects(
    provider.charge(charge('pm_card_visa', 'i5')),
    PaymentProviderError,
    'a 500 is an unknown outcome, not a decline',
  );
  failing = false;
  const wrongKey = new IntentsPaymentProvider({
    apiUrl: fake.url,
    secretKey: 'sk_wrong',
    webhookSecret: WEBHOOK_SECRET,
  });
  await t.rejects(wrongKey.charge(charge('pm_card_visa', 'i6')), PaymentProviderError);
  const away = new IntentsPaymentProvider({
    apiUrl: 'http://127.0.0.1:9',
    secretKey: FAKE_SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
  });
  await t.rejects(away.charge(charge('pm_card_visa', 'i7')), PaymentProviderError);
});

t.test('webhooks: signed events are read, forged or stale ones refused, replays counted once', async (t) => {
  const provider = new IntentsPaymentProvider({
    apiUrl: 'http://127.0.0.1:9',
    secretKey: FAKE_SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
  });
  const now = new Date('2027-01-01T00:00:00Z');
  const body = JSON.stringify({
    id: 'evt_1',
    type: 'payment_intent.succeeded',
    data: { object: { id: 'pi_9', metadata: { reference: 'cart-9' } } },
  });
  const signed = signWebhook(WEBHOOK_SECRET, body, now.getTime() / 1000);
  t.same(provider.readWebhook(body, { 'stripe-signature': signed }, now), {
    id: 'evt_1',
    type: 'payment.succeeded',
    paymentId: 'pi_9',
    reference: 'cart-9',
  });
  t.throws(
    () => provider.readWebhook(body.replace('pi_9', 'pi_8'), { 'stripe-signature': signed }, now),
    WebhookSignatureError,
  );
  t.throws(
    () => provider.readWebhook(body, { 'stripe-signature': signWebhook('other', body, now.getTime() / 1000) }, now),
    WebhookSignatureError,
  );
  t.throws(() => provider.readWebhook(body, {}, now), WebhookSignatureError);
  t.throws(
    () => provider.readWebhook(body, { 'stripe-signature': signed }, new Date(now.getTime() + 301_000)),
    WebhookSignatureError,
    'a signature older than 5 minutes is a replay',
  );
  t.equal(await firstDelivery(db, 'intents', 'evt_1'), true);
  t.equal(await firstDelivery(db, 'intents', 'evt_1'), false, 'the same event again is not handled again');
});
