/**
 * The owner's orders panel (issue 22): the paid orders a page at a time
 * (filtered by status, searched by number, email or name), a CSV export of
 * what the filter shows, one order with its fulfilment, payment and
 * refunds; fulfilling (the buyer's email queued in the same transaction),
 * cancelling, and refunds through the payment provider; and the store's
 * subscriptions, each order saying which it started or renews. A refund asks the
 * provider first and records only what it made: a refusal changes nothing.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { minorUnitsOf } from '../../domain/money/minor-units.ts';
import { majorUnitsText } from '../../domain/money/minor-units-text.ts';
import { toCsv } from '../../shared/csv.ts';
import { fulfilOrderSchema, refundOrderSchema } from '../../shared/order-admin-schemas.ts';
import { ApiError } from '../api-errors.ts';
import { newId } from '../db/ids.ts';
import { enqueueMail } from '../mail/index.ts';
import type { PaymentProvider } from '../payments/payment-provider.ts';
import { findPaymentOfOrder } from '../repositories/order-payment-repository.ts';
import { getOrder, type PlacedOrder } from '../repositories/order-repository.ts';
import {
  cancelOrder,
  fulfilOrder,
  listOrderRefunds,
  listOwnerOrders,
  MAX_ORDER_PAGE_SIZE,
  ORDER_STATUSES,
  type OrderChange,
  orderCanceledOn,
  recordRefund,
} from '../repositories/owner-order-repository.ts';
import {
  dueOn,
  listSubscriptionsOfWebsite,
  type Subscription,
  subscriptionsOfAnyOrder,
} from '../repositories/subscription-repository.ts';
import type { Db } from '../repositories/transaction.ts';
import { orderShippedMail } from '../services/order-shipped-mail.ts';
import { subscriptionPlanText } from '../services/subscription-mail.ts';
import { requireOwner } from './owner-auth.ts';
import { parseOwnerInput } from './owner-input.ts';
import { ownerRoute } from './owner-route.ts';
import { stockActor } from './stock-actor.ts';
import { parseInput } from './validation.ts';

export const OWNER_ORDERS_PATH = '/api/owner/orders';
/** The store's subscriptions, newest first, with where each stands (issue 24). */
export const OWNER_SUBSCRIPTIONS_PATH = '/api/owner/subscriptions';
const SUBSCRIPTION_LIST_LIMIT = 200;
const EXPORT_LIMIT = 10_000;

const filterQuery = z.object({
  status: z.enum(ORDER_STATUSES).optional(),
  search: z.string().max(200).optional(),
});
const listQuery = filterQuery.extend({
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(MAX_ORDER_PAGE_SIZE).default(25),
});
const orderParams = z.object({ orderId: z.string().min(1).max(64) });

async function requireOrder(db: Db, request: FastifyRequest): Promise<{ websiteId: string; order: PlacedOrder }> {
  const websiteId = requireOwner(request).site.website.id;
  const { orderId } = parseInput(orderParams, request.params);
  const order = await getOrder(db, websiteId, orderId);
  if (!order) throw new ApiError('order-not-found');
  return { websiteId, order };
}

function refused(change: OrderChange): void {
  if (change.ok) return;
  const codes = {
    'not-found': 'order-not-found',
    'already-fulfilled': 'order-already-fulfilled',
    canceled: 'order-canceled',
    'not-cancelable': 'order-not-cancelable',
  } as const;
  throw new ApiError(codes[change.reason]);
}

/** A subscription as the owner's panel lists it: who, what, the plan in the spec's wording, where it stands. */
function ownerSubscriptionJson(subscription: Subscription) {
  return {
    id: subscription.id,
    productName: subscription.productName,
    quantity: subscription.quantity,
    customerName: subscription.customerName,
    customerEmail: subscription.customerEmail,
    plan: subscriptionPlanText(subscription),
    state: subscription.state,
    pausedFor: subscription.pausedFor,
    periodsBilled: subscription.periodsBilled,
    nextBillingOn: subscription.state === 'active' ? (dueOn(subscription)?.toISOString() ?? null) : null,
    lastDecline: subscription.lastDecline,
    createdOn: subscription.createdOn.toISOString(),
  };
}

async function orderDetail(db: Db, websiteId: string, order: PlacedOrder) {
  const [canceledOn, payment, refunds, subscriptions] = await Promise.all([
    orderCanceledOn(db, websiteId, order.id),
    findPaymentOfOrder(db, websiteId, order.id),
    listOrderRefunds(db, websiteId, order.id),
    subscriptionsOfAnyOrder(db, websiteId, order.id),
  ]);
  const paid = payment?.status === 'succeeded' ? payment : undefined;
  // The shipment is given flat, beside when it was cancelled.
  const { shipment, ...rest } = order;
  return {
    order: {
      ...rest,
      createdOn: order.createdOn.toISOString(),
      fulfilledOn: shipment?.fulfilledOn.toISOString() ?? null,
      canceledOn: canceledOn?.toISOString() ?? null,
      trackingNumber: shipment?.trackingNumber ?? null,
      carrier: shipment?.carrier ?? null,
      trackingUrl: shipment?.trackingUrl ?? null,
    },
    payment: paid
      ? {
          provider: paid.provider,
          amountCents: paid.amountCents,
          refundedCents: paid.refundedCents,
          refundableCents: (minorUnitsOf(paid.amountCents) - minorUnitsOf(paid.refundedCents)).toString(),
        }
      : null,
    refunds: refunds.map((refund) => ({ ...refund, createdOn: refund.createdOn.toISOString() })),
    // The subscriptions it started (period 1) or the one it renews (its period).
    subscriptions: subscriptions.map(({ subscription, period }) => ({
      ...ownerSubscriptionJson(subscription),
      period,
    })),
  };
}

