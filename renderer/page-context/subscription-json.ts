/**
 * A subscription as its pages show it (issue 24): the subscription
 * confirmed page (206), the account's list and the page of the emailed
 * link. The plan is said in the spec's wording around the price ('$20.00
 * every week for 4 weeks', line-details-json.ts), 'Unavailable' when the
 * wording has no case for it; and the forms that manage it carry what they
 * post (the crumb, and the signed link's fields when there is no session).
 */
import type { Subscription } from '../../api/repositories/subscription-repository.ts';
import type { SignedLink } from '../../api/services/subscription-links.ts';
import { lineTotal } from '../../domain/money/minor-units.ts';
import { dayOf, nextDateWindow } from '../../domain/subscriptions/billing-schedule.ts';
import { SUBSCRIPTION_UNAVAILABLE } from '../../formatters/commerce/subscription.ts';
import { recursJson } from './line-details-json.ts';
import { moneyJson } from './money-json.ts';

type Json = Record<string, unknown>;

const STATE_LABELS: Record<Subscription['state'], string> = {
  active: 'Active',
  paused: 'Paused',
  canceled: 'Cancelled',
  ended: 'Complete',
};

export function subscriptionPlanJson(subscription: Subscription): Json {
  const total = lineTotal(subscription.unitPriceCents, subscription.quantity);
  const plan = recursJson(
    { billingPeriod: subscription.period, numBillingCycles: subscription.numBillingCycles },
    total,
    subscription.currency,
  );
  return plan ? { plan } : { planUnavailable: SUBSCRIPTION_UNAVAILABLE };
}

export function subscriptionJson(
  subscription: Subscription,
  form: { crumb: string; link?: SignedLink; now: Date } | undefined,
): Json {
  const { state } = subscription;
  const live = state === 'active' || state === 'paused';
  const window = nextDateWindow(form?.now ?? new Date(), subscription.period);
  const due = subscription.retryOn ?? subscription.nextBillingOn;
  return {
    id: subscription.id,
    productName: subscription.productName,
    quantity: subscription.quantity,
    price: moneyJson(lineTotal(subscription.unitPriceCents, subscription.quantity), subscription.currency),
    ...subscriptionPlanJson(subscription),
    state,
    stateLabel: STATE_LABELS[state],
    pausedForPayment: subscription.pausedFor === 'payment-failed' || undefined,
    lastDecline: subscription.pausedFor === 'payment-failed' ? (subscription.lastDecline ?? undefined) : undefined,
    periodsBilled: subscription.periodsBilled,
    nextBillingOn: live && due ? due.getTime() : undefined,
    nextBillingDay: live && due ? dayOf(due) : undefined,
    // Billing days are UTC days (a new date is the start of its UTC day), so they are said in UTC.
    nextBillingLabel:
      live && due
        ? due.toLocaleDateString('en-US', { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' })
        : undefined,
    retrying: state === 'active' && subscription.retryOn !== null ? true : undefined,
    manage:
      form && live
        ? {
            crumb: form.crumb,
            link: form.link
              ? { subscription: form.link.subscriptionId, expires: form.link.expires, signature: form.link.signature }
              : undefined,
            canPause: state === 'active' || undefined,
            canResume: state === 'paused' || undefined,
            earliestDay: dayOf(window.earliest),
            latestDay: dayOf(window.latest),
          }
        : undefined,
  };
}
