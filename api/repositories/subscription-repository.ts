/**
 * Subscriptions (migration 0037): made from a paid order's recurring lines,
 * read by the buyer's account, the owner's panel and the renewal job, and
 * changed under the row's lock (lockSubscription) so a renewal and the
 * buyer's pause or new date never cross.
 */
import type { Selectable } from 'kysely';
import { sql } from 'kysely';
import { type BillingPeriod, hasPeriodAfter, periodDate } from '../../domain/subscriptions/billing-schedule.ts';
import { newId } from '../db/ids.ts';
import { json } from '../db/json.ts';
import type { SubscriptionState, SubscriptionsTable } from '../db/schema.ts';
import { newStatusToken, type PlacedOrder } from './order-repository.ts';
import type { Db } from './transaction.ts';

export interface Subscription {
  websiteId: string;
  id: string;
  firstOrderId: string;
  lineNumber: number;
  siteUserId: string | null;
  customerEmail: string | null;
  customerName: string | null;
  itemId: string;
  variantId: string;
  sku: string;
  productName: string;
  quantity: number;
  unitPriceCents: string;
  currency: string;
  period: BillingPeriod;
  numBillingCycles: number;
  provider: string;
  paymentMethod: string | null;
  state: SubscriptionState;
  pausedFor: 'buyer' | 'payment-failed' | null;
  periodsBilled: number;
  anchor: { on: Date; period: number };
  nextBillingOn: Date | null;
  failedAttempts: number;
  retryOn: Date | null;
  lastDecline: string | null;
  testMode: boolean;
  siteOrigin: string;
  createdOn: Date;
}

function toSubscription(row: Selectable<SubscriptionsTable>): Subscription {
  return {
    websiteId: row.websiteId,
    id: row.id,
    firstOrderId: row.firstOrderId,
    lineNumber: row.lineNumber,
    siteUserId: row.siteUserId,
    customerEmail: row.customerEmail,
    customerName: row.customerName,
    itemId: row.itemId,
    variantId: row.variantId,
    sku: row.sku,
    productName: row.productName,
    quantity: row.quantity,
    unitPriceCents: String(row.unitPriceMinor),
    currency: row.currency,
    period: { value: row.billingValue, unit: row.billingUnit },
    numBillingCycles: row.numBillingCycles,
    provider: row.provider,
    paymentMethod: row.paymentMethod,
    state: row.state,
    pausedFor: row.pausedFor,
    periodsBilled: row.periodsBilled,
    anchor: { on: row.anchorOn, period: row.anchorPeriod },
    nextBillingOn: row.nextBillingOn,
    failedAttempts: row.failedAttempts,
    retryOn: row.retryOn,
    lastDecline: row.lastDecline,
    testMode: row.testMode,
    siteOrigin: row.siteOrigin,
    createdOn: row.createdOn,
  };
}

/** When the renewal runs: its retry's date after a decline, else the next period's. */
export function dueOn(subscription: Pick<Subscription, 'retryOn' | 'nextBillingOn'>): Date | null {
  return subscription.retryOn ?? subscription.nextBillingOn;
}

/** Only whole periods renew: a plan of 1.5 weeks is worded 'Unavailable' and starts no subscription. */
function renewablePeriod(line: PlacedOrder['items'][number]): BillingPeriod | undefined {
  const period = line.subscriptionPlan?.billingPeriod;
  if (!period || !Number.isInteger(period.value) || period.value < 1) return undefined;
  return { value: period.value, unit: period.unit };
}

/**
 * One subscription for each recurring line of an order just paid, in the
 * transaction that marks it paid: the order is period 1, period 2 falls one
 * billing period after `paidOn`. A plan of one cycle is over at once.
 */
