/**
 * Orders and their payments (migration 0034). Checkout holds an order
 * (order-repository.ts holdOrder) and records the charge it asks for here,
 * then settles it: markOrderPaid numbers the held order, or releaseHeldOrder
 * gives back everything it holds — stock, discount uses, gift card balances
 * — reopens its cart and keeps the attempt as 'failed'. Both take the order
 * row's lock first and act only on an order still awaiting, so a webhook,
 * the shopper's return from their bank and the expiry job settling the same
 * order at once settle it once.
 */
import type { Selectable } from 'kysely';
import { sql } from 'kysely';
import { newId } from '../db/ids.ts';
import type { OrderPaymentStatus, PaymentStatus, PaymentsTable } from '../db/schema.ts';
import { releaseOrderDiscountUses } from './checkout-rules-repository.ts';
import { restoreOrderGiftCards } from './gift-card-repository.ts';
import { releaseStock } from './inventory-repository.ts';
import { takeOrderNumber } from './order-repository.ts';
import type { Db } from './transaction.ts';

export interface Payment {
  websiteId: string;
  id: string;
  provider: string;
  providerPaymentId: string | null;
  cartId: string;
  orderId: string | null;
  amountCents: string;
  currency: string;
  status: PaymentStatus;
  refundedCents: string;
  declineMessage: string | null;
  actionUrl: string | null;
  siteOrigin: string;
  createdOn: Date;
  /** What the provider charges again without the buyer: kept for an order that starts a subscription. */
  reusableMethod: string | null;
}

export interface NewPayment {
  websiteId: string;
  provider: string;
  cartId: string;
  orderId: string;
  amountCents: string;
  currency: string;
  siteOrigin: string;
}

function toPayment(row: Selectable<PaymentsTable>): Payment {
  return {
    websiteId: row.websiteId,
    id: row.id,
    provider: row.provider,
    providerPaymentId: row.providerPaymentId,
    cartId: row.cartId,
    orderId: row.orderId,
    amountCents: row.amountMinor,
    currency: row.currency,
    status: row.status,
    refundedCents: row.refundedMinor,
    declineMessage: row.declineMessage,
    actionUrl: row.actionUrl,
    siteOrigin: row.siteOrigin,
    createdOn: row.createdOn,
    reusableMethod: row.reusableMethod,
  };
}

