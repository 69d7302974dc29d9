import type { Kysely } from 'kysely';

/**
 * Whose order it is: the site user signed in when it was placed, so their
 * account can list it and open its status page (211). Null for an order
 * placed signed out, and for every order placed before accounts existed.
 * No foreign key to site_users: an order is the store's record of a sale
 * and outlives the account (a deleted account's id then matches no one,
 * which is what it should mean). The index serves the account's history,
 * newest first, without reading any other buyer's orders.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('site_user_id', 'text').execute();
  await db.schema
    .createIndex('orders_site_user_idx')
    .on('orders')
    .columns(['website_id', 'site_user_id', 'created_on'])
    .where('site_user_id', 'is not', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('orders_site_user_idx').execute();
  await db.schema.alterTable('orders').dropColumn('site_user_id').execute();
}
