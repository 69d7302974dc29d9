/**
 * Subscriptions that renew (issue 24), driven through a year by the job
 * runner's injectable clock: a weekly and a monthly subscription bought at
 * checkout renew every period once (52 and 12 renewal orders, numbered
 * like every paid order, stock taken, an email each), a renewal declined
 * twice is tried again after 1 and 3 days and then succeeds, a plan of 4
 * cycles ends after its fourth period (subscription-retries.test.ts has
 * the card declined on every try). The provider is
 * the built-in test provider, with a wrapper that declines the charges a
 * test asks it to; and the intents adapter keeps a card at checkout and
 * charges it off-session over its HTTP API. On PGlite, and on PostgreSQL
 * with `npm run test:pg`.
 */
import { sql } from 'kysely';
import t from 'tap';
import { enqueueSubscriptionSweep } from '../../api/jobs/subscription-jobs.ts';
import { IntentsPaymentProvider } from '../../api/payments/intents-payment-provider.ts';
import { PaymentProviderError } from '../../api/payments/payment-provider.ts';
import { TestPaymentProvider } from '../../api/payments/test-payment-provider.ts';
import { getSubscription, subscriptionsOfOrder } from '../../api/repositories/subscription-repository.ts';
import { applyPaymentEvent, settleOverduePayments } from '../../api/services/order-payment-service.ts';
import { checkSubscriptionLink } from '../../api/services/subscription-links.ts';
import { manageSubscription } from '../../api/services/subscription-management.ts';
import { renewSubscription } from '../../api/services/subscription-renewal.ts';
import { addPeriods } from '../../domain/subscriptions/billing-schedule.ts';
import { FAKE_SECRET_KEY, startFakeIntentsServer } from './helpers/fake-intents-server.ts';
import { DAY, DecliningProvider, ORIGIN, runnerAt, SECRET, subscriptionShop } from './helpers/subscription-shop.ts';
import { openTestDatabase } from './helpers/test-database.ts';

const { db, kind } = await openTestDatabase(t);
t.comment(`database: ${kind}`);

const provider = new DecliningProvider(new TestPaymentProvider(db, { webhookSecret: 'whsec_subscriptions' }));
const shop = () => subscriptionShop(db, provider);

