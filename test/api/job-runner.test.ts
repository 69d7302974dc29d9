/**
 * The job queue and runner (api/jobs): due jobs run once, future ones wait
 * for the clock, a unique key enqueues once, failures retry with a growing
 * pause and then stop, a lease lets another process take over a job whose
 * process died, and two runners on one database run each of 60 jobs once.
 */
import { sql } from 'kysely';
import t from 'tap';
import { claimDueJobs, enqueueJob } from '../../api/jobs/job-queue.ts';
import { JobRunner } from '../../api/jobs/job-runner.ts';
import { openTestDatabase } from './helpers/test-database.ts';

const { db } = await openTestDatabase(t, { poolSize: 4 });
const T0 = new Date('2027-01-01T00:00:00Z');
const MINUTE = 60_000;

async function jobRow(id: string) {
  const { rows } = await sql<{
    attempts: number;
    doneAt: Date | null;
    failedAt: Date | null;
    runAt: Date;
    lastError: string | null;
  }>`
    SELECT attempts, done_at AS "doneAt", failed_at AS "failedAt", run_at AS "runAt", last_error AS "lastError" FROM jobs WHERE id = ${id}
  `.execute(db);
  return rows[0]!;
}

t.test('due jobs run, future ones wait for the clock, a unique key enqueues once', async (t) => {
  let now = T0;
  const ran: string[] = [];
  const runner = new JobRunner(db, {
    now: () => now,
    handlers: { note: async (job) => void ran.push(String(job.payload.text)) },
  });
  await enqueueJob(db, { kind: 'note', payload: { text: 'now' }, runAt: T0 });
  const later = await enqueueJob(db, {
    kind: 'note',
    payload: { text: 'later' },
    runAt: new Date(T0.getTime() + 10 * MINUTE),
    uniqueKey: 'later-1',
  });
  t.ok(later);
  t.equal(
    await enqueueJob(db, { kind: 'note', payload: { text: 'twice' }, runAt: T0, uniqueKey: 'later-1' }),
    undefined,
  );
  t.equal(await runner.runDue(), 1);
  t.same(ran, ['now']);
  now = new Date(T0.getTime() + 10 * MINUTE);
  t.equal(await runner.runDue(), 1);
  t.same(ran, ['now', 'later']);
  t.equal(await runner.runDue(), 0, 'nothing runs twice');
  t.ok((await jobRow(later!)).doneAt);
});

t.test('a failing job is tried again after a growing pause, then given up', async (t) => {
  let now = new Date(T0.getTime() + 60 * MINUTE);
  let calls = 0;
  const errors: unknown[] = [];
  const runner = new JobRunner(db, {
    now: () => now,
    handlers: {
      flaky: async () => {
        calls++;
        throw new Error(`card declined ${calls}`);
      },
    },
    onError: (error) => errors.push(error),
  });
  const id = (await enqueueJob(db, { kind: 'flaky', runAt: now, maxAttempts: 3 }))!;
  await runner.runDue();
  let row = await jobRow(id);
  t.equal(row.attempts, 1);
  t.equal(row.runAt.getTime(), now.getTime() + MINUTE, 'first retry after a minute');
  t.equal(row.lastError, 'card declined 1');
  t.equal(await runner.runDue(), 0, 'not before its time');
  now = new Date(now.getTime() + MINUTE);
  await runner.runDue();
  row = await jobRow(id);
  t.equal(row.runAt.getTime(), now.getTime() + 2 * MINUTE, 'then after two');
  now = new Date(now.getTime() + 2 * MINUTE);
  await runner.runDue();
  row = await jobRow(id);
  t.equal(row.attempts, 3);
  t.ok(row.failedAt, 'given up after its last attempt');
  t.equal(calls, 3);
  now = new Date(now.getTime() + 24 * 60 * MINUTE);
  t.equal(await runner.runDue(), 0);
  t.equal(errors.length, 3);
});

t.test('a kind without a handler fails its job instead of dropping it', async (t) => {
  const now = new Date(T0.getTime() + 120 * MINUTE);
  const runner = new JobRunner(db, { now: () => now, handlers: {} });
  const id = (await enqueueJob(db, { kind: 'unknown-kind', runAt: now, maxAttempts: 1 }))!;
  await runner.runDue();
  const row = await jobRow(id);
  t.ok(row.failedAt);
  t.match(row.lastError, /no handler for jobs of kind unknown-kind/);
});

t.test('a job whose process died is taken over when its lease ends', async (t) => {
  const now = new Date(T0.getTime() + 180 * MINUTE);
  const id = (await enqueueJob(db, { kind: 'lease', runAt: now }))!;
  const claimed = await claimDueJobs(db, now, 5 * MINUTE, 10);
  t.same(
    claimed.map((job) => job.id),
    [id],
    'claimed by a process that then dies',
  );
  let ran = 0;
  let clock = new Date(now.getTime() + MINUTE);
  const runner = new JobRunner(db, {
    now: () => clock,
    leaseMs: 5 * MINUTE,
    handlers: { lease: async () => void ran++ },
  });
  t.equal(await runner.runDue(), 0, 'still leased');
  clock = new Date(now.getTime() + 5 * MINUTE);
  t.equal(await runner.runDue(), 1);
  t.equal(ran, 1);
  t.equal((await jobRow(id)).attempts, 2);
});

t.test('two runners on one database run each of 60 jobs once', async (t) => {
  const now = new Date(T0.getTime() + 240 * MINUTE);
  const runs = new Map<string, number>();
  const handlers = {
    count: async (job: { payload: Record<string, unknown> }) => {
      const key = String(job.payload.n);
      runs.set(key, (runs.get(key) ?? 0) + 1);
      await new Promise((resolve) => setTimeout(resolve, 1));
    },
  };
  for (let n = 0; n < 60; n++) await enqueueJob(db, { kind: 'count', payload: { n }, runAt: now });
  const a = new JobRunner(db, { now: () => now, handlers, batchSize: 5 });
  const b = new JobRunner(db, { now: () => now, handlers, batchSize: 5 });
  const [ranA, ranB] = await Promise.all([a.runDue(), b.runDue()]);
  t.equal(ranA + ranB, 60);
  t.equal(runs.size, 60);
  t.ok(
    [...runs.values()].every((count) => count === 1),
    'each job once',
  );
});
