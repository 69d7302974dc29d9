/**
 * The owner's side of orders (issue 22): the paid orders a page at a time,
 * filtered by status and searched by number, email or name; fulfilling
 * (with how it ships), cancelling (stock, discount uses and gift card
 * shares given back, as for a failed payment) and the refunds made through
 * the payment provider. Only paid orders are orders (migration 0034).
 */
import { sql } from 'kysely';
import type { StockActor } from './inventory-adjustment-repository.ts';
import { addRefund, giveBackOrderHolds } from './order-payment-repository.ts';
import { type Db, inTransaction } from './transaction.ts';

export const ORDER_STATUSES = ['PENDING', 'FULFILLED', 'CANCELED'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const MAX_ORDER_PAGE_SIZE = 100;

export interface OwnerOrderRow {
  id: string;
  orderNumber: number;
  status: OrderStatus;
  customerEmail: string | null;
  customerName: string | null;
  currency: string;
  grandTotalCents: string;
  createdOn: Date;
}

export interface OrderListQuery {
  status?: OrderStatus;
  /** An order number, or part of the buyer's email or name. */
  search?: string;
  offset: number;
  limit: number;
}

/** `%` and `_` typed by the owner are letters, not wildcards. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export async function listOwnerOrders(
  db: Db,
  websiteId: string,
  query: OrderListQuery,
): Promise<{ orders: OwnerOrderRow[]; total: number }> {
  let base = db.selectFrom('orders').where('websiteId', '=', websiteId).where('paymentStatus', '=', 'paid');
  if (query.status) base = base.where('status', '=', query.status);
  const search = query.search?.trim().replace(/^#/, '');
  if (search) {
    const pattern = likePattern(search.toLowerCase());
    base = base.where((eb) =>
      eb.or([
        ...(/^\d{1,9}$/.test(search) ? [eb('orderNumber', '=', Number(search))] : []),
        eb(eb.fn('lower', ['customerEmail']), 'like', pattern),
        eb(eb.fn('lower', ['customerName']), 'like', pattern),
      ]),
    );
  }
  const [rows, count] = await Promise.all([
    base
      .select([
        'id',
        'orderNumber',
        'status',
        'customerEmail',
        'customerName',
        'currency',
        'grandTotalMinor',
        'createdOn',
      ])
      .orderBy('createdOn', 'desc')
      .orderBy('id', 'desc')
      .offset(query.offset)
      .limit(query.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return {
    orders: rows.map(({ grandTotalMinor, orderNumber, ...row }) => ({
      ...row,
      // Paid orders are numbered (the orders_paid_numbered check).
      orderNumber: orderNumber ?? 0,
      grandTotalCents: grandTotalMinor,
    })),
    total: Number(count.total),
  };
}

/** When the owner cancelled the order; null when they did not. */
export async function orderCanceledOn(db: Db, websiteId: string, orderId: string): Promise<Date | null> {
  const row = await db
    .selectFrom('orders')
    .select('canceledOn')
    .where('websiteId', '=', websiteId)
    .where('id', '=', orderId)
    .executeTakeFirst();
  return row?.canceledOn ?? null;
}

/** Locks a paid order's row for the rest of the transaction; undefined when there is no such order. */
async function lockPaidOrder(
  trx: Db,
  websiteId: string,
  orderId: string,
): Promise<{ status: OrderStatus } | undefined> {
  return trx
    .selectFrom('orders')
    .select('status')
    .where('websiteId', '=', websiteId)
    .where('id', '=', orderId)
    .where('paymentStatus', '=', 'paid')
    .forUpdate()
    .executeTakeFirst();
}

export interface Shipment {
  trackingNumber: string | null;
  carrier: string | null;
  trackingUrl: string | null;
}

export type OrderChange =
  | { ok: true }
  | { ok: false; reason: 'not-found' | 'already-fulfilled' | 'canceled' | 'not-cancelable' };

/**
 * Marks a pending order fulfilled with how it ships. `then` runs in the same
 * transaction (the buyer's email is queued there), so the mail exists exactly
 * when the fulfilment does.
 */
export async function fulfilOrder(
  db: Db,
  websiteId: string,
  orderId: string,
  shipment: Shipment,
  then: (trx: Db) => Promise<void>,
): Promise<OrderChange> {
  return inTransaction(db, async (trx): Promise<OrderChange> => {
    const order = await lockPaidOrder(trx, websiteId, orderId);
    if (!order) return { ok: false, reason: 'not-found' };
    if (order.status === 'FULFILLED') return { ok: false, reason: 'already-fulfilled' };
    if (order.status === 'CANCELED') return { ok: false, reason: 'canceled' };
    await trx
      .updateTable('orders')
      .set({ status: 'FULFILLED', fulfilledOn: sql<Date>`now()`, ...shipment })
      .where('websiteId', '=', websiteId)
      .where('id', '=', orderId)
      .execute();
    await then(trx);
    return { ok: true };
  });
}

/**
 * Cancels a pending order and gives back what it took, as a failed payment
 * does (order-payment-repository.ts releaseHeldOrder): its stock, its
 * discount uses and what gift cards paid. Its cart stays bought, and the
 * card payment is refunded separately, in the amount the owner chooses.
 */
export async function cancelOrder(db: Db, websiteId: string, orderId: string): Promise<OrderChange> {
  return inTransaction(db, async (trx): Promise<OrderChange> => {
    const order = await lockPaidOrder(trx, websiteId, orderId);
    if (!order) return { ok: false, reason: 'not-found' };
    if (order.status === 'CANCELED') return { ok: false, reason: 'canceled' };
    if (order.status !== 'PENDING') return { ok: false, reason: 'not-cancelable' };
    await giveBackOrderHolds(trx, websiteId, orderId);
    await trx
      .updateTable('orders')
      .set({ status: 'CANCELED', canceledOn: sql<Date>`now()` })
      .where('websiteId', '=', websiteId)
      .where('id', '=', orderId)
      .execute();
    return { ok: true };
  });
}

export interface OrderRefund {
  id: string;
  amountCents: string;
  currency: string;
  reason: string;
  providerRefundId: string;
  actorName: string;
  createdOn: Date;
}

export async function listOrderRefunds(db: Db, websiteId: string, orderId: string): Promise<OrderRefund[]> {
  const rows = await db
    .selectFrom('orderRefunds')
    .select(['id', 'amountMinor', 'currency', 'reason', 'providerRefundId', 'actorName', 'createdOn'])
    .where('websiteId', '=', websiteId)
    .where('orderId', '=', orderId)
    .orderBy('createdOn')
    .orderBy('id')
    .execute();
  return rows.map(({ amountMinor, ...row }) => ({ ...row, amountCents: amountMinor }));
}

export interface NewRefund {
  id: string;
  orderId: string;
  paymentId: string;
  amountCents: string;
  currency: string;
  reason: string;
  providerRefundId: string;
  actor: StockActor;
}

/** Records a refund the provider made; false when the payment has less left than it (a refund made meanwhile). */
export async function recordRefund(db: Db, websiteId: string, refund: NewRefund): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    if (!(await addRefund(trx, websiteId, refund.paymentId, refund.amountCents))) return false;
    await trx
      .insertInto('orderRefunds')
      .values({
        websiteId,
        id: refund.id,
        orderId: refund.orderId,
        paymentId: refund.paymentId,
        amountMinor: refund.amountCents,
        currency: refund.currency,
        reason: refund.reason,
        providerRefundId: refund.providerRefundId,
        actorKind: refund.actor.kind,
        actorId: refund.actor.id,
        actorName: refund.actor.name,
      })
      .execute();
    return true;
  });
}
