import { type Kysely, sql } from 'kysely';

/**
 * A change log of everything a page shows, written by triggers, so a page
 * cache can tell a website's content changed without holding any lock: each
 * change inserts a row (inserts never wait on each other), and a website's
 * content version is the sum of its rows' weights, which only grows and
 * changes exactly when a change commits. Compaction folds many rows into one
 * with their summed weight, leaving the sum as it was. Each change is also
 * announced on the content_changes channel, which an embedded database (one
 * process owns it) turns into an exact in-memory clock with no query at all.
 */
const CONTENT_TABLES = [
  'websites',
  'domains',
  'website_settings',
  'contributors',
  'collections',
  'items',
  'images',
  'item_images',
  'products',
  'product_variants',
  'product_categories',
  'navigations',
  'navigation_items',
  'comments',
  'likes',
  'forms',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('content_changes')
    .addColumn('website_id', 'text', (c) => c.notNull().references('websites.id').onDelete('cascade'))
    .addColumn('id', 'bigint', (c) => c.notNull().generatedAlwaysAsIdentity())
    .addColumn('weight', 'bigint', (c) => c.notNull().defaultTo(1))
    .addPrimaryKeyConstraint('content_changes_pk', ['website_id', 'id'])
    .execute();
  await sql`
    create function record_content_change() returns trigger language plpgsql as $$
    declare
      changed record;
    begin
      if tg_op = 'DELETE' then changed := old; else changed := new; end if;
      if tg_table_name = 'websites' then
        -- A deleted website takes its log with it (cascade).
        if tg_op <> 'DELETE' then insert into content_changes (website_id) values (changed.id); end if;
      else
        insert into content_changes (website_id) values (changed.website_id);
      end if;
      -- Only a session that asked for them (the embedded database): on a server, NOTIFY
      -- makes committing transactions queue behind one another.
      if current_setting('app.notify_content_changes', true) = 'on' then
        perform pg_notify('content_changes', '');
      end if;
      return null;
    end
    $$`.execute(db);
  for (const table of CONTENT_TABLES) {
    await sql`create trigger ${sql.raw(`${table}_content_change`)}
      after insert or update or delete on ${sql.table(table)}
      for each row execute function record_content_change()`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of CONTENT_TABLES) {
    await sql`drop trigger ${sql.raw(`${table}_content_change`)} on ${sql.table(table)}`.execute(db);
  }
  await sql`drop function record_content_change()`.execute(db);
  await db.schema.dropTable('content_changes').execute();
}
