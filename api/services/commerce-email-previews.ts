/**
 * Every email the store sends about buying, rendered for the owner's
 * preview (page type 301) by the same functions that send them, from a
 * sample order or from one of the store's own orders. One entry a kind of
 * email, in a table keyed by the kinds: an email added to the store without
 * an entry here fails to compile where the kinds are listed.
 */
import type { MailMessage } from '../mail/index.ts';
import type { PlacedOrder } from '../repositories/order-repository.ts';
import type { Subscription } from '../repositories/subscription-repository.ts';
import { donationReceiptMail } from './donation-receipt.ts';
import { giftCardMail } from './gift-card-mail.ts';
import { buyerReceipt, ownerNewOrderMail } from './order-receipts.ts';
import { orderShippedMail } from './order-shipped-mail.ts';
import { restockNotice } from './restock-notice.ts';
import { reviewsRequestLink, reviewsRequestMail } from './reviews-request.ts';
import { type SubscriptionMailKind, subscriptionMail } from './subscription-mail.ts';

export const COMMERCE_EMAILS = [
  'order-confirmation',
  'new-order',
  'order-fulfilled',
  'order-partly-fulfilled',
  'gift-card',
  'gift-card-for-recipient',
  'restock',
  'reviews-request',
  'subscription-started',
  'subscription-renewed',
  'subscription-payment-failed',
  'subscription-paused',
  'donation-receipt',
] as const;
export type CommerceEmail = (typeof COMMERCE_EMAILS)[number];

export interface PreviewContext {
  siteTitle: string;
  /** Where the site answers: the emails' links point there. */
  origin: string;
  timeZone: string;
  /** Where the owner's notices go (the first administrator's address). */
  ownerEmail: string;
  /** Signs the reviews request's and the subscriptions' links, as their jobs do. */
  secret: string;
  now: Date;
}

interface PreviewEntry {
  title: string;
  /** When the store sends it, for the owner reading the preview. */
  sentWhen: string;
  render(order: PlacedOrder, context: PreviewContext): MailMessage | undefined;
}

const SAMPLE_CODE = 'SAMPLE0PREVIEW00';

function firstLine(order: PlacedOrder) {
  return order.items[0];
}

/** A monthly subscription to the order's first line, as its first order would start it. */
function sampleSubscription(order: PlacedOrder, context: PreviewContext, state: Partial<Subscription>): Subscription {
  const line = firstLine(order);
  const nextMonth = new Date(context.now.getTime() + 30 * 86_400_000);
  return {
    websiteId: order.websiteId,
    id: 'sample000000000000000000',
    firstOrderId: order.id,
    lineNumber: line?.lineNumber ?? 1,
    siteUserId: null,
    customerEmail: order.customerEmail,
    customerName: order.customerName,
    itemId: line?.itemId ?? order.id,
    variantId: line?.variantId ?? order.id,
    sku: line?.sku ?? 'SAMPLE',
    productName: line?.productName ?? 'Sample product',
    quantity: line?.quantity ?? 1,
    unitPriceCents: line?.unitPriceCents ?? '1900',
    currency: order.currency,
    period: { value: 1, unit: 'MONTH' },
    numBillingCycles: 0,
    provider: 'test',
    paymentMethod: null,
    state: 'active',
    pausedFor: null,
    periodsBilled: 1,
    anchor: { on: context.now, period: 1 },
    nextBillingOn: nextMonth,
    failedAttempts: 0,
    retryOn: null,
    lastDecline: null,
    testMode: order.testMode,
    siteOrigin: context.origin,
    createdOn: context.now,
    ...state,
  };
}

function subscriptionPreview(kind: SubscriptionMailKind, state: Partial<Subscription> = {}) {
  return (order: PlacedOrder, context: PreviewContext) =>
    subscriptionMail(kind, sampleSubscription(order, context, state), { ...context, order });
}

const DECLINE = 'Your card was declined.';

