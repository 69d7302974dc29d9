import { type Kysely, sql } from 'kysely';

/**
 * Product reviews (spec section 2: the product page's reviews section;
 * record type 10 is a review). A visitor's review of one product: a rating
 * of 1 to 5 stars, a title, a body and the name they sign with. A review
 * goes with its product. The table joins the content change log (migration
 * 0002), so a product page cached before a review was written is not served
 * after it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('product_reviews')
    .addColumn('website_id', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addColumn('rating', 'smallint', (c) => c.notNull().check(sql`rating between 1 and 5`))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('author_name', 'text', (c) => c.notNull())
    .addColumn('added_on', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('product_reviews_pk', ['website_id', 'id'])
    .addForeignKeyConstraint('product_reviews_item_fk', ['website_id', 'item_id'], 'items', ['website_id', 'id'], (c) =>
      c.onDelete('cascade'),
    )
    .execute();
  await db.schema
    .createIndex('product_reviews_item_idx')
    .on('product_reviews')
    .columns(['website_id', 'item_id', 'added_on'])
    .execute();
  await sql`create trigger product_reviews_content_change
    after insert or update or delete on product_reviews
    for each row execute function record_content_change()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger product_reviews_content_change on product_reviews`.execute(db);
  await db.schema.dropTable('product_reviews').execute();
}
