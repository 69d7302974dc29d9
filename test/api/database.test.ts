import { sql } from 'kysely';
import t from 'tap';
import { json } from '../../api/db/json.ts';
import { migrateToLatest } from '../../api/db/migrate.ts';
import { openTestDatabase } from './helpers/test-database.ts';

// The schema checks only read, and the money test adds rows of a website of its own, which
// the schema checks never look at: one database serves the three. The constraints test counts
// every collection, so it has its own.
const shared = await openTestDatabase(t);

t.test('migrations apply once and are idempotent', async (t) => {
  const { db } = shared;
  const again = await migrateToLatest(db);
  t.same(again.results, [], 'nothing left to apply');
  const tables = await sql<{ tableName: string }>`
    select table_name from information_schema.tables where table_schema = 'public' and table_name not like 'kysely_%'
  `.execute(db);
  t.ok(tables.rows.length >= 29, `${tables.rows.length} tables`);
});

t.test('a database missing a migration, or holding one this code does not know, goes to the migrator', async (t) => {
  const { db } = await openTestDatabase(t);
  const last = await sql<{ name: string }>`select max(name) as name from kysely_migration`.execute(db);
  const name = last.rows[0]!.name;
  await sql`delete from kysely_migration where name = ${name}`.execute(db);
  const outcome = await migrateToLatest(db).then(
    (result) => result.results?.map((applied) => applied.migrationName),
    (error: Error) => `failed: ${error.message}`,
  );
  t.not(JSON.stringify(outcome), '[]', 'the migrator took it up: applied it again, or failed on what it found');
  await sql`insert into kysely_migration (name, timestamp) values (${name}, now()) on conflict do nothing`.execute(db);
  t.same((await migrateToLatest(db)).results, [], 'whole again: nothing to apply');
  await sql`insert into kysely_migration (name, timestamp) values ('9999-from-newer-code', now())`.execute(db);
  await t.rejects(migrateToLatest(db), /corrupted migrations/, 'an unknown one is reported, not skipped');
});

t.test('every tenant table leads its primary key and unique indexes with website_id', async (t) => {
  const { db } = shared;
  const indexes = await sql<{ tableName: string; indexName: string; firstColumn: string }>`
    select t.relname as table_name, i.relname as index_name, a.attname as first_column
    from pg_index x
    join pg_class i on i.oid = x.indexrelid
    join pg_class t on t.oid = x.indrelid
    join pg_namespace n on n.oid = t.relnamespace
    left join pg_attribute a on a.attrelid = t.oid and a.attnum = x.indkey[0]
    where n.nspname = 'public' and x.indisunique and t.relname not like 'kysely_%'
  `.execute(db);
  // Besides the websites themselves: the job queue (a job may serve no one website, and every process
  // claims from one queue), and the payment provider's side: its webhook events and the test provider's
  // own payments, keyed by the provider's ids.
  const global = new Set([
    'websites',
    'domains',
    'website_settings',
    'jobs',
    'payment_webhook_events',
    'test_provider_payments',
  ]);
  const offenders = indexes.rows.filter((row) => !global.has(row.tableName) && row.firstColumn !== 'website_id');
  t.same(offenders, [], 'no unique index without website_id first');
  t.ok(indexes.rows.length > 20);
});

t.test('bigint money reads back as a string, jsonb as a value, timestamps as dates', async (t) => {
  const { db } = shared;
  await db.insertInto('websites').values({ id: 'w', identifier: 'w', siteTitle: 'W' }).execute();
  await db
    .insertInto('collections')
    .values({
      websiteId: 'w',
      id: 'c',
      type: 13,
      typeName: 'products',
      urlId: 'shop',
      title: 'Shop',
      navigationTitle: 'Shop',
    })
    .execute();
  await db
    .insertInto('items')
    .values({
      websiteId: 'w',
      id: 'i',
      collectionId: 'c',
      recordType: 11,
      title: 'Lamp',
      urlId: 'lamp',
      tags: json(['home']),
    })
    .execute();
  await db.insertInto('products').values({ websiteId: 'w', itemId: 'i', productType: 1 }).execute();
  await db
    .insertInto('productVariants')
    .values({
      websiteId: 'w',
      id: 'v',
      itemId: 'i',
      sku: 'SQ1',
      priceMinor: '900719925474099312',
      attributes: json({ Color: 'Red' }),
    })
    .execute();
  const variant = await db.selectFrom('productVariants').selectAll().executeTakeFirstOrThrow();
  t.equal(variant.priceMinor, '900719925474099312', 'beyond 2^53, exact');
  t.same(variant.attributes, { Color: 'Red' });
  const item = await db.selectFrom('items').select(['tags', 'addedOn']).executeTakeFirstOrThrow();
  t.same(item.tags, ['home']);
  t.ok(item.addedOn instanceof Date);
});

t.test('constraints refuse bad rows and a failed transaction leaves nothing', async (t) => {
  const { db } = await openTestDatabase(t);
  await db.insertInto('websites').values({ id: 'w', identifier: 'w', siteTitle: 'W' }).execute();
  await t.rejects(
    db
      .insertInto('contributors')
      .values({ websiteId: 'w', id: 'x', email: 'a@b.co', displayName: 'A', role: 5 })
      .execute(),
    /contributors_role/,
    'role 5 is not one of the spec roles',
  );
  await t.rejects(
    db.transaction().execute(async (trx) => {
      await trx
        .insertInto('collections')
        .values({
          websiteId: 'w',
          id: 'c',
          type: 1,
          typeName: 'blog',
          urlId: 'blog',
          title: 'Blog',
          navigationTitle: 'Blog',
        })
        .execute();
      await trx
        .insertInto('collections')
        .values({
          websiteId: 'w',
          id: 'd',
          type: 1,
          typeName: 'blog',
          urlId: 'blog',
          title: 'Again',
          navigationTitle: 'Again',
        })
        .execute();
    }),
    /collections_url_uq/,
  );
  const left = await db.selectFrom('collections').select('id').execute();
  t.same(left, [], 'the first insert was rolled back');
});
