import { type Kysely, sql } from 'kysely';

/**
 * The store owner's checkout rules (issue 20): shipping zones and their
 * rates, tax rates and discounts, and each use of a discount by an order.
 * Variants get a weight for weight-based rates, and orders keep what was
 * charged for shipping, tax and discounts line by line (the amounts were
 * already there, always zero).
 *
 * A discount's times_used may never pass its usage_limit: the check is the
 * database's, so no interleaving of checkouts can go over it. discount_uses
 * names the order, so an order counts once per discount, and is indexed by
 * customer email for the per-customer limit.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('shipping_zones')
    .addColumn('website_id', 'text', (c) => c.notNull().references('websites.id').onDelete('cascade'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('areas', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('display_index', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('shipping_zones_pk', ['website_id', 'id'])
    .execute();

  await db.schema
    .createTable('shipping_rates')
    .addColumn('website_id', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('zone_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('flat', 'weight', 'subtotal', 'pickup')`))
    .addColumn('amount_minor', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`amount_minor >= 0`))
    .addColumn('bands', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('free_over_minor', 'bigint', (c) => c.check(sql`free_over_minor >= 0`))
    .addColumn('description', 'text')
    .addColumn('display_index', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('shipping_rates_pk', ['website_id', 'id'])
    .addForeignKeyConstraint(
      'shipping_rates_zone_fk',
      ['website_id', 'zone_id'],
      'shipping_zones',
      ['website_id', 'id'],
      (c) => c.onDelete('cascade'),
    )
    .execute();

  await db.schema
    .createTable('tax_rates')
    .addColumn('website_id', 'text', (c) => c.notNull().references('websites.id').onDelete('cascade'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('region', 'text')
    // A percentage as exact text ('8.875'): read and computed with big.js, never as a float.
    .addColumn('rate_percent', 'text', (c) => c.notNull().check(sql`rate_percent ~ '^[0-9]{1,3}(\\.[0-9]{1,4})?$'`))
    .addColumn('applies_to_shipping', 'boolean', (c) => c.notNull().defaultTo(false))
    .addPrimaryKeyConstraint('tax_rates_pk', ['website_id', 'id'])
    .execute();

  await db.schema
    .createTable('discounts')
    .addColumn('website_id', 'text', (c) => c.notNull().references('websites.id').onDelete('cascade'))
    .addColumn('id', 'text', (c) => c.notNull())
    // Upper case; null for an automatic discount.
    .addColumn('code', 'text', (c) => c.check(sql`code = upper(code) and length(code) between 1 and 50`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('percentage', 'fixed', 'free-shipping')`))
    .addColumn('value', 'text', (c) => c.notNull().defaultTo('0'))
    .addColumn('minimum_subtotal_minor', 'bigint')
    .addColumn('starts_on', 'timestamptz')
    .addColumn('ends_on', 'timestamptz')
    .addColumn('usage_limit', 'integer', (c) => c.check(sql`usage_limit >= 0`))
    .addColumn('per_customer_limit', 'integer', (c) => c.check(sql`per_customer_limit >= 0`))
    .addColumn('times_used', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('product_ids', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('categories', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_on', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('discounts_pk', ['website_id', 'id'])
    .addCheckConstraint('discounts_within_limit', sql`usage_limit is null or times_used <= usage_limit`)
    .execute();
  await db.schema
    .createIndex('discounts_code_idx')
    .unique()
    .on('discounts')
    .columns(['website_id', 'code'])
    .where('code', 'is not', null)
    .execute();

  await db.schema
    .createTable('discount_uses')
    .addColumn('website_id', 'text', (c) => c.notNull())
    .addColumn('discount_id', 'text', (c) => c.notNull())
    .addColumn('order_id', 'text', (c) => c.notNull())
    // Lower case, so one customer is one customer however they typed it.
    .addColumn('customer_email', 'text')
    .addColumn('used_on', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('discount_uses_pk', ['website_id', 'discount_id', 'order_id'])
    .addForeignKeyConstraint(
      'discount_uses_discount_fk',
      ['website_id', 'discount_id'],
      'discounts',
      ['website_id', 'id'],
      (c) => c.onDelete('cascade'),
    )
    .execute();
  await db.schema
    .createIndex('discount_uses_customer_idx')
    .on('discount_uses')
    .columns(['website_id', 'discount_id', 'customer_email'])
    .execute();

  await db.schema
    .alterTable('product_variants')
    .addColumn('weight_grams', 'integer', (c) => c.notNull().defaultTo(0).check(sql`weight_grams >= 0`))
    .execute();

  await db.schema.alterTable('orders').addColumn('shipping_region', 'text').execute();
  await db.schema.alterTable('orders').addColumn('shipping_method', 'jsonb').execute();
  await db.schema
    .alterTable('orders')
    .addColumn('tax_lines', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .execute();
  await db.schema
    .alterTable('orders')
    .addColumn('discount_lines', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['discount_lines', 'tax_lines', 'shipping_method', 'shipping_region']) {
    await db.schema.alterTable('orders').dropColumn(column).execute();
  }
  await db.schema.alterTable('product_variants').dropColumn('weight_grams').execute();
  await db.schema.dropTable('discount_uses').execute();
  await db.schema.dropTable('discounts').execute();
  await db.schema.dropTable('tax_rates').execute();
  await db.schema.dropTable('shipping_rates').execute();
  await db.schema.dropTable('shipping_zones').execute();
}
