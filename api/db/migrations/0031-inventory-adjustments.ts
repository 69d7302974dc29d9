import { type Kysely, sql } from 'kysely';

/**
 * Stock adjustments made through the commerce API (issue 21): each change
 * of a variant's count with the reason its caller gave, the count it left,
 * and who made it (an API key or a contributor), so a count that looks
 * wrong can be traced. Written in the transaction that changes the count.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('inventory_adjustments')
    .addColumn('website_id', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('variant_id', 'text', (c) => c.notNull())
    .addColumn('quantity_change', 'integer', (c) => c.notNull())
    .addColumn('quantity_after', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('api_key_id', 'text')
    .addColumn('contributor_id', 'text')
    .addColumn('created_on', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('inventory_adjustments_pk', ['website_id', 'id'])
    .addForeignKeyConstraint(
      'inventory_adjustments_variant_fk',
      ['website_id', 'variant_id'],
      'product_variants',
      ['website_id', 'id'],
      (c) => c.onDelete('cascade'),
    )
    .addCheckConstraint('inventory_adjustments_change', sql`quantity_change <> 0`)
    .addCheckConstraint('inventory_adjustments_after', sql`quantity_after >= 0`)
    .execute();
  await sql`create index inventory_adjustments_variant_idx
    on inventory_adjustments (website_id, variant_id, created_on desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('inventory_adjustments').execute();
}
