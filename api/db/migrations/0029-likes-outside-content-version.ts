import { type Kysely, sql } from 'kysely';

/**
 * A like no longer moves the website's content version (migration 0002's
 * trigger on likes): every like cleared every kept page of the site, so a
 * popular post made the page cache useless for everyone (issue 17). The
 * count a kept page prints may lag; the like button reads the live count and
 * the visitor's own like as it mounts (hydrate/islands/like-button.tsx).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists likes_content_change on likes`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`create trigger likes_content_change after insert or update or delete on likes
    for each row execute function record_content_change()`.execute(db);
}
