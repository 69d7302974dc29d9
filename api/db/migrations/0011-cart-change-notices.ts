import { type Kysely, sql } from 'kysely';

/**
 * A change to a cart or its entries announces the cart's id on the
 * cart_changes channel, in sessions that ask for it (the embedded database's
 * one session, api/db/open-database.ts): there a shopper's cart is read from
 * memory until it changes. A server's sessions do not ask, so their commits
 * never queue behind NOTIFY for a cart.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function announce_cart_change() returns trigger language plpgsql as $$
    declare
      changed record;
    begin
      if current_setting('app.notify_cart_changes', true) is distinct from 'on' then return null; end if;
      if tg_op = 'DELETE' then changed := old; else changed := new; end if;
      if tg_table_name = 'carts' then
        perform pg_notify('cart_changes', changed.id);
      else
        perform pg_notify('cart_changes', changed.cart_id);
      end if;
      return null;
    end
    $$`.execute(db);
  for (const table of ['carts', 'cart_entries']) {
    await sql`create trigger ${sql.raw(`${table}_cart_change`)}
      after insert or update or delete on ${sql.table(table)}
      for each row execute function announce_cart_change()`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['carts', 'cart_entries']) {
    await sql`drop trigger ${sql.raw(`${table}_cart_change`)} on ${sql.table(table)}`.execute(db);
  }
  await sql`drop function announce_cart_change()`.execute(db);
}
