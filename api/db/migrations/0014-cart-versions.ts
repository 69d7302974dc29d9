import { type Kysely, sql } from 'kysely';

/**
 * Every cart carries a version that moves with any change to it or its
 * entries, so a server process keeps a shopper's cart in memory and asks the
 * database only for that number (renderer/page-context/cart-memo.ts): on
 * PostgreSQL a shopper's page then costs one small read instead of the cart
 * and its entries. The embedded database counts changes as they are
 * announced (migration 0011) and needs no read at all.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table carts add column version bigint not null default 0`.execute(db);
  await sql`
    create function bump_cart_version() returns trigger language plpgsql as $$
    begin
      if tg_table_name = 'carts' then
        new.version := old.version + 1;
        return new;
      end if;
      if tg_op in ('UPDATE', 'DELETE') then
        update carts set version = version + 1 where website_id = old.website_id and id = old.cart_id;
      end if;
      if tg_op in ('INSERT', 'UPDATE') and (tg_op = 'INSERT' or new.cart_id is distinct from old.cart_id) then
        update carts set version = version + 1 where website_id = new.website_id and id = new.cart_id;
      end if;
      return null;
    end
    $$`.execute(db);
  await sql`create trigger carts_version before update on carts
    for each row execute function bump_cart_version()`.execute(db);
  await sql`create trigger cart_entries_version after insert or update or delete on cart_entries
    for each row execute function bump_cart_version()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger cart_entries_version on cart_entries`.execute(db);
  await sql`drop trigger carts_version on carts`.execute(db);
  await sql`drop function bump_cart_version()`.execute(db);
  await sql`alter table carts drop column version`.execute(db);
}
