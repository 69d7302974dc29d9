/**
 * What a buyer may do with their subscription (issue 24), from their
 * account or the signed link in its emails: pause it (nothing is charged
 * or sent until resumed), resume it, cancel it for good, or move the next
 * billing date, to a day from today to one billing period from today. Each
 * runs under the subscription's row lock, so it never crosses a renewal,
 * and a refused one changes nothing and says why.
 */
import { dayOf, nextDateWindow, parseDay } from '../../domain/subscriptions/billing-schedule.ts';
import {
  lockSubscription,
  type Subscription,
  type SubscriptionChange,
  updateSubscription,
} from '../repositories/subscription-repository.ts';
import { type Db, inTransaction } from '../repositories/transaction.ts';

export const SUBSCRIPTION_ACTIONS = ['pause', 'resume', 'cancel', 'reschedule'] as const;
export type SubscriptionAction = (typeof SUBSCRIPTION_ACTIONS)[number];

export const MANAGE_MESSAGES = {
  unknownAction: 'Choose pause, resume, cancel or a new billing date.',
  notFound: 'We could not find this subscription.',
  notYours: 'This subscription belongs to another account. Sign in as its buyer, or use the link in its emails.',
  canceled: 'This subscription is cancelled and can no longer be changed.',
  ended: 'This subscription has ended: every billing period has been charged.',
  alreadyPaused: 'This subscription is already paused.',
  notPaused: 'This subscription is not paused.',
  dateMissing: 'Choose the next billing date.',
  dateInvalid: 'Enter the next billing date as a date, like 2027-03-01.',
  datePast: 'The next billing date cannot be in the past.',
  dateTooLate: (latest: string) => `The next billing date can be at most one billing period from today (${latest}).`,
} as const;

export const MANAGE_NOTICES: Record<SubscriptionAction, string> = {
  pause: 'Your subscription is paused. Nothing will be charged or sent until you resume it.',
  resume: 'Your subscription is active again.',
  cancel: 'Your subscription is cancelled. Nothing more will be charged.',
  reschedule: 'Your next billing date is changed.',
};

export type ManageResult = { ok: true; subscription: Subscription; notice: string } | { ok: false; message: string };

/** Who asks: the holder of a verified link, or a signed-in site user (who may only touch their own). */
export type ManageActor = { kind: 'link' } | { kind: 'site-user'; siteUserId: string };

type Decision = { ok: true; change: SubscriptionChange } | { ok: false; message: string };

function decide(subscription: Subscription, action: SubscriptionAction, nextDate: string, now: Date): Decision {
  if (subscription.state === 'canceled') return { ok: false, message: MANAGE_MESSAGES.canceled };
  if (subscription.state === 'ended') return { ok: false, message: MANAGE_MESSAGES.ended };
  const nextPeriod = subscription.periodsBilled + 1;
  switch (action) {
    case 'pause':
      if (subscription.state === 'paused') return { ok: false, message: MANAGE_MESSAGES.alreadyPaused };
      return { ok: true, change: { state: 'paused', pausedFor: 'buyer', retryOn: null, failedAttempts: 0 } };
    case 'resume': {
      if (subscription.state !== 'paused') return { ok: false, message: MANAGE_MESSAGES.notPaused };
      // A date that passed while paused is billed now; the periods after count from there.
      const next = subscription.nextBillingOn;
      const moved = next === null || next.getTime() < now.getTime();
      return {
        ok: true,
        change: {
          state: 'active',
          pausedFor: null,
          retryOn: null,
          failedAttempts: 0,
          ...(moved ? { nextBillingOn: now, anchor: { on: now, period: nextPeriod } } : {}),
        },
      };
    }
    case 'cancel':
      return { ok: true, change: { state: 'canceled', pausedFor: null, nextBillingOn: null, retryOn: null } };
    case 'reschedule': {
      if (nextDate === '') return { ok: false, message: MANAGE_MESSAGES.dateMissing };
      const date = parseDay(nextDate);
      if (!date) return { ok: false, message: MANAGE_MESSAGES.dateInvalid };
      const window = nextDateWindow(now, subscription.period);
      if (date.getTime() < window.earliest.getTime()) return { ok: false, message: MANAGE_MESSAGES.datePast };
      if (date.getTime() > window.latest.getTime()) {
        return { ok: false, message: MANAGE_MESSAGES.dateTooLate(dayOf(window.latest)) };
      }
      return {
        ok: true,
        change: { nextBillingOn: date, anchor: { on: date, period: nextPeriod }, retryOn: null, failedAttempts: 0 },
      };
    }
  }
}

export function isSubscriptionAction(value: string): value is SubscriptionAction {
  return (SUBSCRIPTION_ACTIONS as readonly string[]).includes(value);
}

export async function manageSubscription(
  db: Db,
  websiteId: string,
  subscriptionId: string,
  actor: ManageActor,
  request: { action: string; nextDate?: string },
  now: Date,
): Promise<ManageResult> {
  const action = request.action;
  if (!isSubscriptionAction(action)) return { ok: false, message: MANAGE_MESSAGES.unknownAction };
  return inTransaction(db, async (trx): Promise<ManageResult> => {
    const subscription = await lockSubscription(trx, websiteId, subscriptionId);
    if (!subscription) return { ok: false, message: MANAGE_MESSAGES.notFound };
    if (actor.kind === 'site-user' && subscription.siteUserId !== actor.siteUserId) {
      return { ok: false, message: MANAGE_MESSAGES.notYours };
    }
    const decision = decide(subscription, action, (request.nextDate ?? '').trim(), now);
    if (!decision.ok) return decision;
    await updateSubscription(trx, websiteId, subscription.id, decision.change);
    const changed = (await lockSubscription(trx, websiteId, subscription.id))!;
    return { ok: true, subscription: changed, notice: MANAGE_NOTICES[action] };
  });
}
