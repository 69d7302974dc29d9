import { type Kysely, sql } from 'kysely';

/**
 * A like no longer moves the website's content version (migration 0002's
 * triggers on likes, and on items, whose like_count a like moves): every
 * like emptied the site's page cache, so a popular post made the cache
 * useless for everyone (issue 17). An update of an item that changes only its
 * like_count is left out of the change log; any other change still counts.
 * A kept page's count may lag; the like button reads the live count and the
 * visitor's own like as it mounts (hydrate/islands/like-button.tsx).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists likes_content_change on likes`.execute(db);
  await sql`drop trigger items_content_change on items`.execute(db);
  await sql`create trigger items_content_change after insert or delete on items
    for each row execute function record_content_change()`.execute(db);
  await sql`create trigger items_content_update after update on items
    for each row when ((to_jsonb(old) - 'like_count') is distinct from (to_jsonb(new) - 'like_count'))
    execute function record_content_change()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger items_content_update on items`.execute(db);
  await sql`drop trigger items_content_change on items`.execute(db);
  await sql`create trigger items_content_change after insert or update or delete on items
    for each row execute function record_content_change()`.execute(db);
  await sql`create trigger likes_content_change after insert or update or delete on likes
    for each row execute function record_content_change()`.execute(db);
}