t.test('a year of weekly and monthly renewals, a decline that succeeds on retry, a plan that ends', async (t) => {
  const { websiteId, product, subscribe, stock, ordersOf, mailOf } = await shop();
  const weeklyBeans = await product('weekly-beans', 1000, { value: 1, unit: 'WEEK', cycles: 0 });
  const monthlyBox = await product('monthly-box', 3000, { value: 1, unit: 'MONTH', cycles: 0 });
  const fourWeeks = await product('four-weeks', 1500, { value: 1, unit: 'WEEK', cycles: 4 });
  const weekly = await subscribe(weeklyBeans, 2);
  const monthly = await subscribe(monthlyBox);
  const finite = await subscribe(fourWeeks);
  t.match(weekly, {
    state: 'active',
    periodsBilled: 1,
    period: { value: 1, unit: 'WEEK' },
    paymentMethod: 'card_4242424242424242',
  });
  t.equal(
    weekly.nextBillingOn?.getTime(),
    weekly.anchor.on.getTime() + 7 * DAY,
    'the second week falls a week after checkout',
  );
  t.equal(await stock(weeklyBeans), 198, 'checkout took the first period’s stock');

  const start = new Date(Math.max(weekly.anchor.on.getTime(), monthly.anchor.on.getTime(), finite.anchor.on.getTime()));
  const clock = { now: start };
  const runner = runnerAt(db, provider, clock);
  await enqueueSubscriptionSweep(db, clock.now);
  await runner.runDue();

  const monthlyThird = addPeriods(monthly.anchor.on, monthly.period, 2);
  const end = addPeriods(monthly.anchor.on, monthly.period, 12).getTime() + 3_600_000;
  let declinedOnce = false;
  for (let at = start.getTime() + 3_600_000; at <= end; at += DAY / 2) {
    clock.now = new Date(at);
    // The monthly card is declined twice when its third period is due, then works again.
    if (!declinedOnce && at >= monthlyThird.getTime()) {
      provider.declines.set(3000, 2);
      declinedOnce = true;
    }
    await runner.runDue();
  }
  clock.now = new Date(end);
  await runner.runDue();

  const weeklyOrders = (await ordersOf(weekly)).filter((order) => order.paymentStatus === 'paid');
  t.equal(weeklyOrders.length, 52, '52 weekly renewals in the year (with the checkout’s order, 53 weeks)');
  t.same(
    weeklyOrders.map((order) => order.subscriptionPeriod),
    Array.from({ length: 52 }, (_, i) => i + 2),
    'each period once, in order',
  );
  t.ok(
    weeklyOrders.every((order) => order.grandTotalMinor === '2000'),
    'each charged 2 × $10.00',
  );
  t.equal(await stock(weeklyBeans), 200 - 2 * 53, 'stock taken for every period');
  t.equal((await mailOf('subscription-renewed', weekly)).length, 52, 'an email for each renewal');
  t.equal((await mailOf('subscription-started', weekly)).length, 1, 'and one when it started');

  const monthlyOrders = await ordersOf(monthly);
  const paidMonthly = monthlyOrders.filter((order) => order.paymentStatus === 'paid');
  t.equal(paidMonthly.length, 12, '12 monthly renewals in the year');
  t.equal(
    monthlyOrders.filter((order) => order.paymentStatus === 'failed').length,
    2,
    'two declined attempts kept, unnumbered',
  );
  t.same(
    paidMonthly.map((order) => order.subscriptionPeriod),
    Array.from({ length: 12 }, (_, i) => i + 2),
  );
  t.equal(await stock(monthlyBox), 200 - 13, 'declined attempts gave their stock back');
  t.equal((await mailOf('subscription-payment-failed', monthly)).length, 2, 'the buyer told of each decline');
  const monthlyAfter = (await getSubscription(db, websiteId, monthly.id))!;
  t.match(monthlyAfter, { state: 'active', periodsBilled: 13, failedAttempts: 0, retryOn: null });
  t.equal(
    monthlyAfter.nextBillingOn?.getTime(),
    addPeriods(monthly.anchor.on, monthly.period, 13).getTime(),
    'the retries did not move the schedule',
  );
  const retries = provider.offSessionCalls.filter((call) => call.amountMinor === 3000);
  t.equal(retries.length, 14, '12 renewals and 2 declined tries');
  const thirdTries = await sql<{ createdOn: Date }>`
    SELECT created_on AS "createdOn" FROM orders
    WHERE website_id = ${websiteId} AND subscription_id = ${monthly.id} AND subscription_period = 3
    ORDER BY created_on`.execute(db);
  t.equal(thirdTries.rows.length, 3, 'the third period: two declines and the retry that succeeded');

  const finiteAfter = (await getSubscription(db, websiteId, finite.id))!;
  t.match(finiteAfter, { state: 'ended', periodsBilled: 4, nextBillingOn: null }, 'four cycles, then it ends');
  t.equal((await ordersOf(finite)).length, 3, 'three renewals after the checkout’s order');
  t.equal(await stock(fourWeeks), 196);

  // Every paid order of the website has its own number, without gaps: renewals are numbered like checkout's orders.
  const numbers = (
    await db
      .selectFrom('orders')
      .select('orderNumber')
      .where('websiteId', '=', websiteId)
      .where('paymentStatus', '=', 'paid')
      .orderBy('orderNumber')
      .execute()
  ).map((row) => row.orderNumber);
  t.same(
    numbers,
    Array.from({ length: 3 + 52 + 12 + 3 }, (_, i) => 1001 + i),
  );
  // Each succeeded payment is one charge at the provider: no key charged twice.
  const charges = await sql<{ n: number; keys: number }>`
    SELECT count(*)::int AS n, count(DISTINCT idempotency_key)::int AS keys FROM test_provider_payments
    WHERE reference LIKE ${`${websiteId}/%`} AND status = 'succeeded'`.execute(db);
  t.same(charges.rows[0], { n: 70, keys: 70 }, '3 checkouts and 67 renewals, each charged once');

  const renewed = (await mailOf('subscription-renewed', monthly))[0]!;
  t.match(renewed.text, '$30.00 every month');
  const link = /\/account\/subscription\?subscription=([0-9a-f]+)&expires=(\d+)&signature=([\w-]+)/.exec(renewed.text);
  t.ok(link, 'the email carries the management link');
  t.same(
    checkSubscriptionLink(
      SECRET,
      websiteId,
      { subscription: link?.[1], expires: link?.[2], signature: link?.[3] },
      clock.now,
    ),
    { ok: true, subscriptionId: monthly.id },
    'signed for this subscription',
  );
});

t.test('a renewal run twice, or run for a period already billed, charges once', async (t) => {
  const { websiteId, product, subscribe, ordersOf } = await shop();
  const beans = await product('twice-beans', 1200, { value: 2, unit: 'WEEK', cycles: 0 });
  const subscription = await subscribe(beans);
  const now = subscription.nextBillingOn!;
  const deps = { provider, secret: SECRET, now };
  const target = { websiteId, subscriptionId: subscription.id, period: 2, attempt: 0 };
  const results = await Promise.all([renewSubscription(db, deps, target), renewSubscription(db, deps, target)]);
  t.same(results.sort(), ['renewed', 'stale'], 'one renews, the other finds it done');
  t.equal(await renewSubscription(db, deps, target), 'stale', 'and again later');
  t.equal(
    await renewSubscription(db, { ...deps, now: new Date(now.getTime() - DAY) }, { ...target, period: 3 }),
    'stale',
    'a period not yet due is not charged',
  );
  t.equal((await ordersOf(subscription)).length, 1);
  t.equal((await getSubscription(db, websiteId, subscription.id))?.nextBillingOn?.getTime(), now.getTime() + 14 * DAY);
});

