import { type Kysely, sql } from 'kysely';

/**
 * Paid member areas. A paywall product (product type 5) names the member
 * area (a member-only collection) that buying it opens; only paywall
 * products name one. An owner who wants to delete an area a product still
 * sells must unlink the product first (no action on delete), rather than
 * have it go on selling a way into nothing. A membership keeps the order
 * that paid for it (null when joined for free), so granting a placed order's
 * memberships again finds them granted and the owner can see what was paid.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('products').addColumn('member_area_id', 'text').execute();
  await db.schema
    .alterTable('products')
    .addForeignKeyConstraint('products_member_area_fk', ['website_id', 'member_area_id'], 'collections', [
      'website_id',
      'id',
    ])
    .execute();
  await db.schema
    .alterTable('products')
    .addCheckConstraint('products_member_area_paywall', sql`member_area_id is null or product_type = 5`)
    .execute();
  await db.schema.alterTable('member_area_members').addColumn('order_id', 'text').execute();
  await db.schema
    .alterTable('member_area_members')
    .addForeignKeyConstraint('member_area_members_order_fk', ['website_id', 'order_id'], 'orders', ['website_id', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('member_area_members').dropConstraint('member_area_members_order_fk').execute();
  await db.schema.alterTable('member_area_members').dropColumn('order_id').execute();
  await db.schema.alterTable('products').dropConstraint('products_member_area_paywall').execute();
  await db.schema.alterTable('products').dropConstraint('products_member_area_fk').execute();
  await db.schema.alterTable('products').dropColumn('member_area_id').execute();
}
