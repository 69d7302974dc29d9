/**
 * The payment provider's recurring job: every minute, orders held past
 * their time for a payment are settled by what the provider says, and
 * payments that succeeded for an order given back are refunded
 * (order-payment-service.ts settleOverduePayments), and donations left
 * waiting likewise (donation-service.ts). One job a minute for
 * the whole installation, whichever process claims it.
 */
import type { PaymentProvider } from '../payments/payment-provider.ts';
import type { Db } from '../repositories/transaction.ts';
import { settleOverdueDonations } from '../services/donation-service.ts';
import { settleOverduePayments } from '../services/order-payment-service.ts';
import { enqueueJob } from './job-queue.ts';
import type { JobHandler } from './job-runner.ts';

export const SETTLE_PAYMENTS_EVERY_MS = 60_000;

export function enqueuePaymentSettling(db: Db, at: Date): Promise<string | undefined> {
  const slot = Math.floor(at.getTime() / SETTLE_PAYMENTS_EVERY_MS);
  return enqueueJob(db, {
    kind: 'settle-payments',
    runAt: new Date(slot * SETTLE_PAYMENTS_EVERY_MS),
    uniqueKey: `settle-payments:${slot}`,
    maxAttempts: 3,
  });
}

export function paymentJobHandlers(payments: PaymentProvider): Record<string, JobHandler> {
  return {
    'settle-payments': async (_job, { db, now }) => {
      // The next round first: a round that fails must not end the chain.
      await enqueuePaymentSettling(db, new Date(now.getTime() + SETTLE_PAYMENTS_EVERY_MS));
      await settleOverduePayments(db, payments, now);
      await settleOverdueDonations(db, payments, now);
    },
  };
}
