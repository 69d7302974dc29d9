/**
 * The two emails of a paid order (issue 20): the buyer's confirmation and
 * the store owner's new-order notice, each with the lines, the totals
 * (subtotal, discounts, shipping, tax, total, what gift cards paid and what
 * was charged) and where it ships. The buyer's carries the link to the
 * order's status page (page type 211) with the order's status token, and
 * to its files' download page when it bought a digital product; the
 * owner's answers to the buyer. Plain text, like the product's other mail:
 * every mail program shows it, and the figures line up in a fixed font.
 *
 * The owner is the website's first administrator (the contributor who made
 * the site): an address kept with the contributors, never in the settings,
 * which pages' JSON carries. They are queued in the transaction that marks the order paid, so they exist
 * exactly when the order does and go out once.
 */
import { countryName } from '../../domain/address/countries.ts';
import { regionName } from '../../domain/address/regions.ts';
import { amountToChargeCents } from '../../domain/checkout/gift-cards.ts';
import { lineTotal } from '../../domain/money/minor-units.ts';
import { formatMinorUnits } from '../../domain/money/minor-units-text.ts';
import { isValidEmail } from '../../shared/form-validation.ts';
import { ROLES } from '../../shared/owner-permissions.ts';
import { enqueueMail, type MailMessage } from '../mail/index.ts';
import { orderHasDownloads } from '../repositories/download-repository.ts';
import type { PlacedOrder } from '../repositories/order-repository.ts';
import type { Db } from '../repositories/transaction.ts';
import type { WebsiteWithSettings } from '../repositories/website-repository.ts';
import { orderDownloadsLink, orderStatusLink } from './order-links.ts';

export interface ReceiptContext {
  siteTitle: string;
  /** Where the site answers ('https://shop.example'): the status link points there. */
  origin: string;
  /** The website's time zone: the order's date as the store reads it. */
  timeZone: string;
  /** The order's download page, when it bought files (issue 24). */
  downloadsLink?: string;
}

const isZero = (minor: string) => /^-?0+$/.test(minor);

function money(order: PlacedOrder, minor: string): string {
  return formatMinorUnits(minor, order.currency, 'en-US');
}

/** '2 × Stoneware Mug (Color: Slate)   $48.00', then the unit price under it when more than one. */
function lineText(order: PlacedOrder): string[] {
  return order.items.flatMap((line) => {
    const options = line.optionValues.map((option) => `${option.optionName}: ${option.value}`).join(', ');
    const name = options === '' ? line.productName : `${line.productName} (${options})`;
    const total = money(order, lineTotal(line.unitPriceCents, line.quantity));
    const each = line.quantity > 1 ? [`    ${money(order, line.unitPriceCents)} each`] : [];
    return [`  ${line.quantity} × ${name}  ${total}`, ...each];
  });
}

/** The totals block, one 'Label: amount' a line, in the order the confirmation page shows them. */
export function totalsText(order: PlacedOrder): string[] {
  const lines = [`Subtotal: ${money(order, order.subtotalCents)}`];
  for (const discount of order.discountLines) {
    const label = discount.code ? `Discount ${discount.code}` : `Discount (${discount.name})`;
    lines.push(`${label}: −${money(order, discount.amountCents)}`);
  }
  if (order.shippingMethod) {
    lines.push(`Shipping (${order.shippingMethod.name}): ${money(order, order.shippingCostCents)}`);
  }
  if (order.taxLines.length > 0) {
    for (const tax of order.taxLines) lines.push(`${tax.name} (${tax.ratePercent}%): ${money(order, tax.taxCents)}`);
  } else if (!isZero(order.taxCents)) {
    lines.push(`Tax: ${money(order, order.taxCents)}`);
  }
  lines.push(`Total: ${money(order, order.grandTotalCents)}`);
  if (!isZero(order.giftCardCents)) {
    lines.push(`Paid by gift card: −${money(order, order.giftCardCents)}`);
    lines.push(`Charged: ${money(order, amountToChargeCents(order))}`);
  }
  return lines;
}

function addressText(order: PlacedOrder): string[] {
  const address = order.shippingAddress;
  if (!address) return [];
  const region = address.region ? regionName(address.country, address.region) : '';
  const place = [address.city, [region, address.postalCode].filter((part) => part !== '').join(' ')]
    .filter((part) => part !== '')
    .join(', ');
  return [
    ...(order.customerName ? [order.customerName] : []),
    address.line1,
    ...(address.line2 ? [address.line2] : []),
    place,
    countryName(address.country),
  ];
}

