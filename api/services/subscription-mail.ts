/**
 * The buyer's subscription emails (issue 24): when it starts, after each
 * renewal, when a renewal's payment is declined (and when it is tried
 * again), and when it is paused because every try was declined. Each
 * carries the signed link that manages the subscription without signing in
 * (subscription-links.ts), and says the plan in the spec's wording.
 */
import { lineTotal } from '../../domain/money/minor-units.ts';
import { formatMinorUnits } from '../../domain/money/minor-units-text.ts';
import { SUBSCRIPTION_UNAVAILABLE, subscriptionWording } from '../../formatters/commerce/subscription.ts';
import type { MailMessage } from '../mail/index.ts';
import type { PlacedOrder } from '../repositories/order-repository.ts';
import type { Subscription } from '../repositories/subscription-repository.ts';
import { orderStatusLink } from './order-links.ts';
import { signSubscriptionLink, subscriptionLinkUrl } from './subscription-links.ts';

export type SubscriptionMailKind = 'started' | 'renewed' | 'payment-failed' | 'paused';

export interface SubscriptionMailContext {
  siteTitle: string;
  secret: string;
  now: Date;
  /** The renewal's order, for 'renewed'. */
  order?: PlacedOrder;
}

/** '$12.00 every month for 1 year', or 'Unavailable' for a plan the wording has no case for. */
export function subscriptionPlanText(subscription: Subscription): string {
  const wording = subscriptionWording(
    {
      structuredContent: {
        subscriptionPlan: { billingPeriod: subscription.period, numBillingCycles: subscription.numBillingCycles },
      },
    },
    'singlePrice',
  );
  if (!wording) return SUBSCRIPTION_UNAVAILABLE;
  const price = formatMinorUnits(
    lineTotal(subscription.unitPriceCents, subscription.quantity),
    subscription.currency,
    'en-US',
  );
  return wording.defaultMessage.replace('{price}', price);
}

const day = (date: Date | null) =>
  date ? date.toLocaleDateString('en-US', { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' }) : '';

const SUBJECTS: Record<SubscriptionMailKind, (s: Subscription, site: string) => string> = {
  started: (s, site) => `Your subscription to ${s.productName} from ${site}`,
  renewed: (s, site) => `Your subscription to ${s.productName} from ${site} has renewed`,
  'payment-failed': (s, site) => `We could not renew your subscription to ${s.productName} from ${site}`,
  paused: (s, site) => `Your subscription to ${s.productName} from ${site} is paused`,
};

function body(kind: SubscriptionMailKind, s: Subscription, context: SubscriptionMailContext): string[] {
  const next = s.state === 'active' && s.nextBillingOn ? [`Next billing date: ${day(s.nextBillingOn)}`] : [];
  switch (kind) {
    case 'started':
      return [`Thank you for subscribing to ${s.productName}.`, '', `Plan: ${subscriptionPlanText(s)}`, ...next];
    case 'renewed': {
      const order = context.order;
      return [
        `Your subscription to ${s.productName} has renewed${order ? ` as order #${order.orderNumber}` : ''}.`,
        '',
        `  ${s.quantity} × ${s.productName}  ${formatMinorUnits(lineTotal(s.unitPriceCents, s.quantity), s.currency, 'en-US')}`,
        '',
        `Plan: ${subscriptionPlanText(s)}`,
        ...(s.state === 'ended' ? ['This was its last period: the subscription is now complete.'] : next),
        ...(order
          ? ['', 'See this order at any time (keep this link to yourself):', orderStatusLink(s.siteOrigin, order)]
          : []),
      ];
    }
    case 'payment-failed':
      return [
        `We could not take the payment for your subscription to ${s.productName}: ${s.lastDecline ?? 'the payment was declined.'}`,
        '',
        `We will try again on ${day(s.retryOn)}. Nothing was sent and nothing was charged for this period yet.`,
      ];
    case 'paused':
      return [
        `We tried several times and could not take the payment for your subscription to ${s.productName}: ${s.lastDecline ?? 'the payment was declined.'}`,
        '',
        'Your subscription is paused: nothing will be charged or sent. Resume it from the link below once your card is in order.',
      ];
  }
}

export function subscriptionMail(
  kind: SubscriptionMailKind,
  subscription: Subscription,
  context: SubscriptionMailContext,
): MailMessage | undefined {
  if (!subscription.customerEmail) return undefined;
  const link = subscriptionLinkUrl(
    subscription.siteOrigin || 'http://localhost',
    signSubscriptionLink(context.secret, subscription.websiteId, subscription.id, context.now),
  );
  return {
    kind: `subscription-${kind}`,
    to: subscription.customerEmail,
    subject: SUBJECTS[kind](subscription, context.siteTitle),
    text: [
      subscription.customerName ? `Hello ${subscription.customerName},` : 'Hello,',
      '',
      ...body(kind, subscription, context),
      '',
      'Pause, resume, cancel or change the next billing date (this link is yours alone and works for 30 days):',
      link,
      '',
    ].join('\n'),
  };
}
