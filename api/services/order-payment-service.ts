/**
 * Paying for a held order (issue 20). Checkout holds the order in one
 * transaction (checkout-service.ts: stock, discount uses and gift cards
 * taken, the cart frozen), then this asks the payment provider for what is
 * left to pay (amountToChargeCents: the total less gift cards), then
 * settles in a second transaction: paid, the order takes its number, its
 * memberships and bought gift cards are granted and its receipts queued;
 * declined or failed, everything it held is given back and the cart is
 * open again. A charge that needs a second step leaves the order held until
 * the shopper comes back from it, the provider's webhook says how it ended,
 * or the hold runs out (HOLD_MINUTES): settleOverduePayments, run by the job
 * queue, then asks the provider and settles, so a process that died
 * between the two transactions loses nothing. A payment that succeeds after
 * its order was given back (a late second step, a charge whose answer was
 * lost) is refunded.
 */
import { amountToChargeCents } from '../../domain/checkout/gift-cards.ts';
import {
  PAYMENT_MESSAGES,
  type PaymentOutcome,
  type PaymentProvider,
  PaymentProviderError,
  type WebhookEvent,
} from '../payments/payment-provider.ts';
import { PAYMENT_STEP_PATH } from '../payments/test-payment-provider.ts';
import { firstDelivery } from '../payments/webhook-events.ts';
import {
  addRefund,
  findPaymentOfOrder,
  getPayment,
  heldOrdersBefore,
  isRenewalOrder,
  lockOrderPayment,
  markOrderPaid,
  type Payment,
  recordPayment,
  releaseHeldOrder,
  updatePayment,
} from '../repositories/order-payment-repository.ts';
import { getOrder, type HeldOrder, type PlacedOrder } from '../repositories/order-repository.ts';
import { grantPaidMemberships } from '../repositories/paid-membership-repository.ts';
import { type Db, inTransaction } from '../repositories/transaction.ts';
import { getWebsite, type WebsiteWithSettings } from '../repositories/website-repository.ts';
import { issueBoughtGiftCards } from './gift-card-issue.ts';
import { queueOrderReceipts } from './order-receipts.ts';
import { startSubscriptions, startsSubscription } from './subscription-start.ts';

/** How long an order may wait for its payment (a second step) before it is settled without the shopper. */
export const HOLD_MINUTES = 30;

export interface ChargeInput {
  provider: PaymentProvider;
  /** A test card's number for the test provider; a payment method id (pm_…) for the intents API. */
  paymentMethod: string;
  /** Where the site answers ('https://shop.example'): the second step returns there, the receipts link there. */
  origin: string;
}

export type PaymentResult =
  | { status: 'paid'; order: PlacedOrder }
  /** The shopper must finish at actionUrl (their bank's page); the order stays held until then. */
  | { status: 'requires-action'; orderId: string; actionUrl: string }
  /** Nothing is placed and nothing kept: the message is for the shopper. */
  | { status: 'failed'; message: string };

/** Ours, echoed in the provider's records and webhooks: which website's payment it is. */
export function paymentReference(payment: Pick<Payment, 'websiteId' | 'id'>): string {
  return `${payment.websiteId}/${payment.id}`;
}

function readReference(reference: string | null): { websiteId: string; paymentId: string } | undefined {
  const match = /^([^/]{1,64})\/([0-9a-f]{24})$/.exec(reference ?? '');
  return match ? { websiteId: match[1]!, paymentId: match[2]! } : undefined;
}

/** Asks the provider for what the held order has left to pay, and settles it by the answer. */
export async function payHeldOrder(
  db: Db,
  site: WebsiteWithSettings,
  order: HeldOrder,
  input: ChargeInput,
): Promise<PaymentResult> {
  const amount = amountToChargeCents(order);
  // Gift cards paid it all: there is nothing to charge.
  if (BigInt(amount) <= 0n) return completeUnchargedOrder(db, site, order.id, input.origin);
  const payment = await recordPayment(db, {
    websiteId: order.websiteId,
    provider: input.provider.name,
    cartId: order.purchasedCartId,
    orderId: order.id,
    amountCents: amount,
    currency: order.currency,
    siteOrigin: input.origin,
  });
  let outcome: PaymentOutcome;
  try {
    // A subscription renews without the buyer: the provider keeps their method first, and this charge sets it up.
    let keptMethod: string | undefined;
    if (startsSubscription(order)) {
      keptMethod = await input.provider.keepPaymentMethod(input.paymentMethod, `keep-${payment.id}`);
      await updatePayment(db, payment.websiteId, payment.id, { status: 'pending', reusableMethod: keptMethod });
    }
    outcome = await input.provider.charge({
      amountMinor: Number(amount),
      currency: order.currency,
      paymentMethod: input.paymentMethod,
      reference: paymentReference(payment),
      idempotencyKey: payment.id,
      returnUrl: new URL(PAYMENT_STEP_PATH, input.origin).href,
      keptMethod,
    });
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    // The outcome is unknown: give the order back; should the charge have gone through, its webhook refunds it.
    return failHeldOrder(db, payment, PAYMENT_MESSAGES.unavailable, null);
  }
  return settlePayment(db, input.provider, payment, outcome);
}