const PREVIEWS: Record<CommerceEmail, PreviewEntry> = {
  'order-confirmation': {
    title: 'Order receipt',
    sentWhen: 'To the buyer, as soon as an order is paid.',
    render: (order, context) => buyerReceipt(order, context),
  },
  'new-order': {
    title: 'New order notification',
    sentWhen: "To the store's first administrator, as soon as an order is paid.",
    render: (order, context) => ownerNewOrderMail(order, context, context.ownerEmail),
  },
  'order-fulfilled': {
    title: 'Order shipped',
    sentWhen: 'To the buyer, each time you fulfil some or all of an order in the orders panel.',
    render: (order, context) =>
      orderShippedMail(
        order,
        order.shipment ?? { carrier: 'USPS', trackingNumber: '9400100000000000000000', trackingUrl: null },
        context,
      ),
  },
  'order-partly-fulfilled': {
    title: 'Part of an order shipped',
    sentWhen: 'To the buyer, when you send some of the lines of an order and the rest later.',
    render: (order, context) =>
      orderShippedMail(order, { carrier: 'UPS', trackingNumber: '1Z999AA10123456784', trackingUrl: null }, context, {
        parcel: order.items.slice(0, 1).map((line) => ({ lineNumber: line.lineNumber, quantity: 1 })),
        complete: false,
      }),
  },
  'gift-card': {
    title: 'Gift card (to the buyer)',
    sentWhen: 'To the buyer of a gift card who named no recipient, once the order is paid.',
    render: (order, context) =>
      giftCardMail({
        siteTitle: context.siteTitle,
        origin: context.origin,
        code: SAMPLE_CODE,
        amountCents: firstLine(order)?.unitPriceCents ?? '2500',
        currency: order.currency,
        recipient: null,
        buyer: { name: order.customerName, email: order.customerEmail ?? 'buyer@example.com' },
      }),
  },
  'gift-card-for-recipient': {
    title: 'Gift card (to a recipient)',
    sentWhen: 'To the person a gift card buyer named, with their note, once the order is paid.',
    render: (order, context) =>
      giftCardMail({
        siteTitle: context.siteTitle,
        origin: context.origin,
        code: SAMPLE_CODE,
        amountCents: firstLine(order)?.unitPriceCents ?? '2500',
        currency: order.currency,
        recipient: { recipientName: 'Grace Hopper', recipientEmail: 'grace@example.com', note: 'Happy birthday!' },
        buyer: { name: order.customerName, email: order.customerEmail ?? 'buyer@example.com' },
      }),
  },
  restock: {
    title: 'Back in stock',
    sentWhen: 'To each shopper who asked, when a sold-out variant has stock again.',
    render: (order, context) => {
      const line = firstLine(order);
      const attributes = Object.fromEntries((line?.optionValues ?? []).map((o) => [o.optionName, o.value]));
      return restockNotice(
        { productName: line?.productName ?? 'Sample product', attributes, path: '/' },
        context.siteTitle,
        context.origin,
        order.customerEmail ?? 'shopper@example.com',
      );
    },
  },
  'reviews-request': {
    title: 'Reviews request',
    sentWhen: 'To the buyer, some days after an order is fulfilled (the store setting; 7 unless set).',
    render: (order, context) =>
      reviewsRequestMail(order, {
        siteTitle: context.siteTitle,
        link: reviewsRequestLink(context.secret, context.origin, order),
      }),
  },
  'subscription-started': {
    title: 'Subscription started',
    sentWhen: 'To the buyer, once the order that starts a subscription is paid.',
    render: subscriptionPreview('started'),
  },
  'subscription-renewed': {
    title: 'Subscription renewed',
    sentWhen: "To the buyer, after each period's renewal is charged.",
    render: subscriptionPreview('renewed', { periodsBilled: 2 }),
  },
  'subscription-payment-failed': {
    title: 'Subscription payment declined',
    sentWhen: "To the buyer, when a renewal's payment is declined; it is tried again after 1, 3 and 5 days.",
    render: (order, context) =>
      subscriptionPreview('payment-failed', {
        failedAttempts: 1,
        lastDecline: DECLINE,
        retryOn: new Date(context.now.getTime() + 86_400_000),
      })(order, context),
  },
  'subscription-paused': {
    title: 'Subscription paused',
    sentWhen: "To the buyer, when every try of a renewal's payment was declined.",
    render: subscriptionPreview('paused', {
      state: 'paused',
      pausedFor: 'payment-failed',
      failedAttempts: 4,
      lastDecline: DECLINE,
      nextBillingOn: null,
    }),
  },
  'donation-receipt': {
    title: 'Donation receipt',
    sentWhen: "To the donor, once a donation block's gift is paid.",
    render: (order, context) =>
      donationReceiptMail(
        {
          websiteId: order.websiteId,
          id: 'sample000000000000000000',
          causeKey: 'sample',
          causeTitle: 'Sample cause',
          pageUrlId: 'give',
          amountCents: '2500',
          currency: order.currency,
          donorName: order.customerName ?? 'Ada Lovelace',
          donorEmail: order.customerEmail ?? 'donor@example.com',
          note: '',
          status: 'paid',
          provider: 'test',
          providerPaymentId: null,
          declineMessage: null,
          testMode: order.testMode,
          confirmToken: 'sample',
          createdOn: context.now,
          paidOn: context.now,
        },
        context,
      ),
  },
};

