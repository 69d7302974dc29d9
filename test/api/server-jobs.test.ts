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

t.test('a post scheduled for later moves the content version when it goes live, once', async (t) => {
  const { contentVersion } = await import('../../api/repositories/content-version-repository.ts');
  const { enqueueScheduledContentLookAhead } = await import('../../api/jobs/scheduled-content-jobs.ts');
  const { buildCollection, buildItem } = await import('./helpers/build-site.ts');
  const { websiteId } = await buildWebsite(db);
  const blog = await buildCollection(db, websiteId);
  // Years ahead: what the test above left queued runs in the first round, then only this test's jobs are due.
  const start = new Date(Date.UTC(2031, 0, 1, 9, 0, 0));
  const goesLive = new Date(start.getTime() + 90_000);
  await buildItem(db, websiteId, blog.id, { title: 'Tomorrow', publishOn: goesLive });
  await buildItem(db, websiteId, blog.id, { title: 'Draft', published: false, publishOn: goesLive });

  let clock = start;
  const runner = new JobRunner(db, { handlers: SERVER_JOB_HANDLERS, now: () => clock });
  t.ok(await enqueueScheduledContentLookAhead(db, start));
  t.equal(await enqueueScheduledContentLookAhead(db, start), undefined, 'one look-ahead a minute, whoever queues it');
  t.ok((await runner.runDue()) >= 1, 'the look-ahead runs');
  const before = await contentVersion(db, websiteId);
  clock = new Date(start.getTime() + 60_000);
  t.equal(await runner.runDue(), 1, 'the next look-ahead, which sees the same moment');
  clock = new Date(goesLive.getTime() - 1);
  t.equal(await runner.runDue(), 0, 'nothing before the post goes live');
  t.equal(await contentVersion(db, websiteId), before);
  clock = goesLive;
  t.equal(await runner.runDue(), 1, 'its moment comes');
  t.not(await contentVersion(db, websiteId), before, 'the version moved: kept pages and data are renewed');
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM jobs WHERE kind = 'content-goes-live' AND website_id = ${websiteId}
  `.execute(db);
  t.equal(rows[0]!.n, 1, 'the moment is queued once, though both look-aheads saw it');
});
