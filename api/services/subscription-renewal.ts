/**
 * One period of a subscription renewed (issue 24), the way checkout pays
 * an order: in a first transaction the period's order is held (its stock
 * taken) and its payment recorded; then the provider charges the method
 * kept at checkout, without the buyer; then a second transaction settles
 * it: paid, the order takes the website's next number and the schedule
 * moves on (or ends after its last cycle); declined, the order gives back
 * its stock and the renewal is tried again after 1, 3 and 5 days, then the
 * subscription is paused. The buyer is emailed either way, and the owner
 * gets the new-order notice of a renewal paid, as for any order.
 *
 * Each run names its subscription, period and attempt, and does nothing
 * unless the subscription still waits for exactly that (active, that period
 * next, that many declines so far, due), checked under the subscription's
 * row lock; the payment's id is the charge's idempotency key, and a run
 * that stopped after charging finds its held order and payment again. So a
 * period is charged once however many processes or retries run it.
 */
import { hasPeriodAfter, periodDate, retryDate } from '../../domain/subscriptions/billing-schedule.ts';
import { enqueueMail } from '../mail/index.ts';
import { PAYMENT_MESSAGES, type PaymentOutcome, type PaymentProvider } from '../payments/payment-provider.ts';
import { reserveStock } from '../repositories/inventory-repository.ts';
import {
  findPaymentOfOrder,
  lockOrderPayment,
  markOrderPaid,
  type Payment,
  recordPayment,
  releaseHeldOrder,
  updatePayment,
} from '../repositories/order-payment-repository.ts';
import { getOrder } from '../repositories/order-repository.ts';
import {
  dueOn,
  heldRenewalOrder,
  holdRenewalOrder,
  lockSubscription,
  type Subscription,
  updateSubscription,
} from '../repositories/subscription-repository.ts';
import { type Db, inTransaction } from '../repositories/transaction.ts';
import { getWebsite } from '../repositories/website-repository.ts';
import { paymentReference } from './order-payment-service.ts';
import { orderNotificationAddress, ownerNewOrderMail } from './order-receipts.ts';
import { type SubscriptionMailKind, subscriptionMail } from './subscription-mail.ts';

export interface RenewalTarget {
  websiteId: string;
  subscriptionId: string;
  /** The period to bill (2 for the first renewal: period 1 is the checkout's order). */
  period: number;
  /** How many tries of this period were declined before this one. */
  attempt: number;
}

export interface RenewalDeps {
  provider: PaymentProvider;
  /** Signs the emails' management links. */
  secret: string;
  now: Date;
}

export type RenewalResult = 'renewed' | 'ended' | 'retrying' | 'paused' | 'stale';

export const RENEWAL_MESSAGES = {
  outOfStock: 'The product is out of stock.',
  noMethod: 'No card is kept for this subscription.',
} as const;

/** Whether the subscription still waits for exactly this run. */
function awaits(subscription: Subscription | undefined, target: RenewalTarget, now: Date): boolean {
  if (subscription?.state !== 'active') return false;
  const due = dueOn(subscription);
  return (
    subscription.periodsBilled + 1 === target.period &&
    subscription.failedAttempts === target.attempt &&
    due !== null &&
    due.getTime() <= now.getTime()
  );
}

type Held =
  | { kind: 'charge'; subscription: Subscription; payment: Payment }
  | { kind: 'refused'; subscription: Subscription; message: string }
  | { kind: 'stale' };

export async function renewSubscription(db: Db, deps: RenewalDeps, target: RenewalTarget): Promise<RenewalResult> {
  const { websiteId } = target;
  const held = await inTransaction(db, async (trx): Promise<Held> => {
    const subscription = await lockSubscription(trx, websiteId, target.subscriptionId);
    if (!subscription) return { kind: 'stale' };
    // A run that stopped after holding this period's order is finished first, whatever the buyer did since:
    // its charge may have gone through under the payment's key, and asking again under it tells.
    const waiting =
      subscription.periodsBilled + 1 === target.period
        ? await heldRenewalOrder(trx, subscription, target.period)
        : undefined;
    if (waiting) {
      const payment = await findPaymentOfOrder(trx, websiteId, waiting);
      if (payment && payment.provider === deps.provider.name && subscription.paymentMethod !== null) {
        return { kind: 'charge', subscription, payment };
      }
      await releaseHeldOrder(trx, websiteId, waiting);
    }
    if (!awaits(subscription, target, deps.now)) return { kind: 'stale' };
    if (subscription.provider !== deps.provider.name || subscription.paymentMethod === null) {
      return { kind: 'refused', subscription, message: RENEWAL_MESSAGES.noMethod };
    }
    const firstOrder = await getOrder(trx, websiteId, subscription.firstOrderId);
    if (!firstOrder) throw new Error(`subscription ${subscription.id} has lost its first order`);
    const stock = await reserveStock(trx, websiteId, subscription.variantId, subscription.quantity);
    if (!stock.ok) return { kind: 'refused', subscription, message: RENEWAL_MESSAGES.outOfStock };
    const orderId = await holdRenewalOrder(trx, subscription, target.period, firstOrder);
    const payment = await recordPayment(trx, {
      websiteId,
      provider: subscription.provider,
      cartId: firstOrder.purchasedCartId,
      orderId,
      amountCents: (BigInt(subscription.unitPriceCents) * BigInt(subscription.quantity)).toString(),
      currency: subscription.currency,
      siteOrigin: subscription.siteOrigin,
    });
    return { kind: 'charge', subscription, payment };
  });
  if (held.kind === 'stale') return 'stale';
  if (held.kind === 'refused') return settleDecline(db, deps, target, undefined, held.message, null);

  const { subscription, payment } = held;
  // A provider that cannot be asked throws: the job runs again later with the same payment, so the same key.
  const outcome: PaymentOutcome = await deps.provider.chargeOffSession({
    amountMinor: Number(payment.amountCents),
    currency: payment.currency,
    keptMethod: subscription.paymentMethod ?? '',
    reference: paymentReference(payment),
    idempotencyKey: payment.id,
  });
  switch (outcome.status) {
    case 'succeeded':
      return settleSuccess(db, deps, target, payment, outcome.paymentId);
    case 'requires-action':
      return settleDecline(db, deps, target, payment, PAYMENT_MESSAGES.authenticationRequired, outcome.paymentId);
    case 'declined':
      return settleDecline(db, deps, target, payment, outcome.message, outcome.paymentId);
  }
}

