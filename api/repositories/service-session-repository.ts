/**
 * A service's sessions (issue 24): a service product (type 3) sells seats,
 * one variant a session (the demo's classes), its stock the seats still
 * free. Checkout takes seats as it takes stock, by one conditional update
 * (inventory-repository.ts), so parallel checkouts never sell a seat twice.
 * Here is the owner's view: each session with its seats taken and who
 * took them, from the paid orders that were not cancelled.
 */
import { PRODUCT_TYPES } from '../../domain/spec-enums.ts';
import type { Db } from './transaction.ts';

export interface SessionAttendee {
  orderId: string;
  orderNumber: number;
  name: string | null;
  email: string | null;
  seats: number;
}

export interface ServiceSession {
  itemId: string;
  productTitle: string;
  variantId: string;
  sku: string;
  /** The session as the buyer chose it: 'Session: Saturday, 10 am'. */
  session: string;
  seatsLeft: number | null;
  seatsTaken: number;
  attendees: SessionAttendee[];
}

export async function listServiceSessions(db: Db, websiteId: string): Promise<ServiceSession[]> {
  const variants = await db
    .selectFrom('productVariants as v')
    .innerJoin('products as p', (join) =>
      join.onRef('p.websiteId', '=', 'v.websiteId').onRef('p.itemId', '=', 'v.itemId'),
    )
    .innerJoin('items as i', (join) => join.onRef('i.websiteId', '=', 'v.websiteId').onRef('i.id', '=', 'v.itemId'))
    .select([
      'v.itemId',
      'i.title',
      'v.id',
      'v.sku',
      'v.attributes',
      'v.unlimited',
      'v.qtyInStock',
      'p.variantOptionOrdering',
    ])
    .where('v.websiteId', '=', websiteId)
    .where('p.productType', '=', PRODUCT_TYPES.service)
    .orderBy('i.title')
    .orderBy('v.displayIndex')
    .orderBy('v.id')
    .execute();
  if (variants.length === 0) return [];
  const lines = await db
    .selectFrom('orderLines as l')
    .innerJoin('orders as o', (join) => join.onRef('o.websiteId', '=', 'l.websiteId').onRef('o.id', '=', 'l.orderId'))
    .select(['l.variantId', 'o.id', 'o.orderNumber', 'o.customerName', 'o.customerEmail', 'l.quantity'])
    .where('l.websiteId', '=', websiteId)
    .where(
      'l.variantId',
      'in',
      variants.map((variant) => variant.id),
    )
    .where('o.paymentStatus', '=', 'paid')
    .where('o.status', '!=', 'CANCELED')
    .orderBy('o.orderNumber')
    .orderBy('l.lineNumber')
    .execute();
  return variants.map((variant) => {
    const attendees = lines
      .filter((line) => line.variantId === variant.id)
      .map((line) => ({
        orderId: line.id,
        orderNumber: line.orderNumber ?? 0,
        name: line.customerName,
        email: line.customerEmail,
        seats: line.quantity,
      }));
    const attributes = variant.attributes as Record<string, string>;
    const names = [
      ...(variant.variantOptionOrdering as string[]),
      ...Object.keys(attributes).filter((n) => !(variant.variantOptionOrdering as string[]).includes(n)),
    ];
    return {
      itemId: variant.itemId,
      productTitle: variant.title,
      variantId: variant.id,
      sku: variant.sku,
      session: names
        .filter((name) => attributes[name] !== undefined)
        .map((name) => `${name}: ${attributes[name]}`)
        .join(', '),
      seatsLeft: variant.unlimited ? null : variant.qtyInStock,
      seatsTaken: attendees.reduce((sum, attendee) => sum + attendee.seats, 0),
      attendees,
    };
  });
}
