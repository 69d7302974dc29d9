import { type Kysely, sql } from 'kysely';

/**
 * The products and inventory panels (issue 22):
 * - inventory_adjustments: every change an owner makes to a variant's stock
 *   (the inventory panel, or the product editor), with who made it and why.
 *   Product, SKU and the contributor's name are copied in, so the log still
 *   reads when the variant or the contributor is gone; it has no foreign key
 *   to the variant for the same reason. Not part of the content change log:
 *   the stock change itself moves the content version.
 * - media_files: files uploaded for digital products, kept under DATA_DIR
 *   (api/media/media-store.ts), and products.digital_file_id naming a
 *   digital product's file.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('inventory_adjustments')
    .addColumn('website_id', 'text', (c) => c.notNull().references('websites.id').onDelete('cascade'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addColumn('variant_id', 'text', (c) => c.notNull())
    .addColumn('sku', 'text', (c) => c.notNull())
    .addColumn('product_title', 'text', (c) => c.notNull())
    // Units added (positive) or taken off (negative); 0 when only unlimited changed.
    .addColumn('quantity_change', 'integer', (c) => c.notNull())
    .addColumn('qty_after', 'integer', (c) => c.notNull().check(sql`qty_after >= 0`))
    .addColumn('unlimited_after', 'boolean', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull().check(sql`char_length(reason) between 1 and 500`))
    // 'contributor' or 'api-key'; the id and the name it had then.
    .addColumn('actor_kind', 'text', (c) => c.notNull().check(sql`actor_kind in ('contributor', 'api-key')`))
    .addColumn('actor_id', 'text', (c) => c.notNull())
    .addColumn('actor_name', 'text', (c) => c.notNull())
    .addColumn('created_on', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('inventory_adjustments_pk', ['website_id', 'id'])
    .execute();
  await db.schema
    .createIndex('inventory_adjustments_variant_idx')
    .on('inventory_adjustments')
    .columns(['website_id', 'variant_id', 'created_on'])
    .execute();

  await db.schema
    .createTable('media_files')
    .addColumn('website_id', 'text', (c) => c.notNull().references('websites.id').onDelete('cascade'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('filename', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size_bytes', 'bigint', (c) => c.notNull().check(sql`size_bytes >= 0`))
    .addColumn('created_on', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('media_files_pk', ['website_id', 'id'])
    .execute();
  await db.schema.alterTable('products').addColumn('digital_file_id', 'text').execute();
  // The column list (Postgres 15+) clears only digital_file_id; a plain SET NULL would null website_id, part of the key.
  await sql`alter table products add constraint products_digital_file_fk foreign key (website_id, digital_file_id)
    references media_files (website_id, id) on delete set null (digital_file_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table products drop constraint products_digital_file_fk`.execute(db);
  await db.schema.alterTable('products').dropColumn('digital_file_id').execute();
  await db.schema.dropTable('media_files').execute();
  await db.schema.dropTable('inventory_adjustments').execute();
}
