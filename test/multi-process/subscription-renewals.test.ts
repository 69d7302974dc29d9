/**
 * Subscription renewals with two processes on one PostgreSQL database
 * (issue 24): two job runners, each a process of its own running the
 * server's subscription jobs and polling the same queue, are driven
 * through ten weeks of six weekly subscriptions by a clock the test sets
 * in both. Every renewal runs exactly once: each subscription has one paid
 * order per period, each renewal job ran once, the provider was asked
 * once per period, and the two processes' counts add up to the renewals
 * (both took a share).
 *
 * Needs TEST_DATABASE_URL (set by `npm run test:pg`); skipped without it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createInterface, type Interface } from 'node:readline';
import { sql } from 'kysely';
import t from 'tap';
import { openDatabase } from '../../api/db/open-database.ts';
import { enqueueSubscriptionSweep } from '../../api/jobs/subscription-jobs.ts';
import { TestPaymentProvider } from '../../api/payments/test-payment-provider.ts';
import { getSubscription } from '../../api/repositories/subscription-repository.ts';
import { databaseUrl, onServer, postgresTemplate } from '../api/helpers/postgres-template.ts';
import { DAY, DecliningProvider, subscriptionShop } from '../api/helpers/subscription-shop.ts';

t.setTimeout(300_000);

const serverUrl = process.env.TEST_DATABASE_URL;
const REPO = new URL('../..', import.meta.url).pathname;
const SUBSCRIPTIONS = 6;
const WEEKS = 10;

interface Runner {
  child: ChildProcess;
  ask(line: string): Promise<string>;
}

/** A runner process; resolves once it says it is ready. */
async function startRunner(env: Record<string, string>): Promise<Runner> {
  const child = spawn(
    process.execPath,
    ['--import=./test/typescript-loader.ts', 'test/multi-process/helpers/renewal-runner-process.ts'],
    { cwd: REPO, env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const lines: Interface = createInterface({ input: child.stdout! });
  const waiting: Array<{ resolve: (line: string) => void; reject: (error: Error) => void }> = [];
  const early: string[] = [];
  lines.on('line', (line) => {
    const next = waiting.shift();
    if (next) next.resolve(line);
    else early.push(line);
  });
  child.once('exit', (code) => {
    for (const next of waiting.splice(0)) next.reject(new Error(`the runner exited (${code})`));
  });
  const nextLine = () =>
    new Promise<string>((resolve, reject) => {
      const kept = early.shift();
      if (kept !== undefined) return resolve(kept);
      waiting.push({ resolve, reject });
    });
  const ready = await nextLine();
  if (ready !== 'ready') throw new Error(`the runner said ${ready}`);
  return {
    child,
    ask(line) {
      child.stdin!.write(`${line}\n`);
      return nextLine();
    },
  };
}

function stopRunner(runner: Runner): Promise<void> {
  if (runner.child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    runner.child.once('exit', () => resolve());
    runner.child.stdin!.end();
  });
}

t.test('two processes run each renewal exactly once', async (t) => {
  if (!serverUrl) {
    t.comment('skipped: needs TEST_DATABASE_URL (npm run test:pg)');
    return;
  }
  const name = `test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const template = await postgresTemplate(serverUrl, 'migrated');
  await onServer(serverUrl, (client) => client.query(`create database ${name} template ${template}`));
  t.teardown(() => onServer(serverUrl, (client) => client.query(`drop database if exists ${name} with (force)`)));
  const url = databaseUrl(serverUrl, name);
  const handle = await openDatabase({ databaseUrl: url, poolSize: 3, onIdleConnectionError: () => {} });
  t.teardown(() => handle.close());
  const db = handle.db;

  const provider = new DecliningProvider(new TestPaymentProvider(db, { webhookSecret: 'whsec_two' }));
  const { websiteId, product, subscribe, ordersOf } = await subscriptionShop(db, provider);
  const beans = await product('weekly-beans', 1000, { value: 1, unit: 'WEEK', cycles: 0 });
  const subscriptions = [];
  for (let i = 0; i < SUBSCRIPTIONS; i++) subscriptions.push(await subscribe(beans));
  const start = new Date(Math.max(...subscriptions.map((s) => s.anchor.on.getTime())));

  const env = { DATABASE_URL: url, SECRET: randomBytes(32).toString('hex') };
  const runners = await Promise.all([startRunner(env), startRunner(env)]);
  t.teardown(() => Promise.all(runners.map(stopRunner)));
  await enqueueSubscriptionSweep(db, start);

  /** Sets both clocks, then waits until nothing due at that time is left in the queue. */
  const runUntilIdle = async (now: Date) => {
    const answers = await Promise.all(runners.map((runner) => runner.ask(`now ${now.getTime()}`)));
    if (answers.some((answer) => answer !== 'ok')) throw new Error(`a runner said ${answers}`);
    for (;;) {
      const { rows } = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM jobs WHERE done_at IS NULL AND failed_at IS NULL AND run_at <= ${now}`.execute(
        db,
      );
      if (rows[0]!.n === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  const end = start.getTime() + WEEKS * 7 * DAY + 3_600_000;
  for (let at = start.getTime() + 3_600_000; at <= end; at += DAY / 2) await runUntilIdle(new Date(at));

  for (const subscription of subscriptions) {
    const orders = await ordersOf(subscription);
    t.same(
      orders.map((order) => [order.subscriptionPeriod, order.paymentStatus]),
      Array.from({ length: WEEKS }, (_, i) => [i + 2, 'paid']),
      'one paid order for each week, and no other',
    );
    t.match(await getSubscription(db, websiteId, subscription.id), { periodsBilled: WEEKS + 1, state: 'active' });
  }
  const renewals = SUBSCRIPTIONS * WEEKS;
  const jobs = await sql<{ n: number; once: number }>`
    SELECT count(*)::int AS n, count(*) FILTER (WHERE attempts = 1 AND done_at IS NOT NULL)::int AS once
    FROM jobs WHERE kind = 'subscription-renewal'`.execute(db);
  t.same(jobs.rows[0], { n: renewals, once: renewals }, 'one renewal job a period, each run once');
  const charges = await sql<{ n: number; keys: number }>`
    SELECT count(*)::int AS n, count(DISTINCT idempotency_key)::int AS keys FROM test_provider_payments
    WHERE reference LIKE ${`${websiteId}/%`}`.execute(db);
  t.same(charges.rows[0], { n: SUBSCRIPTIONS + renewals, keys: SUBSCRIPTIONS + renewals }, 'each charged once');
  const counts = (await Promise.all(runners.map((runner) => runner.ask('count')))).map(Number);
  t.equal(counts[0]! + counts[1]!, renewals, 'the two processes ran the renewals between them, once each');
  t.ok(
    counts.every((count) => count > 0),
    `both processes took renewals (${counts.join(' and ')})`,
  );
});