function placedOn(order: PlacedOrder, timeZone: string): string {
  try {
    return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone }).format(order.createdOn);
  } catch {
    return order.createdOn.toISOString().slice(0, 10);
  }
}

/** The buyer's confirmation, or undefined for an order without an email address. */
export function buyerReceipt(order: PlacedOrder, context: ReceiptContext): MailMessage | undefined {
  if (!order.customerEmail) return undefined;
  const address = addressText(order);
  return {
    kind: 'order-confirmation',
    to: order.customerEmail,
    subject: `Your order #${order.orderNumber} at ${context.siteTitle}`,
    text: [
      order.customerName ? `Hello ${order.customerName},` : 'Hello,',
      '',
      `Thank you for your order at ${context.siteTitle}. Here is what you bought.`,
      ...(order.testMode ? ['', 'This was a test order: no payment was taken.'] : []),
      '',
      `Order #${order.orderNumber}, placed ${placedOn(order, context.timeZone)}`,
      '',
      ...lineText(order),
      '',
      ...totalsText(order),
      ...(address.length > 0 ? ['', 'Shipping to:', ...address] : []),
      ...(order.shippingMethod ? [`Shipping method: ${order.shippingMethod.name}`] : []),
      ...(context.downloadsLink
        ? [
            '',
            'Download your files here (the link is yours alone; each file may be downloaded a few times):',
            context.downloadsLink,
          ]
        : []),
      '',
      "See your order and how far it has come, at any time (keep this link to yourself; it shows the order's details):",
      orderStatusLink(context.origin, order),
      '',
    ].join('\n'),
  };
}

/** The store owner's notice of a new order. */
export function ownerNewOrderMail(order: PlacedOrder, context: ReceiptContext, to: string): MailMessage {
  const address = addressText(order);
  const buyer = [order.customerName, order.customerEmail].filter((part) => part).join(', ');
  return {
    kind: 'new-order',
    to,
    ...(order.customerEmail ? { replyTo: order.customerEmail } : {}),
    subject: `New order #${order.orderNumber}: ${money(order, order.grandTotalCents)}${order.customerName ? ` from ${order.customerName}` : ''}`,
    text: [
      `${context.siteTitle} has a new order${order.testMode ? ' (a test order: no payment was taken)' : ''}.`,
      '',
      `Order #${order.orderNumber}, placed ${placedOn(order, context.timeZone)}`,
      ...(buyer ? [`Customer: ${buyer}`] : []),
      '',
      ...lineText(order),
      '',
      ...totalsText(order),
      ...(address.length > 0 ? ['', 'Ship to:', ...address] : ['', 'Nothing to ship.']),
      ...(order.shippingMethod ? [`Shipping method: ${order.shippingMethod.name}`] : []),
      '',
    ].join('\n'),
  };
}

/** Where the owner's notices go: the website's first administrator. */
export async function orderNotificationAddress(db: Db, websiteId: string): Promise<string | undefined> {
  const admin = await db
    .selectFrom('contributors')
    .select('email')
    .where('websiteId', '=', websiteId)
    .where('role', '=', ROLES.admin)
    .orderBy('createdOn')
    .orderBy('id')
    .executeTakeFirst();
  return admin && isValidEmail(admin.email) ? admin.email : undefined;
}

/** Queues both emails of a paid order; pass the transaction that marks it paid. */
export async function queueOrderReceipts(
  trx: Db,
  site: WebsiteWithSettings,
  order: PlacedOrder,
  origin: string,
): Promise<void> {
  const websiteId = site.website.id;
  const hasDownloads = await orderHasDownloads(
    trx,
    websiteId,
    order.items.map((line) => line.itemId),
  );
  const context: ReceiptContext = {
    siteTitle: site.website.siteTitle,
    origin,
    timeZone: site.settings.timeZone,
    downloadsLink: hasDownloads ? orderDownloadsLink(origin, order) : undefined,
  };
  const receipt = buyerReceipt(order, context);
  if (receipt) await enqueueMail(trx, site.website.id, receipt);
  const owner = await orderNotificationAddress(trx, site.website.id);
  if (owner) await enqueueMail(trx, site.website.id, ownerNewOrderMail(order, context, owner));
}
