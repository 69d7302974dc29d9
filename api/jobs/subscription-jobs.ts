/**
 * Subscriptions' renewals on the job queue (issue 24). A sweep every few
 * minutes, one for the whole installation whichever process claims it,
 * queues a renewal job for each active subscription that is due; the job's
 * unique key names the subscription, period, attempt and due date, so a
 * period is queued once however many sweeps see it, and a date the buyer
 * moves gets a job of its own. The renewal itself checks under the
 * subscription's lock that it is still awaited (subscription-renewal.ts).
 * The emails that go with a subscription's start are jobs too: they need
 * the server's secret to sign their links.
 */

import { enqueueMail } from '../mail/index.ts';
import type { PaymentProvider } from '../payments/payment-provider.ts';
import { dueOn, dueSubscriptions, getSubscription } from '../repositories/subscription-repository.ts';
import type { Db } from '../repositories/transaction.ts';
import { getWebsite } from '../repositories/website-repository.ts';
import { type SubscriptionMailKind, subscriptionMail } from '../services/subscription-mail.ts';
import { renewSubscription } from '../services/subscription-renewal.ts';
import { SUBSCRIPTION_MAIL_JOB } from '../services/subscription-start.ts';
import { enqueueJob } from './job-queue.ts';
import type { JobHandler } from './job-runner.ts';

export const SUBSCRIPTION_SWEEP_EVERY_MS = 5 * 60_000;
export const RENEWAL_JOB = 'subscription-renewal';
const SWEEP_JOB = 'subscription-sweep';
const SWEEP_BATCH = 200;

export function enqueueSubscriptionSweep(db: Db, at: Date): Promise<string | undefined> {
  const slot = Math.floor(at.getTime() / SUBSCRIPTION_SWEEP_EVERY_MS);
  return enqueueJob(db, {
    kind: SWEEP_JOB,
    runAt: new Date(slot * SUBSCRIPTION_SWEEP_EVERY_MS),
    uniqueKey: `${SWEEP_JOB}:${slot}`,
    maxAttempts: 3,
  });
}

/** Queues the renewals due at `now`; returns how many were new. */
export async function queueDueRenewals(db: Db, now: Date): Promise<number> {
  let queued = 0;
  for (const subscription of await dueSubscriptions(db, now, SWEEP_BATCH)) {
    const due = dueOn(subscription)!;
    const period = subscription.periodsBilled + 1;
    const attempt = subscription.failedAttempts;
    const id = await enqueueJob(db, {
      kind: RENEWAL_JOB,
      websiteId: subscription.websiteId,
      payload: { subscriptionId: subscription.id, period, attempt },
      runAt: now,
      uniqueKey: `${RENEWAL_JOB}:${subscription.id}:${period}:${attempt}:${due.getTime()}`,
      // A provider that cannot be asked is tried again by the runner; a declined card is the renewal's own retry.
      maxAttempts: 8,
    });
    if (id) queued++;
  }
  return queued;
}

export function subscriptionJobHandlers(options: {
  payments: PaymentProvider;
  secret: string;
}): Record<string, JobHandler> {
  return {
    [SWEEP_JOB]: async (_job, { db, now }) => {
      // The next round first: a round that fails must not end the chain.
      await enqueueSubscriptionSweep(db, new Date(now.getTime() + SUBSCRIPTION_SWEEP_EVERY_MS));
      await queueDueRenewals(db, now);
    },
    [RENEWAL_JOB]: async (job, { db, now }) => {
      const { subscriptionId, period, attempt } = job.payload;
      if (
        !job.websiteId ||
        typeof subscriptionId !== 'string' ||
        typeof period !== 'number' ||
        typeof attempt !== 'number'
      ) {
        throw new Error('a renewal names its website, subscription, period and attempt');
      }
      await renewSubscription(
        db,
        { provider: options.payments, secret: options.secret, now },
        { websiteId: job.websiteId, subscriptionId, period, attempt },
      );
    },
    [SUBSCRIPTION_MAIL_JOB]: async (job, { db, now }) => {
      const { subscriptionId, mail } = job.payload;
      if (!job.websiteId || typeof subscriptionId !== 'string' || mail !== 'started') {
        throw new Error('a subscription mail names its website, subscription and mail');
      }
      const [site, subscription] = await Promise.all([
        getWebsite(db, job.websiteId),
        getSubscription(db, job.websiteId, subscriptionId),
      ]);
      if (!site || !subscription) return;
      const message = subscriptionMail(mail as SubscriptionMailKind, subscription, {
        siteTitle: site.website.siteTitle,
        secret: options.secret,
        now,
      });
      if (message) await enqueueMail(db, job.websiteId, message);
    },
  };
}
