import { type Kysely, sql } from 'kysely';

/**
 * Every content change announces its website on the content_changes channel,
 * from every session. Server processes listen (api/db/content-change-listener.ts)
 * and count each website's changes in memory, so a cached page costs no query.
 * Before this only an embedded database's own session announced changes, with
 * an empty payload.
 *
 * The price: PostgreSQL commits notifying transactions one after another
 * (they take a database-wide lock from their NOTIFY until the commit is
 * durable). Content writes are few next to page views, and orders and stock
 * changes stay well within what one server commits that way.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function record_content_change() returns trigger language plpgsql as $$
    declare
      changed record;
      website text;
    begin
      if tg_op = 'DELETE' then changed := old; else changed := new; end if;
      if tg_table_name = 'websites' then website := changed.id; else website := changed.website_id; end if;
      -- A deleted website takes its log with it (cascade); its listeners still hear of it.
      if not (tg_table_name = 'websites' and tg_op = 'DELETE') then
        insert into content_changes (website_id) values (website);
      end if;
      perform pg_notify('content_changes', website);
      return null;
    end
    $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function record_content_change() returns trigger language plpgsql as $$
    declare
      changed record;
    begin
      if tg_op = 'DELETE' then changed := old; else changed := new; end if;
      if tg_table_name = 'websites' then
        if tg_op <> 'DELETE' then insert into content_changes (website_id) values (changed.id); end if;
      else
        insert into content_changes (website_id) values (changed.website_id);
      end if;
      if current_setting('app.notify_content_changes', true) = 'on' then
        perform pg_notify('content_changes', '');
      end if;
      return null;
    end
    $$`.execute(db);
}