/** Settles a payment by the provider's answer: the order paid, still waiting for a second step, or given back. */
export async function settlePayment(
  db: Db,
  provider: PaymentProvider,
  payment: Payment,
  outcome: PaymentOutcome,
): Promise<PaymentResult> {
  switch (outcome.status) {
    case 'succeeded':
      return paymentSucceeded(db, provider, payment, outcome.paymentId);
    case 'requires-action': {
      const state = await inTransaction(db, async (trx) => {
        const status = await lockOrderPayment(trx, payment.websiteId, payment.orderId ?? '');
        if (status === 'awaiting') {
          await updatePayment(trx, payment.websiteId, payment.id, {
            status: 'requires-action',
            providerPaymentId: outcome.paymentId,
            actionUrl: outcome.actionUrl,
          });
        }
        return status;
      });
      if (state === 'awaiting') {
        return { status: 'requires-action', orderId: payment.orderId ?? '', actionUrl: outcome.actionUrl };
      }
      return resultOfSettled(db, payment);
    }
    case 'declined':
      return failHeldOrder(db, payment, outcome.message, outcome.paymentId);
  }
}

/** The shopper came back from the second step: the provider says how it ended. */
export async function finishSecondStep(db: Db, provider: PaymentProvider, payment: Payment): Promise<PaymentResult> {
  if (payment.status !== 'requires-action' || payment.providerPaymentId === null) return resultOfSettled(db, payment);
  let outcome: PaymentOutcome;
  try {
    outcome = await provider.confirm(payment.providerPaymentId);
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    // Still held: the webhook or the hold's end settles it; the shopper may come back and try again.
    return { status: 'failed', message: PAYMENT_MESSAGES.unavailable };
  }
  return settlePayment(db, provider, payment, outcome);
}

/** What became of a payment settled already (a second click, the webhook first): read back, nothing changed. */
async function resultOfSettled(db: Db, payment: Payment): Promise<PaymentResult> {
  const now = (await getPayment(db, payment.websiteId, payment.id)) ?? payment;
  const order = now.orderId ? await getOrder(db, now.websiteId, now.orderId) : undefined;
  if (order) return { status: 'paid', order };
  if (now.status === 'requires-action' && now.actionUrl && now.orderId) {
    return { status: 'requires-action', orderId: now.orderId, actionUrl: now.actionUrl };
  }
  return { status: 'failed', message: now.declineMessage ?? PAYMENT_MESSAGES.declined };
}

async function paymentSucceeded(
  db: Db,
  provider: PaymentProvider,
  payment: Payment,
  providerPaymentId: string,
): Promise<PaymentResult> {
  const settled = await inTransaction(db, (trx) => paymentSucceededIn(trx, payment, providerPaymentId));
  const order = settled === 'paid' ? await getOrder(db, payment.websiteId, payment.orderId ?? '') : undefined;
  if (order) return { status: 'paid', order };
  // The order was given back before the money came (the hold ran out, or the answer was lost): refund it.
  await refundPayment(db, provider, { ...payment, providerPaymentId });
  return { status: 'failed', message: PAYMENT_MESSAGES.tooLate };
}