export interface RenderedPreview {
  kind: CommerceEmail;
  title: string;
  sentWhen: string;
  /** Undefined when the order gives this email no one to go to (an order without an email address). */
  message: MailMessage | undefined;
}

/** Every commerce email, rendered with the order's data. */
export function renderCommerceEmails(order: PlacedOrder, context: PreviewContext): RenderedPreview[] {
  return COMMERCE_EMAILS.map((kind) => {
    const entry = PREVIEWS[kind];
    return { kind, title: entry.title, sentWhen: entry.sentWhen, message: entry.render(order, context) };
  });
}

/**
 * An order that never was, in the store's currency, to preview with before
 * the store has orders: two lines, shipping and tax, an address.
 */
export function sampleOrder(websiteId: string, currency: string, now: Date): PlacedOrder {
  return {
    id: 'sample000000000000000000',
    websiteId,
    orderNumber: 1001,
    purchasedCartId: 'sample000000000000000000',
    testMode: true,
    currency,
    customerEmail: 'ada@example.com',
    customerName: 'Ada Lovelace',
    shippingAddress: {
      line1: '12 Sample Street',
      line2: null,
      city: 'Portland',
      region: 'ME',
      postalCode: '04101',
      country: 'US',
    },
    status: 'PENDING',
    subtotalCents: '6900',
    taxCents: '380',
    shippingCostCents: '695',
    discountCents: '0',
    grandTotalCents: '7975',
    shippingMethod: { id: 'sample', name: 'Standard shipping', kind: 'flat', costCents: '695' },
    taxLines: [{ id: 'sample', name: 'Sales tax', ratePercent: '5.5', taxCents: '380' }],
    discountLines: [],
    giftCardCents: '0',
    items: [
      {
        lineNumber: 1,
        itemId: 'sample000000000000000001',
        variantId: 'sample000000000000000001',
        sku: 'SAMPLE-1',
        productName: 'Sample Mug',
        quantity: 2,
        unitPriceCents: '2500',
        optionValues: [{ optionName: 'Color', value: 'Slate' }],
        subscriptionPlan: null,
        additionalFields: null,
      },
      {
        lineNumber: 2,
        itemId: 'sample000000000000000002',
        variantId: 'sample000000000000000002',
        sku: 'SAMPLE-2',
        productName: 'Sample Coffee',
        quantity: 1,
        unitPriceCents: '1900',
        optionValues: [],
        subscriptionPlan: null,
        additionalFields: null,
      },
    ],
    createdOn: now,
    siteUserId: null,
    statusToken: '00000000000000000000000000000000',
    shipment: null,
  };
}
