import { type Kysely, sql } from 'kysely';

/**
 * Subscriptions that renew (issue 24). A paid order line sold with a plan
 * becomes a subscription: what it renews (the line's variant, quantity and
 * price, kept as bought), the payment provider and the reference it charges
 * again without the buyer (payments.reusable_method, kept from the
 * checkout's own charge), and its schedule. Period k falls on anchor_on plus
 * (k − anchor_period) billing periods, so a monthly plan bought on the 31st
 * comes back on the last day of shorter months without drifting; moving the
 * next date moves the anchor. Period 1 is the checkout's order; each later
 * period is an order of its own naming the subscription and period, and the
 * unique index keeps a period to one order whatever runs it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE subscriptions (
      website_id text NOT NULL REFERENCES websites (id) ON DELETE CASCADE,
      id text NOT NULL,
      first_order_id text NOT NULL,
      line_number integer NOT NULL,
      site_user_id text,
      customer_email text,
      customer_name text,
      item_id text NOT NULL,
      variant_id text NOT NULL,
      sku text NOT NULL,
      product_name text NOT NULL,
      quantity integer NOT NULL CHECK (quantity > 0),
      unit_price_minor bigint NOT NULL CHECK (unit_price_minor >= 0),
      currency text NOT NULL,
      billing_value integer NOT NULL CHECK (billing_value > 0),
      billing_unit text NOT NULL CHECK (billing_unit IN ('WEEK', 'MONTH', 'YEAR')),
      num_billing_cycles integer NOT NULL CHECK (num_billing_cycles >= 0),
      provider text NOT NULL,
      payment_method text,
      state text NOT NULL DEFAULT 'active' CHECK (state IN ('active', 'paused', 'canceled', 'ended')),
      paused_for text CHECK (paused_for IN ('buyer', 'payment-failed')),
      periods_billed integer NOT NULL DEFAULT 1,
      anchor_on timestamptz NOT NULL,
      anchor_period integer NOT NULL,
      next_billing_on timestamptz,
      failed_attempts integer NOT NULL DEFAULT 0,
      retry_on timestamptz,
      last_decline text,
      test_mode boolean NOT NULL DEFAULT false,
      site_origin text NOT NULL DEFAULT '',
      created_on timestamptz NOT NULL DEFAULT now(),
      updated_on timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (website_id, id),
      UNIQUE (website_id, first_order_id, line_number),
      FOREIGN KEY (website_id, first_order_id) REFERENCES orders (website_id, id) ON DELETE CASCADE
    )`.execute(db);
  await sql`CREATE INDEX subscriptions_due ON subscriptions ((coalesce(retry_on, next_billing_on))) WHERE state = 'active'`.execute(
    db,
  );
  await sql`CREATE INDEX subscriptions_of_site_user ON subscriptions (website_id, site_user_id, created_on DESC)`.execute(
    db,
  );
  await sql`CREATE INDEX subscriptions_newest ON subscriptions (website_id, created_on DESC, id DESC)`.execute(db);

  await sql`ALTER TABLE orders ADD COLUMN subscription_id text`.execute(db);
  await sql`ALTER TABLE orders ADD COLUMN subscription_period integer CHECK (subscription_period > 1)`.execute(db);
  await sql`
    ALTER TABLE orders ADD CONSTRAINT orders_subscription_period_named
      CHECK ((subscription_id IS NULL) = (subscription_period IS NULL))`.execute(db);
  // A renewal's order is of the subscription's first cart too, so one order per cart is for checkout's orders.
  await sql`DROP INDEX orders_cart_uq`.execute(db);
  await sql`
    CREATE UNIQUE INDEX orders_cart_uq ON orders (website_id, cart_id)
      WHERE payment_status <> 'failed' AND subscription_id IS NULL`.execute(db);
  await sql`
    CREATE UNIQUE INDEX orders_subscription_period_uq ON orders (website_id, subscription_id, subscription_period)
      WHERE payment_status <> 'failed' AND subscription_id IS NOT NULL`.execute(db);

  await sql`ALTER TABLE payments ADD COLUMN reusable_method text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE payments DROP COLUMN reusable_method`.execute(db);
  await sql`DROP INDEX orders_subscription_period_uq`.execute(db);
  await sql`DROP INDEX orders_cart_uq`.execute(db);
  await sql`DELETE FROM orders WHERE subscription_id IS NOT NULL`.execute(db);
  await sql`CREATE UNIQUE INDEX orders_cart_uq ON orders (website_id, cart_id) WHERE payment_status <> 'failed'`.execute(
    db,
  );
  await sql`ALTER TABLE orders DROP CONSTRAINT orders_subscription_period_named`.execute(db);
  await sql`ALTER TABLE orders DROP COLUMN subscription_period`.execute(db);
  await sql`ALTER TABLE orders DROP COLUMN subscription_id`.execute(db);
  await sql`DROP TABLE subscriptions`.execute(db);
}