export async function createSubscriptionsForOrder(
  trx: Db,
  order: PlacedOrder,
  payment: { provider: string; paymentMethod: string | null; siteOrigin: string },
  paidOn: Date,
): Promise<Subscription[]> {
  const made: Subscription[] = [];
  for (const line of order.items) {
    const period = renewablePeriod(line);
    if (!period || !line.subscriptionPlan) continue;
    const cycles = Math.max(0, Math.trunc(line.subscriptionPlan.numBillingCycles));
    const anchor = { on: paidOn, period: 1 };
    const renews = hasPeriodAfter(cycles, 1);
    const row = await trx
      .insertInto('subscriptions')
      .values({
        websiteId: order.websiteId,
        id: newId(),
        firstOrderId: order.id,
        lineNumber: line.lineNumber,
        siteUserId: order.siteUserId,
        customerEmail: order.customerEmail,
        customerName: order.customerName,
        itemId: line.itemId,
        variantId: line.variantId,
        sku: line.sku,
        productName: line.productName,
        quantity: line.quantity,
        unitPriceMinor: line.unitPriceCents,
        currency: order.currency,
        billingValue: period.value,
        billingUnit: period.unit,
        numBillingCycles: cycles,
        provider: payment.provider,
        paymentMethod: payment.paymentMethod,
        state: renews ? 'active' : 'ended',
        anchorOn: anchor.on,
        anchorPeriod: anchor.period,
        nextBillingOn: renews ? periodDate(anchor, period, 2) : null,
        testMode: order.testMode,
        siteOrigin: payment.siteOrigin,
      })
      .onConflict((conflict) => conflict.columns(['websiteId', 'firstOrderId', 'lineNumber']).doNothing())
      .returningAll()
      .executeTakeFirst();
    if (row) made.push(toSubscription(row));
  }
  return made;
}