t.test(
  'a renewal whose answer was lost is finished by the next run, under the same key, even after a pause',
  async (t) => {
    const { websiteId, product, subscribe, ordersOf, stock } = await shop();
    const beans = await product('lost-answer-beans', 1300, { value: 1, unit: 'MONTH', cycles: 0 });
    const subscription = await subscribe(beans);
    const now = subscription.nextBillingOn!;
    const target = { websiteId, subscriptionId: subscription.id, period: 2, attempt: 0 };
    // The provider charges, then the answer is lost on the way back.
    const losing = Object.create(provider) as DecliningProvider;
    losing.chargeOffSession = async (request) => {
      await provider.chargeOffSession(request);
      throw new PaymentProviderError('the payment service could not be asked: socket hang up');
    };
    await t.rejects(renewSubscription(db, { provider: losing, secret: SECRET, now }, target), PaymentProviderError);
    t.match(await ordersOf(subscription), [{ subscriptionPeriod: 2, paymentStatus: 'awaiting' }], 'the period is held');
    t.equal(await stock(beans), 198, 'its stock taken');

    // The buyer pauses meanwhile; the overdue-payments round and a webhook leave the renewal to its job.
    t.match(await manageSubscription(db, websiteId, subscription.id, { kind: 'link' }, { action: 'pause' }, now), {
      ok: true,
    });
    await settleOverduePayments(db, provider, new Date(now.getTime() + DAY));
    t.match(await ordersOf(subscription), [{ paymentStatus: 'awaiting' }], 'settling checkout’s holds skips renewals');
    const [payment] = await db
      .selectFrom('payments')
      .select(['id', 'websiteId'])
      .where('websiteId', '=', websiteId)
      .where('orderId', '=', (await ordersOf(subscription))[0]!.id)
      .execute();
    const charged = await sql<{ id: string }>`
    SELECT id FROM test_provider_payments WHERE idempotency_key = ${payment!.id}`.execute(db);
    t.equal(
      await applyPaymentEvent(db, provider, {
        id: `evt_${payment!.id}`,
        type: 'payment.succeeded',
        paymentId: charged.rows[0]!.id,
        reference: `${websiteId}/${payment!.id}`,
      }),
      'applied',
    );
    t.match(await ordersOf(subscription), [{ paymentStatus: 'awaiting' }], 'and so does the webhook');
    t.equal((await subscriptionsOfOrder(db, websiteId, (await ordersOf(subscription))[0]!.id)).length, 0);

    // The job runs again: the same payment, the same key, one charge; the order is paid and the schedule moves on.
    t.equal(
      await renewSubscription(db, { provider, secret: SECRET, now: new Date(now.getTime() + DAY) }, target),
      'renewed',
    );
    t.match(await ordersOf(subscription), [{ subscriptionPeriod: 2, paymentStatus: 'paid' }]);
    t.match(await getSubscription(db, websiteId, subscription.id), { state: 'paused', periodsBilled: 2 });
    const charges = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM test_provider_payments WHERE idempotency_key = ${payment!.id}`.execute(db);
    t.equal(charges.rows[0]!.n, 1, 'charged once');
    t.equal(await stock(beans), 198, 'stock taken once');
  },
);

t.test('the intents provider keeps the card at checkout and charges it off-session', async (t) => {
  const server = await startFakeIntentsServer();
  t.teardown(server.close);
  const intents = new IntentsPaymentProvider({
    apiUrl: server.url,
    secretKey: FAKE_SECRET_KEY,
    webhookSecret: 'whsec_x',
  });
  const kept = await intents.keepPaymentMethod('pm_card_visa', 'keep-1');
  t.match(kept, /^cus_\d+\/pm_card_visa$/);
  t.equal(await intents.keepPaymentMethod('pm_card_visa', 'keep-1'), kept, 'the same key keeps it once');
  const first = await intents.charge({
    amountMinor: 1000,
    currency: 'USD',
    paymentMethod: 'pm_card_visa',
    reference: 'site/1',
    idempotencyKey: 'pay-1',
    returnUrl: `${ORIGIN}/checkout/payment-step`,
    keptMethod: kept,
  });
  t.equal(first.status, 'succeeded');
  t.match(server.requests.at(-1)?.form, { customer: kept.split('/')[0], setup_future_usage: 'off_session' });
  const renewal = await intents.chargeOffSession({
    amountMinor: 1000,
    currency: 'USD',
    keptMethod: kept,
    reference: 'site/2',
    idempotencyKey: 'pay-2',
  });
  t.equal(renewal.status, 'succeeded');
  t.match(server.requests.at(-1)?.form, { off_session: 'true', confirm: 'true', payment_method: 'pm_card_visa' });
  const again = await intents.chargeOffSession({
    amountMinor: 1000,
    currency: 'USD',
    keptMethod: kept,
    reference: 'site/2',
    idempotencyKey: 'pay-2',
  });
  t.same(again, renewal, 'the same key charges once');

  const needsBank = await intents.keepPaymentMethod('pm_card_authenticationRequired', 'keep-2');
  const declined = await intents.chargeOffSession({
    amountMinor: 1000,
    currency: 'USD',
    keptMethod: needsBank,
    reference: 'site/3',
    idempotencyKey: 'pay-3',
  });
  t.match(declined, { status: 'declined', code: 'authentication_required' }, 'a bank that asks for the buyer declines');
});
