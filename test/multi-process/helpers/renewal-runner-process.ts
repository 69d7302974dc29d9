/**
 * A job runner in a process of its own, for subscription-renewals-two-
 * processes.test.ts: the server's subscription jobs (sweep, renewals,
 * mails) on the database DATABASE_URL names, with the built-in test
 * provider, polling every few milliseconds with a clock its parent sets.
 * The parent writes 'now <ms>' (answered 'ok') and 'count' (answered with
 * how many renewals this process ran) on stdin, and closes stdin to stop it.
 */
import { createInterface } from 'node:readline';
import { openDatabase } from '../../../api/db/open-database.ts';
import { JobRunner } from '../../../api/jobs/job-runner.ts';
import { RENEWAL_JOB, subscriptionJobHandlers } from '../../../api/jobs/subscription-jobs.ts';
import { TestPaymentProvider } from '../../../api/payments/test-payment-provider.ts';

const databaseUrl = process.env.DATABASE_URL;
const secret = process.env.SECRET;
if (!databaseUrl || !secret) throw new Error('DATABASE_URL and SECRET are needed');

const handle = await openDatabase({ databaseUrl, poolSize: 4 });
const payments = new TestPaymentProvider(handle.db, { webhookSecret: secret });
const handlers = subscriptionJobHandlers({ payments, secret });
let renewals = 0;
const renew = handlers[RENEWAL_JOB]!;
handlers[RENEWAL_JOB] = async (job, context) => {
  renewals++;
  await renew(job, context);
};
let now = new Date(0);
const runner = new JobRunner(handle.db, {
  now: () => now,
  handlers,
  // One job a claim and a short pause: both processes keep asking, so both take a share.
  batchSize: 1,
  intervalMs: 5,
  onError: (error) => process.stderr.write(`job failed: ${(error as Error).stack ?? error}\n`),
});
runner.start();

const lines = createInterface({ input: process.stdin });
lines.on('line', (line) => {
  const [command, value] = line.split(' ');
  if (command === 'now') {
    now = new Date(Number(value));
    process.stdout.write('ok\n');
  } else if (command === 'count') {
    process.stdout.write(`${renewals}\n`);
  }
});
lines.on('close', async () => {
  await runner.stop();
  await handle.close();
  process.exit(0);
});
process.stdout.write('ready\n');
