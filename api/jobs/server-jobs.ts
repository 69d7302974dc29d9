/**
 * The jobs a running server does on its own, and their handlers: the
 * analytics rollups of each website, refreshed every few minutes so the
 * owner's dashboards are never more than that behind, scheduled posts
 * going live on time (scheduled-content-jobs.ts), and the payments'
 * settling (payment-jobs.ts) and subscriptions' renewals
 * (subscription-jobs.ts). Each run enqueues the
 * next; a unique key per website and time slot keeps processes that start
 * together (or restart) from doubling them.
 */
import { refreshRollups } from '../analytics/rollups.ts';
import type { PaymentProvider } from '../payments/payment-provider.ts';
import type { Db } from '../repositories/transaction.ts';
import { enqueueJob } from './job-queue.ts';
import { type JobHandler, JobRunner } from './job-runner.ts';
import { enqueuePaymentSettling, paymentJobHandlers } from './payment-jobs.ts';
import { enqueueScheduledContentLookAhead, SCHEDULED_CONTENT_HANDLERS } from './scheduled-content-jobs.ts';
import { enqueueSubscriptionSweep, subscriptionJobHandlers } from './subscription-jobs.ts';

export const ROLLUP_EVERY_MS = 5 * 60_000;

export function enqueueRollup(db: Db, websiteId: string, at: Date): Promise<string | undefined> {
  const slot = Math.floor(at.getTime() / ROLLUP_EVERY_MS);
  return enqueueJob(db, {
    kind: 'analytics-rollup',
    websiteId,
    runAt: new Date(slot * ROLLUP_EVERY_MS),
    uniqueKey: `analytics-rollup:${websiteId}:${slot}`,
    maxAttempts: 3,
  });
}

export const SERVER_JOB_HANDLERS: Readonly<Record<string, JobHandler>> = {
  ...SCHEDULED_CONTENT_HANDLERS,
  'analytics-rollup': async (job, { db, now }) => {
    if (!job.websiteId) throw new Error('an analytics rollup names its website');
    await refreshRollups(db, job.websiteId, () => now);
    await enqueueRollup(db, job.websiteId, new Date(now.getTime() + ROLLUP_EVERY_MS));
  },
};

/**
 * Makes sure every website's recurring jobs, the payments' settling and
 * the subscriptions' sweep are queued, then runs jobs in the background.
 * Renewals need the provider and the secret that signs their emails' links.
 */
export async function startServerJobs(
  db: Db,
  options: { onError: (error: unknown) => void; now?: () => Date; payments?: PaymentProvider; secret?: string },
): Promise<JobRunner> {
  const now = options.now?.() ?? new Date();
  for (const { id } of await db.selectFrom('websites').select('id').execute()) await enqueueRollup(db, id, now);
  await enqueueScheduledContentLookAhead(db, now);
  if (options.payments) await enqueuePaymentSettling(db, now);
  if (options.payments && options.secret !== undefined) await enqueueSubscriptionSweep(db, now);
  const handlers = {
    ...SERVER_JOB_HANDLERS,
    ...(options.payments ? paymentJobHandlers(options.payments) : {}),
    ...(options.payments && options.secret !== undefined
      ? subscriptionJobHandlers({ payments: options.payments, secret: options.secret })
      : {}),
  };
  const runner = new JobRunner(db, { handlers, now: options.now, onError: options.onError });
  runner.start();
  return runner;
}
