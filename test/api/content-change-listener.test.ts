/**
 * The content clocks page caches key on: a server's listener counts each
 * website's changes as PostgreSQL announces them (needs TEST_DATABASE_URL,
 * set by `npm run test:pg`); the embedded database's clock counts every change.
 */
import { sql } from 'kysely';
import t from 'tap';
import { LISTENER_APPLICATION_NAME, listenForContentChanges } from '../../api/db/content-change-listener.ts';
import { buildSite } from './helpers/build-site.ts';
import { openTestDatabase } from './helpers/test-database.ts';

const serverUrl = process.env.TEST_DATABASE_URL;

t.test(
  'the embedded clock moves with every content write and not with a cart',
  { skip: serverUrl !== undefined && 'the embedded database only' },
  async (t) => {
    const { db, contentClock } = await openTestDatabase(t);
    const site = await buildSite(db, { host: 'a.example.test' });
    const before = contentClock!.versionOf(site.websiteId);
    await db.insertInto('carts').values({ websiteId: site.websiteId, id: 'cart-1' }).execute();
    t.equal(contentClock!.versionOf(site.websiteId), before, 'a cart is not page content');
    await db.updateTable('items').set({ title: 'Desk lamp' }).where('websiteId', '=', site.websiteId).execute();
    t.not(contentClock!.versionOf(site.websiteId), before, 'known as the write returns');
  },
);

t.test('a server listener counts each website apart', { skip: !serverUrl && 'needs TEST_DATABASE_URL' }, async (t) => {
  const { db } = await openTestDatabase(t);
  const a = await buildSite(db, { host: 'a.example.test' });
  const b = await buildSite(db, { host: 'b.example.test' });
  const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(db);
  const url = new URL(serverUrl!);
  url.pathname = `/${rows[0]!.name}`;
  const problems: string[] = [];
  const clock = await listenForContentChanges(url.toString(), (message) => problems.push(message));
  t.teardown(() => clock.close());

  const startA = clock.versionOf(a.websiteId);
  const startB = clock.versionOf(b.websiteId);
  t.type(startA, 'string', 'listening from the start');
  await db.updateTable('items').set({ title: 'Desk lamp' }).where('websiteId', '=', a.websiteId).execute();
  await clock.caughtUp();
  t.not(clock.versionOf(a.websiteId), startA, 'a change to a is counted once caught up');
  t.equal(clock.versionOf(b.websiteId), startB, "b's version stays");

  // The listener's connection is cut: versions are not vouched for until it is back, then never repeat.
  const beforeCut = clock.versionOf(a.websiteId);
  await sql`select pg_terminate_backend(pid) from pg_stat_activity
    where datname = current_database() and application_name = ${LISTENER_APPLICATION_NAME}`.execute(db);
  for (let i = 0; i < 100 && clock.versionOf(a.websiteId) !== undefined; i++) await sleep(10);
  t.equal(clock.versionOf(a.websiteId), undefined, 'a lost connection vouches for nothing');
  for (let i = 0; i < 300 && clock.versionOf(a.websiteId) === undefined; i++) await sleep(10);
  const afterCut = clock.versionOf(a.websiteId);
  t.type(afterCut, 'string', 'listening again');
  t.not(afterCut, beforeCut, 'counting started again under a new number');
  t.match(problems.join('\n'), /pages ask the database/, 'the loss is reported');
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