async function queueMail(
  trx: Db,
  kind: SubscriptionMailKind,
  subscriptionId: string,
  deps: RenewalDeps,
  websiteId: string,
  orderId?: string,
): Promise<void> {
  const [site, subscription, order] = await Promise.all([
    getWebsite(trx, websiteId),
    lockSubscription(trx, websiteId, subscriptionId),
    orderId ? getOrder(trx, websiteId, orderId) : undefined,
  ]);
  if (!site || !subscription) return;
  const mail = subscriptionMail(kind, subscription, {
    siteTitle: site.website.siteTitle,
    secret: deps.secret,
    now: deps.now,
    order,
  });
  if (mail) await enqueueMail(trx, websiteId, mail);
}

/** The owner's new-order notice, as for checkout's orders: a renewal is an order to fulfil. */
async function queueOwnerNotice(trx: Db, websiteId: string, orderId: string, origin: string): Promise<void> {
  const [site, order, owner] = await Promise.all([
    getWebsite(trx, websiteId),
    getOrder(trx, websiteId, orderId),
    orderNotificationAddress(trx, websiteId),
  ]);
  if (!site || !order || !owner) return;
  const context = { siteTitle: site.website.siteTitle, origin, timeZone: site.settings.timeZone };
  await enqueueMail(trx, websiteId, ownerNewOrderMail(order, context, owner));
}

async function settleSuccess(
  db: Db,
  deps: RenewalDeps,
  target: RenewalTarget,
  payment: Payment,
  providerPaymentId: string,
): Promise<RenewalResult> {
  const { websiteId } = target;
  const orderId = payment.orderId ?? '';
  return inTransaction(db, async (trx) => {
    const subscription = await lockSubscription(trx, websiteId, target.subscriptionId);
    const status = await lockOrderPayment(trx, websiteId, orderId);
    await updatePayment(trx, websiteId, payment.id, {
      status: 'succeeded',
      providerPaymentId,
      actionUrl: null,
      declineMessage: null,
    });
    if (!subscription || status !== 'awaiting' || subscription.periodsBilled + 1 !== target.period) return 'stale';
    await markOrderPaid(trx, websiteId, orderId);
    const more = hasPeriodAfter(subscription.numBillingCycles, target.period);
    // A subscription cancelled while its charge was on the way keeps no next date; a paused one keeps its schedule.
    const schedules = more && subscription.state !== 'canceled';
    await updateSubscription(trx, websiteId, subscription.id, {
      periodsBilled: target.period,
      failedAttempts: 0,
      retryOn: null,
      lastDecline: null,
      state: more ? subscription.state : 'ended',
      nextBillingOn: schedules ? periodDate(subscription.anchor, subscription.period, target.period + 1) : null,
    });
    await queueMail(trx, 'renewed', subscription.id, deps, websiteId, orderId);
    await queueOwnerNotice(trx, websiteId, orderId, subscription.siteOrigin);
    return more ? 'renewed' : 'ended';
  });
}

async function settleDecline(
  db: Db,
  deps: RenewalDeps,
  target: RenewalTarget,
  payment: Payment | undefined,
  message: string,
  providerPaymentId: string | null,
): Promise<RenewalResult> {
  const { websiteId } = target;
  return inTransaction(db, async (trx) => {
    const subscription = await lockSubscription(trx, websiteId, target.subscriptionId);
    if (payment?.orderId && (await lockOrderPayment(trx, websiteId, payment.orderId)) === 'awaiting') {
      await updatePayment(trx, websiteId, payment.id, {
        status: 'declined',
        providerPaymentId,
        actionUrl: null,
        declineMessage: message,
      });
      // Its stock back and the attempt kept as 'failed', unnumbered; the first order's cart is not reopened.
      await releaseHeldOrder(trx, websiteId, payment.orderId);
    }
    if (!subscription || !awaits(subscription, target, deps.now)) return 'stale';
    const failedAttempts = subscription.failedAttempts + 1;
    const retryOn = retryDate(deps.now, failedAttempts);
    if (retryOn) {
      await updateSubscription(trx, websiteId, subscription.id, { failedAttempts, retryOn, lastDecline: message });
      await queueMail(trx, 'payment-failed', subscription.id, deps, websiteId);
      return 'retrying';
    }
    await updateSubscription(trx, websiteId, subscription.id, {
      failedAttempts,
      retryOn: null,
      lastDecline: message,
      state: 'paused',
      pausedFor: 'payment-failed',
    });
    await queueMail(trx, 'paused', subscription.id, deps, websiteId);
    return 'paused';
  });
}
