/** Webhook events handled, by provider and event id: a provider resends events, and each must count once. */
import { sql } from 'kysely';
import type { Db } from '../repositories/transaction.ts';

/** True the first time an event is seen; false for a replay. */
export async function firstDelivery(db: Db, provider: string, eventId: string): Promise<boolean> {
  const { rows } = await sql<{ eventId: string }>`
    INSERT INTO payment_webhook_events (provider, event_id) VALUES (${provider}, ${eventId})
    ON CONFLICT DO NOTHING RETURNING event_id AS "eventId"
  `.execute(db);
  return rows.length === 1;
}
