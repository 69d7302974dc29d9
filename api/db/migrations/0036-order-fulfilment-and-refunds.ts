import { type Kysely, sql } from 'kysely';

/**
 * The owner's orders panel (issue 22). An order's status stays the spec's
 * PENDING, FULFILLED or CANCELED; fulfilling keeps when and how it shipped
 * (tracking number, carrier, tracking address), cancelling keeps when.
 * Refunds are rows of their own, each what the provider refunded of the
 * order's payment and who asked: an order may be refunded in parts, and the
 * payment's refunded_minor (0028) stays the running total the provider's
 * limit is checked against.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE orders ADD COLUMN fulfilled_on timestamptz`.execute(db);
  await sql`ALTER TABLE orders ADD COLUMN tracking_number text CHECK (char_length(tracking_number) <= 100)`.execute(db);
  await sql`ALTER TABLE orders ADD COLUMN carrier text CHECK (char_length(carrier) <= 100)`.execute(db);
  await sql`ALTER TABLE orders ADD COLUMN tracking_url text CHECK (char_length(tracking_url) <= 2000)`.execute(db);
  await sql`ALTER TABLE orders ADD COLUMN canceled_on timestamptz`.execute(db);
  await sql`
    CREATE TABLE order_refunds (
      website_id text NOT NULL REFERENCES websites (id) ON DELETE CASCADE,
      id text NOT NULL,
      order_id text NOT NULL,
      payment_id text NOT NULL,
      amount_minor bigint NOT NULL CHECK (amount_minor > 0),
      currency text NOT NULL,
      reason text NOT NULL DEFAULT '' CHECK (char_length(reason) <= 500),
      provider_refund_id text NOT NULL,
      actor_kind text NOT NULL CHECK (actor_kind IN ('contributor', 'api-key')),
      actor_id text NOT NULL,
      actor_name text NOT NULL,
      created_on timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (website_id, id),
      FOREIGN KEY (website_id, order_id) REFERENCES orders (website_id, id) ON DELETE CASCADE
    )`.execute(db);
  await sql`CREATE INDEX order_refunds_by_order ON order_refunds (website_id, order_id, created_on)`.execute(db);
  await sql`CREATE INDEX orders_paid_newest ON orders (website_id, created_on DESC, id DESC) WHERE payment_status = 'paid'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX orders_paid_newest`.execute(db);
  await sql`DROP TABLE order_refunds`.execute(db);
  for (const column of ['canceled_on', 'tracking_url', 'carrier', 'tracking_number', 'fulfilled_on']) {
    await sql`ALTER TABLE orders DROP COLUMN ${sql.ref(column)}`.execute(db);
  }
}