export async function getSubscription(db: Db, websiteId: string, id: string): Promise<Subscription | undefined> {
  const row = await db
    .selectFrom('subscriptions')
    .selectAll()
    .where('websiteId', '=', websiteId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? toSubscription(row) : undefined;
}

/** The subscription with its row locked for the rest of the transaction. */
export async function lockSubscription(trx: Db, websiteId: string, id: string): Promise<Subscription | undefined> {
  const row = await trx
    .selectFrom('subscriptions')
    .selectAll()
    .where('websiteId', '=', websiteId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  return row ? toSubscription(row) : undefined;
}

export async function subscriptionsOfOrder(db: Db, websiteId: string, orderId: string): Promise<Subscription[]> {
  const rows = await db
    .selectFrom('subscriptions')
    .selectAll()
    .where('websiteId', '=', websiteId)
    .where('firstOrderId', '=', orderId)
    .orderBy('lineNumber')
    .execute();
  return rows.map(toSubscription);
}

export async function listSubscriptionsOfSiteUser(
  db: Db,
  websiteId: string,
  siteUserId: string,
  limit: number,
): Promise<Subscription[]> {
  const rows = await db
    .selectFrom('subscriptions')
    .selectAll()
    .where('websiteId', '=', websiteId)
    .where('siteUserId', '=', siteUserId)
    .orderBy('createdOn', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toSubscription);
}

export async function listSubscriptionsOfWebsite(db: Db, websiteId: string, limit: number): Promise<Subscription[]> {
  const rows = await db
    .selectFrom('subscriptions')
    .selectAll()
    .where('websiteId', '=', websiteId)
    .orderBy('createdOn', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toSubscription);
}

/** Active subscriptions whose renewal (or its retry) is due at `now`, for the scheduler to queue. */
export async function dueSubscriptions(db: Db, now: Date, limit: number): Promise<Subscription[]> {
  const rows = await db
    .selectFrom('subscriptions')
    .selectAll()
    .where('state', '=', 'active')
    .where(sql<boolean>`coalesce(retry_on, next_billing_on) <= ${now}`)
    .orderBy(sql`coalesce(retry_on, next_billing_on)`)
    .limit(limit)
    .execute();
  return rows.map(toSubscription);
}

export interface SubscriptionChange {
  state?: SubscriptionState;
  pausedFor?: 'buyer' | 'payment-failed' | null;
  periodsBilled?: number;
  anchor?: { on: Date; period: number };
  nextBillingOn?: Date | null;
  failedAttempts?: number;
  retryOn?: Date | null;
  lastDecline?: string | null;
}

/** Call with the row locked (lockSubscription). */
export async function updateSubscription(
  trx: Db,
  websiteId: string,
  id: string,
  change: SubscriptionChange,
): Promise<void> {
  await trx
    .updateTable('subscriptions')
    .set({
      ...(change.state !== undefined ? { state: change.state } : {}),
      ...(change.pausedFor !== undefined ? { pausedFor: change.pausedFor } : {}),
      ...(change.periodsBilled !== undefined ? { periodsBilled: change.periodsBilled } : {}),
      ...(change.anchor !== undefined ? { anchorOn: change.anchor.on, anchorPeriod: change.anchor.period } : {}),
      ...(change.nextBillingOn !== undefined ? { nextBillingOn: change.nextBillingOn } : {}),
      ...(change.failedAttempts !== undefined ? { failedAttempts: change.failedAttempts } : {}),
      ...(change.retryOn !== undefined ? { retryOn: change.retryOn } : {}),
      ...(change.lastDecline !== undefined ? { lastDecline: change.lastDecline } : {}),
      updatedOn: sql<Date>`now()`,
    })
    .where('websiteId', '=', websiteId)
    .where('id', '=', id)
    .execute();
}

/** A renewal's order, held (stock taken, awaiting its payment) for one period; its lines are the subscription's. */
export async function holdRenewalOrder(
  trx: Db,
  subscription: Subscription,
  period: number,
  firstOrder: PlacedOrder,
): Promise<string> {
  const orderId = newId();
  const total = (BigInt(subscription.unitPriceCents) * BigInt(subscription.quantity)).toString();
  const address = firstOrder.shippingAddress;
  await trx
    .insertInto('orders')
    .values({
      websiteId: subscription.websiteId,
      id: orderId,
      orderNumber: null,
      paymentStatus: 'awaiting',
      statusToken: newStatusToken(),
      cartId: firstOrder.purchasedCartId,
      testMode: subscription.testMode,
      currency: subscription.currency,
      subtotalMinor: total,
      grandTotalMinor: total,
      customerEmail: subscription.customerEmail,
      customerName: subscription.customerName,
      shippingAddressLine1: address?.line1 ?? null,
      shippingAddressLine2: address?.line2 ?? null,
      shippingCity: address?.city ?? null,
      shippingRegion: address?.region ?? null,
      shippingPostalCode: address?.postalCode ?? null,
      shippingCountry: address?.country ?? null,
      siteUserId: subscription.siteUserId,
      subscriptionId: subscription.id,
      subscriptionPeriod: period,
    })
    .execute();
  const line = firstOrder.items.find((candidate) => candidate.lineNumber === subscription.lineNumber);
  await trx
    .insertInto('orderLines')
    .values({
      websiteId: subscription.websiteId,
      orderId,
      lineNumber: 1,
      itemId: subscription.itemId,
      variantId: subscription.variantId,
      sku: subscription.sku,
      productName: subscription.productName,
      quantity: subscription.quantity,
      unitPriceMinor: subscription.unitPriceCents,
      currency: subscription.currency,
      optionValues: json(line?.optionValues ?? []),
      subscriptionPlan: line?.subscriptionPlan ? json(line.subscriptionPlan) : null,
      additionalFields: line?.additionalFields ? json(line.additionalFields) : null,
    })
    .execute();
  return orderId;
}

/** The renewal order of a period still awaiting its payment (a run that stopped between charge and settling). */
export async function heldRenewalOrder(
  trx: Db,
  subscription: Subscription,
  period: number,
): Promise<string | undefined> {
  const row = await trx
    .selectFrom('orders')
    .select('id')
    .where('websiteId', '=', subscription.websiteId)
    .where('subscriptionId', '=', subscription.id)
    .where('subscriptionPeriod', '=', period)
    .where('paymentStatus', '=', 'awaiting')
    .executeTakeFirst();
  return row?.id;
}

/** The subscriptions an order belongs to, with its period in each: those it started (period 1), or the one it renews. */
export async function subscriptionsOfAnyOrder(
  db: Db,
  websiteId: string,
  orderId: string,
): Promise<Array<{ subscription: Subscription; period: number }>> {
  const renewal = await db
    .selectFrom('orders')
    .select(['subscriptionId', 'subscriptionPeriod'])
    .where('websiteId', '=', websiteId)
    .where('id', '=', orderId)
    .executeTakeFirst();
  if (renewal?.subscriptionId && renewal.subscriptionPeriod) {
    const subscription = await getSubscription(db, websiteId, renewal.subscriptionId);
    return subscription ? [{ subscription, period: renewal.subscriptionPeriod }] : [];
  }
  return (await subscriptionsOfOrder(db, websiteId, orderId)).map((subscription) => ({ subscription, period: 1 }));
}

/** The renewal orders of a subscription, paid ones, by period. */
export async function renewalOrderIds(db: Db, websiteId: string, subscriptionId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('orders')
    .select('id')
    .where('websiteId', '=', websiteId)
    .where('subscriptionId', '=', subscriptionId)
    .where('paymentStatus', '=', 'paid')
    .orderBy('subscriptionPeriod')
    .execute();
  return rows.map((row) => row.id);
}
