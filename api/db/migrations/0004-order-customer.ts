import type { Kysely } from 'kysely';

/**
 * What the checkout page asks a buyer for, kept with the order: their name,
 * and a shipping address when the order has something to ship. Each line
 * also keeps the chosen variant's option values as they read when it was
 * bought, since a variant's attributes may be edited or the variant deleted
 * later. All nullable: orders placed before checkout existed have none, and
 * an order of digital goods has no address. No new key or index: the
 * orders primary key (website_id, id) is still how an order is found.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('orders')
    .addColumn('customer_name', 'text')
    .addColumn('shipping_address_line1', 'text')
    .addColumn('shipping_address_line2', 'text')
    .addColumn('shipping_city', 'text')
    .addColumn('shipping_postal_code', 'text')
    .addColumn('shipping_country', 'text')
    .execute();
  await db.schema.alterTable('order_lines').addColumn('option_values', 'jsonb').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('order_lines').dropColumn('option_values').execute();
  await db.schema
    .alterTable('orders')
    .dropColumn('shipping_country')
    .dropColumn('shipping_postal_code')
    .dropColumn('shipping_city')
    .dropColumn('shipping_address_line2')
    .dropColumn('shipping_address_line1')
    .dropColumn('customer_name')
    .execute();
}