/** Written before the provider is asked ('pending'), so a charge whose answer was lost can still be found. */
export async function recordPayment(db: Db, payment: NewPayment): Promise<Payment> {
  const row = await db
    .insertInto('payments')
    .values({
      websiteId: payment.websiteId,
      id: newId(),
      provider: payment.provider,
      cartId: payment.cartId,
      orderId: payment.orderId,
      amountMinor: payment.amountCents,
      currency: payment.currency,
      status: 'pending',
      siteOrigin: payment.siteOrigin,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toPayment(row);
}

export async function getPayment(db: Db, websiteId: string, id: string): Promise<Payment | undefined> {
  const row = await db
    .selectFrom('payments')
    .selectAll()
    .where('websiteId', '=', websiteId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? toPayment(row) : undefined;
}

/** A payment by the provider's own id (a webhook's, or the one a second step returns with). */
export async function findPaymentByProviderId(
  db: Db,
  websiteId: string,
  provider: string,
  providerPaymentId: string,
): Promise<Payment | undefined> {
  const row = await db
    .selectFrom('payments')
    .selectAll()
    .where('websiteId', '=', websiteId)
    .where('provider', '=', provider)
    .where('providerPaymentId', '=', providerPaymentId)
    .executeTakeFirst();
  return row ? toPayment(row) : undefined;
}

/** The latest payment asked for an order. */
export async function findPaymentOfOrder(db: Db, websiteId: string, orderId: string): Promise<Payment | undefined> {
  const row = await db
    .selectFrom('payments')
    .selectAll()
    .where('websiteId', '=', websiteId)
    .where('orderId', '=', orderId)
    .orderBy('createdOn', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? toPayment(row) : undefined;
}

export interface PaymentChange {
  status: PaymentStatus;
  providerPaymentId?: string | null;
  actionUrl?: string | null;
  declineMessage?: string | null;
  reusableMethod?: string;
}

export async function updatePayment(db: Db, websiteId: string, id: string, change: PaymentChange): Promise<void> {
  await db
    .updateTable('payments')
    .set({
      status: change.status,
      // The provider's id, once known, is never forgotten: a later answer without one keeps it.
      ...(change.providerPaymentId ? { providerPaymentId: change.providerPaymentId } : {}),
      ...(change.actionUrl !== undefined ? { actionUrl: change.actionUrl } : {}),
      ...(change.declineMessage !== undefined ? { declineMessage: change.declineMessage } : {}),
      ...(change.reusableMethod !== undefined ? { reusableMethod: change.reusableMethod } : {}),
      updatedOn: sql<Date>`now()`,
    })
    .where('websiteId', '=', websiteId)
    .where('id', '=', id)
    .execute();
}

/** Counts a refund against the payment; false when it would refund more than was paid. */
export async function addRefund(db: Db, websiteId: string, id: string, amountCents: string): Promise<boolean> {
  const updated = await db
    .updateTable('payments')
    .set((eb) => ({ refundedMinor: eb('refundedMinor', '+', amountCents), updatedOn: sql<Date>`now()` }))
    .where('websiteId', '=', websiteId)
    .where('id', '=', id)
    .where((eb) => eb(eb('refundedMinor', '+', amountCents), '<=', eb.ref('amountMinor')))
    .returning('id')
    .executeTakeFirst();
  return updated !== undefined;
}

/** Whether an order is a subscription's renewal, which its renewal job settles rather than checkout's paths. */
export async function isRenewalOrder(db: Db, websiteId: string, orderId: string): Promise<boolean> {
  const row = await db
    .selectFrom('orders')
    .select('subscriptionId')
    .where('websiteId', '=', websiteId)
    .where('id', '=', orderId)
    .executeTakeFirst();
  return row?.subscriptionId != null;
}

/** Locks the order's row for the rest of the transaction and says where its payment stands. */
export async function lockOrderPayment(
  trx: Db,
  websiteId: string,
  orderId: string,
): Promise<OrderPaymentStatus | undefined> {
  const row = await trx
    .selectFrom('orders')
    .select('paymentStatus')
    .where('websiteId', '=', websiteId)
    .where('id', '=', orderId)
    .forUpdate()
    .executeTakeFirst();
  return row?.paymentStatus;
}

/** A held order becomes an order: it takes the website's next number. Call with the order locked and awaiting. */
export async function markOrderPaid(trx: Db, websiteId: string, orderId: string): Promise<number> {
  const orderNumber = await takeOrderNumber(trx, websiteId);
  await trx
    .updateTable('orders')
    .set({ paymentStatus: 'paid', orderNumber })
    .where('websiteId', '=', websiteId)
    .where('id', '=', orderId)
    .where('paymentStatus', '=', 'awaiting')
    .execute();
  return orderNumber;
}

/**
 * A held order whose payment failed gives back everything it took, as if it
 * had never been placed: its cart is open again (entries, address, codes and
 * gift cards as they were), its stock is back, its discount uses no longer
 * count, its gift cards have their balance back. The row stays, as 'failed',
 * with no number. Call with the order locked and awaiting.
 */
export async function releaseHeldOrder(trx: Db, websiteId: string, orderId: string): Promise<void> {
  const order = await trx
    .selectFrom('orders')
    .select('cartId')
    .where('websiteId', '=', websiteId)
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  await trx
    .updateTable('carts')
    .set({ isPurchased: false, orderId: null })
    .where('websiteId', '=', websiteId)
    .where('id', '=', order.cartId)
    .where('orderId', '=', orderId)
    .execute();
  await giveBackOrderHolds(trx, websiteId, orderId);
  await trx
    .updateTable('orders')
    .set({ paymentStatus: 'failed' })
    .where('websiteId', '=', websiteId)
    .where('id', '=', orderId)
    .execute();
}

/** Checkout's orders still awaiting their payment that were held before `before`, oldest first. */
export async function heldOrdersBefore(
  db: Db,
  before: Date,
  limit: number,
): Promise<{ websiteId: string; orderId: string }[]> {
  const rows = await db
    .selectFrom('orders')
    .select(['websiteId', 'id'])
    .where('paymentStatus', '=', 'awaiting')
    // A subscription's renewal is settled by its own job, which charges again under the same key (subscription-renewal.ts).
    .where('subscriptionId', 'is', null)
    .where('createdOn', '<', before)
    .orderBy('createdOn')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ websiteId: row.websiteId, orderId: row.id }));
}

/** What the buyer typed at checkout for an order in any state: the checkout form is filled with it again after a failed payment. */
export async function orderBuyerDetails(
  db: Db,
  websiteId: string,
  orderId: string,
): Promise<
  | {
      email: string | null;
      name: string | null;
      line1: string | null;
      line2: string | null;
      city: string | null;
      region: string | null;
      postalCode: string | null;
      country: string | null;
    }
  | undefined
> {
  return db
    .selectFrom('orders')
    .select([
      'customerEmail as email',
      'customerName as name',
      'shippingAddressLine1 as line1',
      'shippingAddressLine2 as line2',
      'shippingCity as city',
      'shippingRegion as region',
      'shippingPostalCode as postalCode',
      'shippingCountry as country',
    ])
    .where('websiteId', '=', websiteId)
    .where('id', '=', orderId)
    .executeTakeFirst();
}

/**
 * Gives back what an order took when it was held: its lines' stock, its
 * discount codes' uses and what its gift cards paid. For an order whose
 * payment failed, and for one the owner cancels; inside the caller's
 * transaction.
 */
export async function giveBackOrderHolds(trx: Db, websiteId: string, orderId: string): Promise<void> {
  const lines = await trx
    .selectFrom('orderLines')
    .select(['variantId', 'quantity'])
    .where('websiteId', '=', websiteId)
    .where('orderId', '=', orderId)
    // The order stock is taken in (order-repository.ts), so two releases and a checkout never wait on each other.
    .orderBy('variantId')
    .execute();
  for (const line of lines) await releaseStock(trx, websiteId, line.variantId, line.quantity);
  await releaseOrderDiscountUses(trx, websiteId, orderId);
  await restoreOrderGiftCards(trx, websiteId, orderId);
}
