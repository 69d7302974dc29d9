/**
 * The JSON of a site user's orders: the history on the account page and one
 * order's status page (page type 211). The status page adds to what the
 * order-confirmed page shows (checkout-json.ts) what an order's later life
 * has: where its fulfilment stands, overall and line by line (pending,
 * fulfilled, partly fulfilled, cancelled, refunded), each parcel the owner
 * sent with its carrier and tracking (a tracking link of the owner's, or
 * the carrier's own page for a carrier we know), and what was refunded.
 */

import type { OrderSummary, PlacedOrder } from '../../api/repositories/order-repository.ts';
import type { OrderRefund, OrderShipmentRecord } from '../../api/repositories/owner-order-repository.ts';
import { orderStatusPath } from '../../api/services/order-links.ts';
import { minorUnitsOf } from '../../domain/money/minor-units.ts';
import { carrierTrackingUrl } from '../../domain/orders/carrier-tracking.ts';
import { orderJson } from './checkout-json.ts';
import { moneyJson } from './money-json.ts';

type Json = Record<string, unknown>;
type OrderStatus = PlacedOrder['status'];

/** Where an order, or one of its lines, stands. */
export type FulfilmentState = 'pending' | 'fulfilled' | 'partly-fulfilled' | 'canceled' | 'refunded';

const isNonZero = (minor: string) => !/^-?0+$/.test(minor);

/** What the buyer reads for each of the orders table's statuses. */
const STATUS_LABELS: Record<OrderStatus, string> = {
  PENDING: 'Pending',
  FULFILLED: 'Fulfilled',
  CANCELED: 'Canceled',
};

const STATE_LABELS: Record<FulfilmentState, string> = {
  pending: 'Pending',
  fulfilled: 'Fulfilled',
  'partly-fulfilled': 'Partly fulfilled',
  canceled: 'Canceled',
  refunded: 'Refunded',
};

/** The state in a sentence, for an order that ships and one that does not. */
const STATE_TEXT: Record<FulfilmentState, { shipping: string; noShipping: string }> = {
  pending: { shipping: 'Not shipped yet.', noShipping: 'Being prepared.' },
  fulfilled: { shipping: 'Shipped.', noShipping: 'Fulfilled.' },
  'partly-fulfilled': { shipping: 'Partly shipped: the rest follows.', noShipping: 'Partly fulfilled.' },
  canceled: { shipping: 'Canceled: nothing will be shipped.', noShipping: 'Canceled.' },
  refunded: { shipping: 'Refunded.', noShipping: 'Refunded.' },
};

/** What the status page knows of an order besides the order itself. */
export interface OrderAftermath {
  shipments: OrderShipmentRecord[];
  refunds: OrderRefund[];
  /** What the card payment charged, in minor units; null when nothing was charged (gift cards paid it all). */
  chargedCents: string | null;
}

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

/** How many of each line went: by its shipments, or all of them for an order fulfilled before shipments were kept. */
function shippedByLine(order: PlacedOrder, shipments: readonly OrderShipmentRecord[]): Map<number, number> {
  const shipped = new Map<number, number>();
  if (shipments.length === 0 && order.status === 'FULFILLED') {
    for (const line of order.items) shipped.set(line.lineNumber, line.quantity);
    return shipped;
  }
  for (const shipment of shipments) {
    for (const line of shipment.lines)
      shipped.set(line.lineNumber, (shipped.get(line.lineNumber) ?? 0) + line.quantity);
  }
  return shipped;
}

function lineState(quantity: number, shipped: number): FulfilmentState {
  if (shipped <= 0) return 'pending';
  return shipped >= quantity ? 'fulfilled' : 'partly-fulfilled';
}

/**
 * The order's state: cancelled above all, then refunded once refunds
 * reach what was charged, else how much of it has gone.
 */
export function orderFulfilmentState(
  order: PlacedOrder,
  shipped: ReadonlyMap<number, number>,
  refundedCents: bigint,
  chargedCents: string | null,
): FulfilmentState {
  if (order.status === 'CANCELED') return 'canceled';
  if (chargedCents !== null && refundedCents > 0n && refundedCents >= minorUnitsOf(chargedCents)) return 'refunded';
  if (order.status === 'FULFILLED') return 'fulfilled';
  return order.items.some((line) => (shipped.get(line.lineNumber) ?? 0) > 0) ? 'partly-fulfilled' : 'pending';
}

function trackingUrlOf(shipment: {
  carrier: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
}) {
  // Only a web address is a link (the orders panel checks it on the way in).
  if (shipment.trackingUrl && /^https?:\/\//i.test(shipment.trackingUrl)) return shipment.trackingUrl;
  return carrierTrackingUrl(shipment.carrier, shipment.trackingNumber);
}

export function orderStatusJson(order: PlacedOrder, aftermath: OrderAftermath): Json {
  const ships = order.shippingAddress !== null;
  const shipped = shippedByLine(order, aftermath.shipments);
  const refundedCents = aftermath.refunds.reduce((sum, refund) => sum + minorUnitsOf(refund.amountCents), 0n);
  const state = orderFulfilmentState(order, shipped, refundedCents, aftermath.chargedCents);
  const base = orderJson(order);
  const names = new Map(order.items.map((line) => [line.lineNumber, line.productName]));
  const shipments = aftermath.shipments.map((shipment) => ({
    shippedOn: shipment.createdOn.getTime(),
    carrier: shipment.carrier,
    trackingNumber: shipment.trackingNumber,
    trackingUrl: trackingUrlOf(shipment),
    items: shipment.lines.map((line) => ({ productName: names.get(line.lineNumber) ?? '', quantity: line.quantity })),
  }));
  const items = (base.items as Json[]).map((item, index) => {
    const line = order.items[index]!;
    const count = shipped.get(line.lineNumber) ?? 0;
    const itemState = order.status === 'CANCELED' ? 'canceled' : lineState(line.quantity, count);
    return {
      ...item,
      fulfillment: {
        state: itemState,
        stateLabel: STATE_LABELS[itemState],
        fulfilledQuantity: count,
        partly: itemState === 'partly-fulfilled',
      },
    };
  });
  return {
    ...base,
    items,
    status: order.status,
    statusLabel: STATUS_LABELS[order.status],
    taxTotal: moneyJson(order.taxCents, order.currency),
    shippingTotal: moneyJson(order.shippingCostCents, order.currency),
    discountTotal: moneyJson(order.discountCents, order.currency),
    hasTax: isNonZero(order.taxCents),
    hasShipping: isNonZero(order.shippingCostCents),
    hasDiscount: isNonZero(order.discountCents),
    refunded: refundedCents > 0n ? moneyJson(refundedCents.toString(), order.currency) : undefined,
    fulfillment: {
      state,
      stateLabel: STATE_LABELS[state],
      fulfilled: order.status === 'FULFILLED',
      canceled: order.status === 'CANCELED',
      requiresShipping: ships,
      text: STATE_TEXT[state][ships ? 'shipping' : 'noShipping'],
      fulfilledOn: order.shipment ? order.shipment.fulfilledOn.getTime() : null,
      // The latest parcel's (the only one, for an order fulfilled in one go), as the receipt of it said.
      carrier: order.shipment?.carrier ?? null,
      trackingNumber: order.shipment?.trackingNumber ?? null,
      trackingUrl: order.shipment ? trackingUrlOf(order.shipment) : null,
      shipments,
    },
    fullUrl: orderStatusPath(order.orderNumber),
  };
}
