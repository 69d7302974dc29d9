import { type Kysely, sql } from 'kysely';

/**
 * Orders shipped in parts (issue 24): each time the owner fulfils some or
 * all of what is left of an order's lines, a shipment row keeps how it
 * ships (carrier, tracking number, tracking address) and its lines how many
 * of each order line it sent. The order's status stays the spec's PENDING
 * until every line has gone, then FULFILLED; the order's own tracking
 * columns (0036) keep the latest shipment's, which the owner's email and
 * older readers use. Orders fulfilled before this have no shipment rows:
 * their status says all of them went in one.
 *
 * orders.reviews_requested_on is when the buyer was emailed the reviews
 * request (api/services/reviews-request.ts): set in the transaction that
 * queues the email, only while null, so a job run again after a crash
 * between the email and the job's completion sends nothing twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE order_shipments (
      website_id text NOT NULL REFERENCES websites (id) ON DELETE CASCADE,
      id text NOT NULL,
      order_id text NOT NULL,
      tracking_number text CHECK (char_length(tracking_number) <= 100),
      carrier text CHECK (char_length(carrier) <= 100),
      tracking_url text CHECK (char_length(tracking_url) <= 2000),
      created_on timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (website_id, id),
      FOREIGN KEY (website_id, order_id) REFERENCES orders (website_id, id) ON DELETE CASCADE
    )`.execute(db);
  await sql`CREATE INDEX order_shipments_by_order ON order_shipments (website_id, order_id, created_on)`.execute(db);
  await sql`
    CREATE TABLE order_shipment_lines (
      website_id text NOT NULL,
      shipment_id text NOT NULL,
      order_id text NOT NULL,
      line_number integer NOT NULL,
      quantity integer NOT NULL CHECK (quantity > 0),
      PRIMARY KEY (website_id, shipment_id, line_number),
      FOREIGN KEY (website_id, shipment_id) REFERENCES order_shipments (website_id, id) ON DELETE CASCADE
    )`.execute(db);
  await sql`CREATE INDEX order_shipment_lines_by_order ON order_shipment_lines (website_id, order_id)`.execute(db);
  await sql`ALTER TABLE orders ADD COLUMN reviews_requested_on timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE orders DROP COLUMN reviews_requested_on`.execute(db);
  await sql`DROP TABLE order_shipment_lines`.execute(db);
  await sql`DROP TABLE order_shipments`.execute(db);
}
