import { type Kysely, sql } from 'kysely';

/**
 * Payments (issue 20): every charge a checkout made through a provider, with
 * its outcome and what was refunded; the webhook events handled (a provider
 * resends them, and each must count once); and the built-in test provider's
 * own record of its payments, kept in the database so a second step finished
 * in one server process is seen by another.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE payments (
      website_id text NOT NULL REFERENCES websites (id) ON DELETE CASCADE,
      id text NOT NULL,
      provider text NOT NULL,
      provider_payment_id text,
      cart_id text NOT NULL,
      order_id text,
      amount_minor bigint NOT NULL CHECK (amount_minor >= 0),
      currency text NOT NULL,
      status text NOT NULL CHECK (status IN ('succeeded', 'requires-action', 'declined')),
      refunded_minor bigint NOT NULL DEFAULT 0 CHECK (refunded_minor >= 0 AND refunded_minor <= amount_minor),
      decline_message text,
      created_on timestamptz NOT NULL DEFAULT now(),
      updated_on timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (website_id, id),
      UNIQUE (website_id, provider, provider_payment_id)
    )`.execute(db);
  await sql`CREATE INDEX payments_cart ON payments (website_id, cart_id)`.execute(db);
  await sql`
    CREATE TABLE payment_webhook_events (
      provider text NOT NULL,
      event_id text NOT NULL,
      received_on timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (provider, event_id)
    )`.execute(db);
  await sql`
    CREATE TABLE test_provider_payments (
      id text PRIMARY KEY,
      idempotency_key text NOT NULL UNIQUE,
      amount_minor bigint NOT NULL,
      currency text NOT NULL,
      reference text NOT NULL,
      status text NOT NULL CHECK (status IN ('succeeded', 'requires_action', 'declined')),
      refunded_minor bigint NOT NULL DEFAULT 0 CHECK (refunded_minor <= amount_minor),
      created_on timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE test_provider_payments`.execute(db);
  await sql`DROP TABLE payment_webhook_events`.execute(db);
  await sql`DROP TABLE payments`.execute(db);
}