export async function ownerOrderRoutes(
  app: FastifyInstance,
  options: { db: Db; payments: PaymentProvider },
): Promise<void> {
  const { db, payments } = options;

  ownerRoute(app, {
    method: 'GET',
    url: OWNER_ORDERS_PATH,
    permission: 'orders:read',
    handler: async (request) => {
      const websiteId = requireOwner(request).site.website.id;
      const query = parseInput(listQuery, request.query);
      const page = await listOwnerOrders(db, websiteId, query);
      return {
        orders: page.orders.map((order) => ({ ...order, createdOn: order.createdOn.toISOString() })),
        total: page.total,
        offset: query.offset,
        limit: query.limit,
      };
    },
  });

  ownerRoute(app, {
    method: 'GET',
    url: OWNER_SUBSCRIPTIONS_PATH,
    permission: 'orders:read',
    handler: async (request) => {
      const websiteId = requireOwner(request).site.website.id;
      const subscriptions = await listSubscriptionsOfWebsite(db, websiteId, SUBSCRIPTION_LIST_LIMIT);
      return { subscriptions: subscriptions.map(ownerSubscriptionJson) };
    },
  });

  ownerRoute(app, {
    method: 'GET',
    url: `${OWNER_ORDERS_PATH}/export`,
    permission: 'orders:read',
    handler: async (request, reply) => {
      const websiteId = requireOwner(request).site.website.id;
      const query = parseInput(filterQuery, request.query);
      const { orders } = await listOwnerOrders(db, websiteId, {
        ...query,
        offset: 0,
        limit: EXPORT_LIMIT,
      });
      const rows = orders.map((order) => [
        order.orderNumber,
        order.createdOn.toISOString(),
        order.status,
        order.customerName ?? '',
        order.customerEmail ?? '',
        order.currency,
        majorUnitsText(order.grandTotalCents, order.currency) ?? order.grandTotalCents,
      ]);
      const columns = ['Order number', 'Placed on', 'Status', 'Customer name', 'Customer email', 'Currency', 'Total'];
      // A byte order mark, so spreadsheets read the UTF-8 as UTF-8; buyers' names are guarded as formulas.
      const csv = `\uFEFF${toCsv(columns, rows, { guardFormulas: true })}`;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="orders.csv"')
        .send(csv);
    },
  });

  ownerRoute(app, {
    method: 'GET',
    url: `${OWNER_ORDERS_PATH}/:orderId`,
    permission: 'orders:read',
    handler: async (request) => {
      const { websiteId, order } = await requireOrder(db, request);
      return orderDetail(db, websiteId, order);
    },
  });

  ownerRoute(app, {
    method: 'POST',
    url: `${OWNER_ORDERS_PATH}/:orderId/fulfil`,
    permission: 'orders:write',
    handler: async (request) => {
      const owner = requireOwner(request);
      const { websiteId, order } = await requireOrder(db, request);
      const shipment = parseOwnerInput(fulfilOrderSchema, request.body);
      const origin =
        (await findPaymentOfOrder(db, websiteId, order.id))?.siteOrigin || `${request.protocol}://${request.host}`;
      const mail = orderShippedMail(order, shipment, { siteTitle: owner.site.website.siteTitle, origin });
      refused(
        await fulfilOrder(db, websiteId, order.id, shipment, async (trx) => {
          if (mail) await enqueueMail(trx, websiteId, mail);
        }),
      );
      return orderDetail(db, websiteId, (await getOrder(db, websiteId, order.id)) ?? order);
    },
  });

  ownerRoute(app, {
    method: 'POST',
    url: `${OWNER_ORDERS_PATH}/:orderId/cancel`,
    permission: 'orders:write',
    handler: async (request) => {
      const { websiteId, order } = await requireOrder(db, request);
      refused(await cancelOrder(db, websiteId, order.id));
      return orderDetail(db, websiteId, (await getOrder(db, websiteId, order.id)) ?? order);
    },
  });

  ownerRoute(app, {
    method: 'POST',
    url: `${OWNER_ORDERS_PATH}/:orderId/refunds`,
    permission: 'orders:write',
    handler: async (request) => {
      const owner = requireOwner(request);
      const { websiteId, order } = await requireOrder(db, request);
      const input = parseOwnerInput(refundOrderSchema, request.body);
      const payment = await findPaymentOfOrder(db, websiteId, order.id);
      if (payment?.status !== 'succeeded' || !payment.providerPaymentId || payment.provider !== payments.name) {
        throw new ApiError('order-no-payment');
      }
      const left = minorUnitsOf(payment.amountCents) - minorUnitsOf(payment.refundedCents);
      if (minorUnitsOf(input.amountCents) > left) {
        throw new ApiError('order-refund-too-much', {
          params: { left: `${majorUnitsText(left.toString(), payment.currency)} ${payment.currency}` },
        });
      }
      const refundId = newId();
      let providerRefundId: string;
      try {
        ({ refundId: providerRefundId } = await payments.refund(
          payment.providerPaymentId,
          Number(input.amountCents),
          `refund-${refundId}`,
        ));
      } catch (error) {
        request.log.warn({ err: error }, 'the payment provider refused a refund');
        throw new ApiError('order-refund-failed');
      }
      const recorded = await recordRefund(db, websiteId, {
        id: refundId,
        orderId: order.id,
        paymentId: payment.id,
        amountCents: input.amountCents,
        currency: payment.currency,
        reason: input.reason,
        providerRefundId,
        actor: stockActor(owner),
      });
      // The provider refunded it, so our count cannot refuse it but by a race with another refund: say so loudly.
      if (!recorded) request.log.error({ orderId: order.id, providerRefundId }, 'a refund was made but not recorded');
      return orderDetail(db, websiteId, order);
    },
  });
}
