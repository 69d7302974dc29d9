/**
 * A subscription whose card is declined on every renewal (issue 24): the
 * renewal is tried when due, then 1, 3 and 5 days after each decline, then
 * the subscription is paused and its buyer told; nothing is charged, sent
 * or taken from stock for the period; and a product out of stock at its
 * renewal is not charged and waits for the next try. Driven by the job
 * runner's clock on a database of its own (the scheduler's rounds are
 * keyed by time). On PGlite, and on PostgreSQL with `npm run test:pg`.
 */
import t from 'tap';
import { enqueueSubscriptionSweep } from '../../api/jobs/subscription-jobs.ts';
import { TestPaymentProvider } from '../../api/payments/test-payment-provider.ts';
import { getSubscription } from '../../api/repositories/subscription-repository.ts';
import { RENEWAL_MESSAGES, renewSubscription } from '../../api/services/subscription-renewal.ts';
import { DecliningProvider, runnerAt, subscriptionShop } from './helpers/subscription-shop.ts';
import { openTestDatabase } from './helpers/test-database.ts';

const { db, kind } = await openTestDatabase(t);
t.comment(`database: ${kind}`);

const provider = new DecliningProvider(new TestPaymentProvider(db, { webhookSecret: 'whsec_subscriptions' }));
const shop = () => subscriptionShop(db, provider);

t.test('a card declined on every try: retried after 1, 3 and 5 days, then the subscription is paused', async (t) => {
  const { websiteId, product, subscribe, stock, ordersOf, mailOf } = await shop();
  const tea = await product('tea-club', 4500, { value: 1, unit: 'MONTH', cycles: 0 });
  const subscription = await subscribe(tea);
  provider.declines.set(4500, Number.POSITIVE_INFINITY);
  t.teardown(() => void provider.declines.delete(4500));
  const clock = { now: subscription.nextBillingOn! };
  const runner = runnerAt(db, provider, clock);
  await enqueueSubscriptionSweep(db, clock.now);
  const tries: number[] = [];
  const callsBefore = provider.offSessionCalls.length;
  for (let hour = 0; hour <= 24 * 40; hour++) {
    clock.now = new Date(subscription.nextBillingOn!.getTime() + hour * 3_600_000);
    const before = provider.offSessionCalls.length;
    await runner.runDue();
    if (provider.offSessionCalls.length > before) tries.push(hour);
  }
  t.equal(provider.offSessionCalls.length - callsBefore, 4, 'the due date and three retries');
  // The sweep runs every 5 minutes, so a try lands within the hour of its day.
  t.same(tries, [0, 24, 96, 216], 'retried 1, then 3, then 5 days after each decline');
  const after = (await getSubscription(db, websiteId, subscription.id))!;
  t.match(after, { state: 'paused', pausedFor: 'payment-failed', failedAttempts: 4, periodsBilled: 1, retryOn: null });
  t.match(after.lastDecline, 'Your card was declined.');
  t.equal((await ordersOf(subscription)).filter((order) => order.paymentStatus === 'paid').length, 0);
  t.equal(await stock(tea), 199, 'only the checkout’s stock is taken');
  t.equal((await mailOf('subscription-payment-failed', subscription)).length, 3);
  const paused = await mailOf('subscription-paused', subscription);
  t.equal(paused.length, 1, 'the buyer is told it is paused');
  t.match(paused[0]!.text, 'Your subscription is paused');
});

t.test('a product out of stock at renewal is not charged: the renewal waits and is tried again', async (t) => {
  const { websiteId, product, subscribe, ordersOf, mailOf } = await shop();
  const lastBag = await product('last-bag', 2100, { value: 1, unit: 'WEEK', cycles: 0 }, 1);
  const subscription = await subscribe(lastBag);
  const calls = provider.offSessionCalls.length;
  const now = subscription.nextBillingOn!;
  const result = await renewSubscription(
    db,
    { provider, secret: 'subscription-retries-secret-0123456789abcdef', now },
    { websiteId, subscriptionId: subscription.id, period: 2, attempt: 0 },
  );
  t.equal(result, 'retrying');
  t.equal(provider.offSessionCalls.length, calls, 'nothing was charged');
  t.same(await ordersOf(subscription), [], 'no order was held');
  const after = await getSubscription(db, websiteId, subscription.id);
  t.match(after, { state: 'active', failedAttempts: 1, lastDecline: RENEWAL_MESSAGES.outOfStock, periodsBilled: 1 });
  t.equal(after?.retryOn?.getTime(), now.getTime() + 86_400_000, 'tried again a day later');
  const told = await mailOf('subscription-payment-failed', subscription);
  t.match(told[0]?.text, 'The product is out of stock.');
});
