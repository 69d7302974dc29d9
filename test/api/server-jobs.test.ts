/**
 * The server's own jobs (api/jobs/server-jobs.ts): a website's analytics
 * rollup runs in its slot, refreshes the dashboards' tables and queues the
 * next slot once, however many processes queue it.
 */
import { sql } from 'kysely';
import t from 'tap';
import { EventWriter } from '../../api/analytics/event-writer.ts';
import { JobRunner } from '../../api/jobs/job-runner.ts';
import { enqueueRollup, ROLLUP_EVERY_MS, SERVER_JOB_HANDLERS } from '../../api/jobs/server-jobs.ts';
import { buildWebsite } from './helpers/build-site.ts';
import { openTestDatabase } from './helpers/test-database.ts';

const { db } = await openTestDatabase(t);

t.test('an analytics rollup refreshes the rollups and queues the next slot once', async (t) => {
  const { websiteId } = await buildWebsite(db);
  const now = new Date();
  const writer = new EventWriter(db, { retentionDays: 30, warn: (m) => t.fail(m) });
  writer.add([
    {
      websiteId,
      occurredAt: now,
      kind: 'hit',
      name: 'view',
      visitorId: 'v',
      sessionId: 's',
      pagePath: '/',
      bot: false,
      data: {},
    },
  ]);
  await writer.flush();
  t.ok(await enqueueRollup(db, websiteId, now));
  t.equal(await enqueueRollup(db, websiteId, now), undefined, 'a second process queues nothing more');
  let clock = now;
  const runner = new JobRunner(db, { handlers: SERVER_JOB_HANDLERS, now: () => clock });
  t.equal(await runner.runDue(), 1);
  const pages = await db
    .selectFrom('analyticsDailyPages')
    .select(['pagePath', 'views'])
    .where('websiteId', '=', websiteId)
    .execute();
  t.same(pages, [{ pagePath: '/', views: 1 }]);
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM jobs WHERE website_id = ${websiteId} AND done_at IS NULL
  `.execute(db);
  t.equal(rows[0]!.n, 1, 'the next slot is queued');
  t.equal(await runner.runDue(), 0, 'not before its slot');
  clock = new Date(now.getTime() + ROLLUP_EVERY_MS);
  t.equal(await runner.runDue(), 1);
});
