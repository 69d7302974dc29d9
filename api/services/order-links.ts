/**
 * The addresses of an order's pages, for the pages that link to them and
 * the emails that carry them: the confirmation (page type 202, or 206 for
 * an order that started a subscription), reached by
 * the order's random id right after checkout, and the status page (211),
 * reached from the receipt email by the order's own random status token, or
 * by its owner signed in.
 */
import { downloadsPath } from '../../shared/digital-downloads.ts';
import type { PlacedOrder } from '../repositories/order-repository.ts';

/** Where checkout sends the buyer once the order is placed. */
export function orderConfirmedPath(orderId: string): string {
  return `/checkout/order-confirmed?orderToken=${encodeURIComponent(orderId)}`;
}

/** Where checkout sends the buyer of a subscription: its own confirmation (page type 206). */
export function subscriptionConfirmedPath(orderId: string): string {
  return `/checkout/subscription-confirmed?orderToken=${encodeURIComponent(orderId)}`;
}

/** The confirmation an order just paid leads to: 206 when it started a subscription, else 202. */
export function confirmationPath(order: Pick<PlacedOrder, 'id' | 'items'>): string {
  return order.items.some((line) => line.subscriptionPlan !== null)
    ? subscriptionConfirmedPath(order.id)
    : orderConfirmedPath(order.id);
}

/** The status page's address; the order number is what the buyer sees and says. */
export function orderStatusPath(orderNumber: number): string {
  return `/account/orders/${orderNumber}`;
}

/** The receipt email's link: the status page with the order's token, which shows it to whoever holds the email. */
export function orderStatusLink(origin: string, order: Pick<PlacedOrder, 'orderNumber' | 'statusToken'>): string {
  const url = new URL(orderStatusPath(order.orderNumber), origin);
  if (order.statusToken !== null) url.searchParams.set('orderToken', order.statusToken);
  return url.href;
}

/** The receipt's link to the order's files (issue 24): the download page with the same token as the status link. */
export function orderDownloadsLink(origin: string, order: Pick<PlacedOrder, 'id' | 'statusToken'>): string {
  return new URL(downloadsPath(order.statusToken ?? order.id), origin).href;
}
