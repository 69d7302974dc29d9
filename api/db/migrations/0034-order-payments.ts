import { type Kysely, sql } from 'kysely';

/**
 * Orders paid through a payment provider (issue 20). Checkout first holds
 * the order (payment_status 'awaiting': stock, discount uses and gift cards
 * taken, the cart frozen) in one transaction, then charges, then in a
 * second transaction either marks it 'paid' or gives everything back and
 * marks it 'failed'. A failed attempt is kept as a record (its payment and
 * the gift card ledger name it) but is no order: it has no number, nobody
 * lists it, and its cart may be ordered again, so the one-order-per-cart
 * rule now leaves failed attempts out. Numbers are given when an order is
 * paid, so they stay gapless however many payments fail.
 *
 * orders.status_token is the random token of the link in the receipt email
 * to the order's status page (page type 211); the order's id, which the
 * cart's JSON carries, is not used for it.
 *
 * payments gain 'pending' (recorded before the provider is asked, so a
 * crash mid-charge leaves a trace to settle), the address of the second
 * step, and the site's origin the checkout came from (the links in the
 * receipts of an order a webhook or the expiry job completes).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE orders ADD COLUMN payment_status text NOT NULL DEFAULT 'paid'
      CHECK (payment_status IN ('awaiting', 'paid', 'failed'))`.execute(db);
  await sql`ALTER TABLE orders ADD COLUMN status_token text`.execute(db);
  await sql`ALTER TABLE orders ALTER COLUMN order_number DROP NOT NULL`.execute(db);
  await sql`
    ALTER TABLE orders ADD CONSTRAINT orders_paid_numbered
      CHECK ((payment_status = 'paid') = (order_number IS NOT NULL))`.execute(db);
  await sql`ALTER TABLE orders DROP CONSTRAINT orders_cart_uq`.execute(db);
  await sql`CREATE UNIQUE INDEX orders_cart_uq ON orders (website_id, cart_id) WHERE payment_status <> 'failed'`.execute(
    db,
  );
  await sql`CREATE INDEX orders_awaiting_payment ON orders (created_on) WHERE payment_status = 'awaiting'`.execute(db);

  await sql`ALTER TABLE payments DROP CONSTRAINT payments_status_check`.execute(db);
  await sql`
    ALTER TABLE payments ADD CONSTRAINT payments_status_check
      CHECK (status IN ('pending', 'requires-action', 'succeeded', 'declined'))`.execute(db);
  await sql`ALTER TABLE payments ADD COLUMN action_url text`.execute(db);
  await sql`ALTER TABLE payments ADD COLUMN site_origin text NOT NULL DEFAULT ''`.execute(db);
  await sql`CREATE INDEX payments_order ON payments (website_id, order_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX payments_order`.execute(db);
  await sql`ALTER TABLE payments DROP COLUMN site_origin`.execute(db);
  await sql`ALTER TABLE payments DROP COLUMN action_url`.execute(db);
  await sql`ALTER TABLE payments DROP CONSTRAINT payments_status_check`.execute(db);
  await sql`DELETE FROM payments WHERE status = 'pending'`.execute(db);
  await sql`
    ALTER TABLE payments ADD CONSTRAINT payments_status_check
      CHECK (status IN ('succeeded', 'requires-action', 'declined'))`.execute(db);
  await sql`DROP INDEX orders_awaiting_payment`.execute(db);
  await sql`DROP INDEX orders_cart_uq`.execute(db);
  await sql`DELETE FROM orders WHERE payment_status <> 'paid'`.execute(db);
  await sql`ALTER TABLE orders ADD CONSTRAINT orders_cart_uq UNIQUE (website_id, cart_id)`.execute(db);
  await sql`ALTER TABLE orders DROP CONSTRAINT orders_paid_numbered`.execute(db);
  await sql`ALTER TABLE orders ALTER COLUMN order_number SET NOT NULL`.execute(db);
  await sql`ALTER TABLE orders DROP COLUMN status_token`.execute(db);
  await sql`ALTER TABLE orders DROP COLUMN payment_status`.execute(db);
}
