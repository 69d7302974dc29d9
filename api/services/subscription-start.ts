/**
 * An order that sells a subscription (issue 24): its recurring lines become
 * subscriptions in the transaction that marks it paid, each with the
 * reference its provider charges again (kept at checkout), and each buyer's
 * email with the link to manage it is queued as a job, which holds the
 * server's secret that signs that link (subscription-jobs.ts).
 */
import { enqueueJob } from '../jobs/job-queue.ts';
import type { PlacedOrder } from '../repositories/order-repository.ts';
import { createSubscriptionsForOrder } from '../repositories/subscription-repository.ts';
import type { Db } from '../repositories/transaction.ts';

export const SUBSCRIPTION_MAIL_JOB = 'subscription-mail';

/** Whether an order (held or paid) has a line sold with a plan. */
export function startsSubscription(order: Pick<PlacedOrder, 'items'>): boolean {
  return order.items.some((line) => line.subscriptionPlan !== null);
}

export async function startSubscriptions(
  trx: Db,
  order: PlacedOrder,
  payment: { provider: string; paymentMethod: string | null; siteOrigin: string },
): Promise<void> {
  const made = await createSubscriptionsForOrder(trx, order, payment, new Date());
  for (const subscription of made) {
    await enqueueJob(trx, {
      kind: SUBSCRIPTION_MAIL_JOB,
      websiteId: order.websiteId,
      payload: { subscriptionId: subscription.id, mail: 'started' },
      runAt: new Date(0),
      uniqueKey: `subscription-mail:${subscription.id}:started`,
      maxAttempts: 5,
    });
  }
}
