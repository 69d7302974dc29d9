/**
 * The buyer's email when the owner fulfils their order (issue 22), or a
 * parcel of it (issue 24): what this parcel holds, how to follow it
 * (carrier, tracking number, tracking address) and the link to the
 * order's status page, which shows the same. A parcel with only part of
 * the order says so, and the last one says it is the rest.
 */
import type { MailMessage } from '../mail/index.ts';
import type { PlacedOrder } from '../repositories/order-repository.ts';
import type { Shipment, ShippedLine } from '../repositories/owner-order-repository.ts';
import { orderStatusLink } from './order-links.ts';

/** Which part of the order a parcel is, in the subject and the first sentence. */
type Part = 'whole' | 'part' | 'rest';

const WORDING: Record<Part, { subject: string; sent: string }> = {
  whole: { subject: 'Your order', sent: 'Your order' },
  part: { subject: 'Part of your order', sent: 'Part of your order' },
  rest: { subject: 'The rest of your order', sent: 'The rest of your order' },
};

/**
 * `sent` is the parcel and whether the order is now wholly fulfilled;
 * without it the parcel is the whole order (an order fulfilled in one go).
 */
export function orderShippedMail(
  order: PlacedOrder,
  shipment: Shipment,
  context: { siteTitle: string; origin: string },
  sent?: { parcel: readonly ShippedLine[]; complete: boolean },
): MailMessage | undefined {
  if (!order.customerEmail) return undefined;
  const quantities = new Map((sent?.parcel ?? []).map((line) => [line.lineNumber, line.quantity]));
  const items = sent
    ? order.items
        .filter((line) => quantities.has(line.lineNumber))
        .map((line) => ({ productName: line.productName, quantity: quantities.get(line.lineNumber) ?? 0 }))
    : order.items;
  const whole = !sent || order.items.every((line) => quantities.get(line.lineNumber) === line.quantity);
  const part: Part = whole ? 'whole' : sent?.complete ? 'rest' : 'part';
  const tracking = [
    ...(shipment.carrier ? [`Carrier: ${shipment.carrier}`] : []),
    ...(shipment.trackingNumber ? [`Tracking number: ${shipment.trackingNumber}`] : []),
    ...(shipment.trackingUrl ? [`Track it: ${shipment.trackingUrl}`] : []),
  ];
  return {
    kind: 'order-fulfilled',
    to: order.customerEmail,
    subject: `${WORDING[part].subject} #${order.orderNumber} from ${context.siteTitle} is on its way`,
    text: [
      order.customerName ? `Hello ${order.customerName},` : 'Hello,',
      '',
      `${WORDING[part].sent} #${order.orderNumber} from ${context.siteTitle} has been sent.${part === 'part' ? ' The rest follows.' : ''}`,
      '',
      ...items.map((line) => `  ${line.quantity} × ${line.productName}`),
      ...(tracking.length > 0 ? ['', ...tracking] : []),
      '',
      'See your order at any time (keep this link to yourself):',
      orderStatusLink(context.origin, order),
      '',
    ].join('\n'),
  };
}