/** A payment succeeded, in a transaction the caller owns: 'refund' when its order was given back already. */
async function paymentSucceededIn(trx: Db, payment: Payment, providerPaymentId: string): Promise<'paid' | 'refund'> {
  const orderId = payment.orderId ?? '';
  const status = await lockOrderPayment(trx, payment.websiteId, orderId);
  await updatePayment(trx, payment.websiteId, payment.id, {
    status: 'succeeded',
    providerPaymentId,
    actionUrl: null,
    declineMessage: null,
  });
  if (status === 'paid') return 'paid';
  if (status === 'awaiting' && (await completeOrder(trx, payment.websiteId, orderId, payment.siteOrigin))) {
    return 'paid';
  }
  return 'refund';
}

/** Gives back what a held order took and records why its payment failed. */
async function failHeldOrder(
  db: Db,
  payment: Payment,
  message: string,
  providerPaymentId: string | null,
): Promise<PaymentResult> {
  const status = await inTransaction(db, async (trx) => {
    const state = await lockOrderPayment(trx, payment.websiteId, payment.orderId ?? '');
    if (state !== 'awaiting') return state;
    await updatePayment(trx, payment.websiteId, payment.id, {
      status: 'declined',
      providerPaymentId,
      actionUrl: null,
      declineMessage: message,
    });
    await releaseHeldOrder(trx, payment.websiteId, payment.orderId ?? '');
    return 'failed' as const;
  });
  return status === 'failed' ? { status: 'failed', message } : resultOfSettled(db, payment);
}

/** An order paid with nothing to charge (gift cards paid it all): settled at once. */
async function completeUnchargedOrder(
  db: Db,
  site: WebsiteWithSettings,
  orderId: string,
  origin: string,
): Promise<PaymentResult> {
  const websiteId = site.website.id;
  const done = await inTransaction(db, async (trx) => {
    if ((await lockOrderPayment(trx, websiteId, orderId)) !== 'awaiting') return false;
    return completeOrder(trx, websiteId, orderId, origin, site);
  });
  const order = done ? await getOrder(db, websiteId, orderId) : undefined;
  return order ? { status: 'paid', order } : { status: 'failed', message: PAYMENT_MESSAGES.declined };
}

/**
 * The held order becomes an order, in the caller's transaction with the
 * order's row locked and awaiting: its number, then what it bought that is
 * more than stock (memberships, gift cards with their emails) and its
 * receipts.
 */
async function completeOrder(
  trx: Db,
  websiteId: string,
  orderId: string,
  origin: string,
  known?: WebsiteWithSettings,
): Promise<boolean> {
  const site = known ?? (await getWebsite(trx, websiteId));
  if (!site) return false;
  await markOrderPaid(trx, websiteId, orderId);
  const order = await getOrder(trx, websiteId, orderId);
  if (!order) return false;
  // Held signed in whenever it sells a membership (paid-memberships.ts), so an account is there to grant it to.
  await grantPaidMemberships(trx, order);
  if (startsSubscription(order)) {
    const payment = await findPaymentOfOrder(trx, websiteId, orderId);
    await startSubscriptions(trx, order, {
      provider: payment?.provider ?? 'none',
      paymentMethod: payment?.reusableMethod ?? null,
      siteOrigin: origin,
    });
  }
  if (order.customerEmail) {
    await issueBoughtGiftCards(trx, site, order, {
      origin,
      buyer: { name: order.customerName, email: order.customerEmail },
    });
  }
  await queueOrderReceipts(trx, site, order, origin);
  return true;
}

/** Refunds what is left of a payment whose order does not exist (any more); a refund the provider refuses waits for the next settling round. */
async function refundPayment(db: Db, provider: PaymentProvider, payment: Payment): Promise<boolean> {
  if (payment.providerPaymentId === null || payment.provider !== provider.name) return false;
  const current = (await getPayment(db, payment.websiteId, payment.id)) ?? payment;
  const left = BigInt(current.amountCents) - BigInt(current.refundedCents);
  if (left <= 0n) return true;
  try {
    await provider.refund(payment.providerPaymentId, Number(left), `refund-${payment.id}`);
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    return false;
  }
  return addRefund(db, payment.websiteId, payment.id, left.toString());
}

/**
 * A provider's webhook, its signature already checked: counted once (a
 * replay is acknowledged and ignored) and applied to the payment it names.
 */
