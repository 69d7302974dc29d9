import { type Kysely, sql } from 'kysely';

/**
 * Indexes for a big catalog (bench/catalog-scale.ts: 10,000 products).
 *
 * Search: the GIN index of 0001 was on the search document as an expression,
 * so finding matches was a lookup, but ranking them (ts_rank) built the
 * document again for every match: a few hundred milliseconds for a word in
 * thousands of items. The document is now a stored generated column, written
 * with its row, that the index covers and ts_rank reads as it is. The
 * expression is the one 0001 indexed, so matches and ranks stay the same.
 * The price is room: each row holds its document too (the bench's items
 * table went from 7 to 13 MB; the index is the same size as before).
 *
 * User-ordered lists (the shop) and their item pages' previous/next links ask
 * for a collection's visible items by (display_index, id): with only
 * items_listing_idx every one read and sorted the whole collection. This
 * index gives them in that order after the columns the queries compare for
 * equality, so a page (or one neighbour) is the first rows of an index scan;
 * publish_on rides along so the visibility test needs no table row, and a
 * collection's count can be an index-only scan once the table is vacuumed.
 */
const SEARCH_DOCUMENT = sql`setweight(to_tsvector('simple', title), 'A') || setweight(to_tsvector('simple', body), 'B')`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table items add column search_document tsvector
    generated always as (${SEARCH_DOCUMENT}) stored`.execute(db);
  await sql`drop index items_search_idx`.execute(db);
  await sql`create index items_search_idx on items using gin (search_document)`.execute(db);
  await sql`create index items_user_order_idx on items
    (website_id, collection_id, published, display_index, id) include (publish_on)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index items_user_order_idx`.execute(db);
  await sql`drop index items_search_idx`.execute(db);
  await sql`alter table items drop column search_document`.execute(db);
  await sql`create index items_search_idx on items using gin ((${SEARCH_DOCUMENT}))`.execute(db);
}
