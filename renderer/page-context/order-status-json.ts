/**
 * The JSON of a site user's orders: the history on the account page and one
 * order's status page (page type 211). The status page adds to what the
 * order-confirmed page shows (checkout-json.ts) what an order's later life
 * has: its status and how far it is fulfilled, as far as the store keeps
 * them (a status, where it ships, and once fulfilled the carrier and
 * tracking the owner gave).
 */
import type { OrderSummary, PlacedOrder } from '../../api/repositories/order-repository.ts';
import { orderStatusPath } from '../../api/services/order-links.ts';
import { orderJson } from './checkout-json.ts';
import { moneyJson } from './money-json.ts';

type Json = Record<string, unknown>;
type OrderStatus = PlacedOrder['status'];

const isNonZero = (minor: string) => !/^-?0+$/.test(minor);

/** What the buyer reads for each of the orders table's statuses. */
const STATUS_LABELS: Record<OrderStatus, string> = {
  PENDING: 'Pending',
  FULFILLED: 'Fulfilled',
  CANCELED: 'Canceled',
};

/** How far the order is fulfilled, in words: only what the status says, since nothing else is recorded. */
const FULFILMENT_TEXT: Record<OrderStatus, { shipping: string; noShipping: string }> = {
  PENDING: { shipping: 'Not shipped yet.', noShipping: 'Being prepared.' },
  FULFILLED: { shipping: 'Shipped.', noShipping: 'Fulfilled.' },
  CANCELED: { shipping: 'Canceled: nothing will be shipped.', noShipping: 'Canceled.' },
};

export function orderSummaryJson(order: OrderSummary): Json {
  return {
    orderNumber: order.orderNumber,
    createdOn: order.createdOn.getTime(),
    status: order.status,
    statusLabel: STATUS_LABELS[order.status],
    grandTotal: moneyJson(order.grandTotalCents, order.currency),
    fullUrl: orderStatusPath(order.orderNumber),
  };
}

export function orderStatusJson(order: PlacedOrder): Json {
  const ships = order.shippingAddress !== null;
  return {
    ...orderJson(order),
    status: order.status,
    statusLabel: STATUS_LABELS[order.status],
    taxTotal: moneyJson(order.taxCents, order.currency),
    shippingTotal: moneyJson(order.shippingCostCents, order.currency),
    discountTotal: moneyJson(order.discountCents, order.currency),
    hasTax: isNonZero(order.taxCents),
    hasShipping: isNonZero(order.shippingCostCents),
    hasDiscount: isNonZero(order.discountCents),
    fulfillment: {
      fulfilled: order.status === 'FULFILLED',
      canceled: order.status === 'CANCELED',
      requiresShipping: ships,
      text: FULFILMENT_TEXT[order.status][ships ? 'shipping' : 'noShipping'],
      fulfilledOn: order.shipment ? order.shipment.fulfilledOn.getTime() : null,
      carrier: order.shipment?.carrier ?? null,
      trackingNumber: order.shipment?.trackingNumber ?? null,
      // Only a web address is a link (the orders panel checks it on the way in).
      trackingUrl:
        order.shipment?.trackingUrl && /^https?:\/\//i.test(order.shipment.trackingUrl)
          ? order.shipment.trackingUrl
          : null,
    },
    fullUrl: orderStatusPath(order.orderNumber),
  };
}