export async function applyPaymentEvent(
  db: Db,
  provider: PaymentProvider,
  event: WebhookEvent,
): Promise<'applied' | 'replay' | 'not-ours'> {
  const named = readReference(event.reference);
  const payment = named ? await getPayment(db, named.websiteId, named.paymentId) : undefined;
  if (!payment || payment.provider !== provider.name) {
    return (await firstDelivery(db, provider.name, event.id)) ? 'not-ours' : 'replay';
  }
  // A renewal's charge is settled by its renewal job, which asks again under the same key: the event is only counted.
  if (payment.orderId && (await isRenewalOrder(db, payment.websiteId, payment.orderId))) {
    return (await firstDelivery(db, provider.name, event.id)) ? 'applied' : 'replay';
  }
  // Counted in the same transaction as its effect: an event whose handling failed is handled when it comes again.
  const verdict = await inTransaction(db, async (trx) => {
    if (!(await firstDelivery(trx, provider.name, event.id))) return 'replay' as const;
    if (event.type === 'payment.succeeded' && event.paymentId) {
      const result = await paymentSucceededIn(trx, payment, event.paymentId);
      return result === 'refund' ? ('refund' as const) : ('applied' as const);
    }
    if (event.type === 'payment.failed') {
      if ((await lockOrderPayment(trx, payment.websiteId, payment.orderId ?? '')) === 'awaiting') {
        await updatePayment(trx, payment.websiteId, payment.id, {
          status: 'declined',
          providerPaymentId: event.paymentId,
          actionUrl: null,
          declineMessage: PAYMENT_MESSAGES.actionFailed,
        });
        await releaseHeldOrder(trx, payment.websiteId, payment.orderId ?? '');
      }
    }
    return 'applied' as const;
  });
  if (verdict === 'refund') {
    await refundPayment(db, provider, { ...payment, providerPaymentId: event.paymentId });
    return 'applied';
  }
  return verdict;
}

/**
 * Orders held longer than HOLD_MINUTES: the provider is asked how their
 * payment ended and each is settled by the answer; one without an answer
 * to ask for (the process died before the charge) is given back. Then any
 * payment that succeeded for an order given back is refunded.
 */
export async function settleOverduePayments(
  db: Db,
  provider: PaymentProvider,
  now: Date,
): Promise<{ settled: number; refunded: number }> {
  let settled = 0;
  const overdue = await heldOrdersBefore(db, new Date(now.getTime() - HOLD_MINUTES * 60_000), 100);
  for (const { websiteId, orderId } of overdue) {
    const payment = await findPaymentOfOrder(db, websiteId, orderId);
    if (payment?.providerPaymentId && payment.provider === provider.name) {
      let outcome: PaymentOutcome;
      try {
        outcome = await provider.confirm(payment.providerPaymentId);
      } catch (error) {
        if (!(error instanceof PaymentProviderError)) throw error;
        continue;
      }
      // A second step never finished: the hold has run out.
      if (outcome.status === 'requires-action') {
        await failHeldOrder(db, payment, PAYMENT_MESSAGES.expired, outcome.paymentId);
      } else {
        await settlePayment(db, provider, payment, outcome);
      }
    } else if (payment) {
      await failHeldOrder(db, payment, PAYMENT_MESSAGES.expired, payment.providerPaymentId);
    } else {
      await inTransaction(db, async (trx) => {
        if ((await lockOrderPayment(trx, websiteId, orderId)) === 'awaiting') {
          await releaseHeldOrder(trx, websiteId, orderId);
        }
      });
    }
    settled++;
  }
  let refunded = 0;
  for (const payment of await paymentsOwedBack(db, provider.name)) {
    if (await refundPayment(db, provider, payment)) refunded++;
  }
  return { settled, refunded };
}

/** Payments that succeeded for an order that was given back, and are not refunded in full. */
async function paymentsOwedBack(db: Db, providerName: string): Promise<Payment[]> {
  const rows = await db
    .selectFrom('payments')
    .innerJoin('orders', (join) =>
      join.onRef('orders.websiteId', '=', 'payments.websiteId').onRef('orders.id', '=', 'payments.orderId'),
    )
    .select(['payments.websiteId', 'payments.id'])
    .where('payments.provider', '=', providerName)
    .where('payments.status', '=', 'succeeded')
    .where('orders.paymentStatus', '=', 'failed')
    .whereRef('payments.refundedMinor', '<', 'payments.amountMinor')
    .limit(100)
    .execute();
  const payments = await Promise.all(rows.map((row) => getPayment(db, row.websiteId, row.id)));
  return payments.filter((payment): payment is Payment => payment !== undefined);
}
