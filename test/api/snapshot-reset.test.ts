/**
 * Test databases handed from test to test (helpers/pglite-test-databases.ts):
 * the next test gets the snapshot's rows, sequences and session back, a
 * database whose schema changed is closed instead, and a handle once closed
 * reaches the database no more.
 */
import type { PGlite } from '@electric-sql/pglite';
import t from 'tap';
import { pgliteHandle } from '../../api/db/open-database.ts';
import { DEMO_WEBSITE_ID } from '../../api/seed/seed-demo-site.ts';
import { takeTestDatabase } from './helpers/pglite-test-databases.ts';

/** Every public table's rows (in a fixed order), and every public sequence's state. */
async function contents(pglite: PGlite): Promise<Record<string, string>> {
  const tables = await pglite.query<{ name: string }>(
    `select quote_ident(relname) as name from pg_class
      where relnamespace = 'public'::regnamespace and relkind in ('r', 'p') and not relispartition order by relname`,
  );
  const found: Record<string, string> = {};
  for (const { name } of tables.rows) {
    const rows = await pglite.query<{ digest: string | null }>(
      `select md5(string_agg(t::text, '|' order by t::text)) as digest from public.${name} t`,
    );
    found[name] = rows.rows[0]!.digest ?? 'empty';
  }
  const sequences = await pglite.query<{ name: string; value: string | null }>(
    `select sequencename as name, last_value::text as value from pg_sequences where schemaname = 'public'`,
  );
  for (const { name, value } of sequences.rows) found[`sequence ${name}`] = value ?? 'never used';
  return found;
}

t.test('a database given back has the snapshot rows, sequences and session again', async (t) => {
  const first = await takeTestDatabase('demo');
  const before = await contents(first.pglite);
  const timezone = (await first.pglite.query<{ TimeZone: string }>('show timezone')).rows[0]!.TimeZone;
  const handle = await pgliteHandle(first.pglite, { keepOpen: true });
  await handle.db.deleteFrom('productReviews').where('websiteId', '=', DEMO_WEBSITE_ID).execute();
  await handle.db
    .updateTable('productVariants')
    .set({ qtyInStock: 0 })
    .where('websiteId', '=', DEMO_WEBSITE_ID)
    .execute();
  await first.pglite.exec(`
    insert into domains (website_id, host) values ('${DEMO_WEBSITE_ID}', 'reset-test.example');
    select nextval(pg_get_serial_sequence('jobs', 'id'));
    set timezone = 'Asia/Tokyo';
    begin;
    delete from items;
  `);
  await handle.close();
  t.not(await contents(first.pglite), before, 'the test changed the database');
  await first.giveBack();

  const second = await takeTestDatabase('demo');
  t.equal(second.pglite, first.pglite, 'the same database, handed on');
  t.same(await contents(second.pglite), before);
  t.equal((await second.pglite.query<{ TimeZone: string }>('show timezone')).rows[0]!.TimeZone, timezone);
  await second.giveBack();
});

t.test('a database whose schema a test changed is closed, not handed on', async (t) => {
  const first = await takeTestDatabase('migrated');
  await first.pglite.exec('create table reset_test_extra (id int)');
  await first.giveBack();
  t.ok(first.pglite.closed, 'closed');
  const second = await takeTestDatabase('migrated');
  t.not(second.pglite, first.pglite);
  const extra = await second.pglite.query(`select from pg_class where relname = 'reset_test_extra'`);
  t.equal(extra.rows.length, 0, 'a database loaded anew');
  await second.giveBack();
});

t.test('a closed handle reaches the database no more, and leaves it open for the next', async (t) => {
  const database = await takeTestDatabase('migrated');
  const handle = await pgliteHandle(database.pglite, { keepOpen: true });
  await handle.close();
  await t.rejects(handle.db.selectFrom('websites').select('id').execute(), { message: 'The database pool has ended' });
  t.notOk(database.pglite.closed);
  t.same((await database.pglite.query('select 1 as one')).rows, [{ one: 1 }]);
  await database.giveBack();
});
