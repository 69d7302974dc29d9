/**
 * The owner's side of orders (issue 22): the paid orders a page at a time,
 * filtered by status and searched by number, email or name; fulfilling
 * (with how it ships), cancelling (stock, discount uses and gift card
 * shares given back, as for a failed payment) and the refunds made through
 * the payment provider. Only paid orders are orders (migration 0034).
 */
import { sql } from 'kysely';
import { newId } from '../db/ids.ts';
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

/** Some of an order line's quantity, shipped in one parcel. */
export interface ShippedLine {
  lineNumber: number;
  quantity: number;
}

export type FulfilResult =
  /** complete: every line has now gone, so the order is FULFILLED. */
  | { ok: true; complete: boolean }
  | { ok: false; reason: 'not-found' | 'already-fulfilled' | 'canceled' }
  | { ok: false; reason: 'line-not-found' | 'too-many'; lineNumber: number };

/** How many of each line of an order its shipments sent, by line number. */
export async function shippedQuantities(db: Db, websiteId: string, orderId: string): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('orderShipmentLines')
    .select(['lineNumber', (eb) => eb.fn.sum<string>('quantity').as('shipped')])
    .where('websiteId', '=', websiteId)
    .where('orderId', '=', orderId)
    .groupBy('lineNumber')
    .execute();
  return new Map(rows.map((row) => [row.lineNumber, Number(row.shipped)]));
}

/**
 * Ships some of a pending order, or all it has left (`lines` undefined),
 * with how it ships: a shipment row and its lines, the order's tracking
 * columns set to this parcel's, and once every line has gone the order
 * FULFILLED. `then` runs in the same transaction (the buyer's email and the
 * reviews request are queued there), so they exist exactly when the
 * shipment does.
 */
export async function fulfilOrder(
  db: Db,
  websiteId: string,
  orderId: string,
  shipment: Shipment,
  lines: readonly ShippedLine[] | undefined,
  then: (trx: Db, sent: { complete: boolean; parcel: readonly ShippedLine[] }) => Promise<void>,
): Promise<FulfilResult> {
  return inTransaction(db, async (trx): Promise<FulfilResult> => {
    const order = await lockPaidOrder(trx, websiteId, orderId);
    if (!order) return { ok: false, reason: 'not-found' };
    if (order.status === 'FULFILLED') return { ok: false, reason: 'already-fulfilled' };
    if (order.status === 'CANCELED') return { ok: false, reason: 'canceled' };
    const [ordered, shipped] = await Promise.all([
      trx
        .selectFrom('orderLines')
        .select(['lineNumber', 'quantity'])
        .where('websiteId', '=', websiteId)
        .where('orderId', '=', orderId)
        .orderBy('lineNumber')
        .execute(),
      shippedQuantities(trx, websiteId, orderId),
    ]);
    const left = new Map(ordered.map((line) => [line.lineNumber, line.quantity - (shipped.get(line.lineNumber) ?? 0)]));
    const parcel =
      lines ??
      [...left].filter(([, quantity]) => quantity > 0).map(([lineNumber, quantity]) => ({ lineNumber, quantity }));
    for (const line of parcel) {
      const remaining = left.get(line.lineNumber);
      if (remaining === undefined) return { ok: false, reason: 'line-not-found', lineNumber: line.lineNumber };
      if (line.quantity > remaining) return { ok: false, reason: 'too-many', lineNumber: line.lineNumber };
      left.set(line.lineNumber, remaining - line.quantity);
    }
    const complete = [...left.values()].every((quantity) => quantity === 0);
    const shipmentId = newId();
    if (parcel.length > 0) {
      await trx
        .insertInto('orderShipments')
        .values({ websiteId, id: shipmentId, orderId, ...shipment })
        .execute();
      await trx
        .insertInto('orderShipmentLines')
        .values(parcel.map((line) => ({ websiteId, shipmentId, orderId, ...line })))
        .execute();
    }
    await trx
      .updateTable('orders')
      .set({ ...shipment, ...(complete ? { status: 'FULFILLED' as const, fulfilledOn: sql<Date>`now()` } : {}) })
      .where('websiteId', '=', websiteId)
      .where('id', '=', orderId)
      .execute();
    await then(trx, { complete, parcel });
    return { ok: true, complete };
  });
}

/** One parcel of an order, with what it sent. */
export interface OrderShipmentRecord extends Shipment {
  id: string;
  createdOn: Date;
  lines: ShippedLine[];
}

/** An order's shipments, oldest first; none for an order fulfilled before migration 0039. */
export async function listOrderShipments(db: Db, websiteId: string, orderId: string): Promise<OrderShipmentRecord[]> {
  const [shipments, lines] = await Promise.all([
    db
      .selectFrom('orderShipments')
      .select(['id', 'trackingNumber', 'carrier', 'trackingUrl', 'createdOn'])
      .where('websiteId', '=', websiteId)
      .where('orderId', '=', orderId)
      .orderBy('createdOn')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('orderShipmentLines')
      .select(['shipmentId', 'lineNumber', 'quantity'])
      .where('websiteId', '=', websiteId)
      .where('orderId', '=', orderId)
      .orderBy('lineNumber')
      .execute(),
  ]);
  return shipments.map((shipment) => ({
    ...shipment,
    lines: lines
      .filter((line) => line.shipmentId === shipment.id)
      .map(({ lineNumber, quantity }) => ({ lineNumber, quantity })),
  }));
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
    // A parcel has gone: what it took cannot be given back, so the rest is refunded, not cancelled.
    if ((await shippedQuantities(trx, websiteId, orderId)).size > 0) return { ok: false, reason: 'not-cancelable' };
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
