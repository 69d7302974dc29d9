/**
 * The buyer's email when the owner fulfils their order (issue 22): what was
 * sent, how to follow it (carrier, tracking number, tracking address) and
 * the link to the order's status page, which shows the same.
 */
import type { MailMessage } from '../mail/index.ts';
import type { PlacedOrder } from '../repositories/order-repository.ts';
import type { Shipment } from '../repositories/owner-order-repository.ts';
import { orderStatusLink } from './order-links.ts';

export function orderShippedMail(
  order: PlacedOrder,
  shipment: Shipment,
  context: { siteTitle: string; origin: string },
): MailMessage | undefined {
  if (!order.customerEmail) return undefined;
  const tracking = [
    ...(shipment.carrier ? [`Carrier: ${shipment.carrier}`] : []),
    ...(shipment.trackingNumber ? [`Tracking number: ${shipment.trackingNumber}`] : []),
    ...(shipment.trackingUrl ? [`Track it: ${shipment.trackingUrl}`] : []),
  ];
  return {
    kind: 'order-fulfilled',
    to: order.customerEmail,
    subject: `Your order #${order.orderNumber} from ${context.siteTitle} is on its way`,
    text: [
      order.customerName ? `Hello ${order.customerName},` : 'Hello,',
      '',
      `Your order #${order.orderNumber} from ${context.siteTitle} has been sent.`,
      '',
      ...order.items.map((line) => `  ${line.quantity} × ${line.productName}`),
      ...(tracking.length > 0 ? ['', ...tracking] : []),
      '',
      'See your order at any time (keep this link to yourself):',
      orderStatusLink(context.origin, order),
      '',
    ].join('\n'),
  };
}
