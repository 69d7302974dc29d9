/**
 * A website's mailing list (migration 0040): who joined, from where, and who
 * left. Addresses are kept in lower case, so 'Ada@Example.com' and
 * 'ada@example.com' are one subscriber and one unsubscribe covers both.
 */
import { sql } from 'kysely';
import type { MailingListSubscribersTable } from '../db/schema.ts';
import type { Db } from './transaction.ts';

export type MailingListSource = MailingListSubscribersTable['source'];

export interface Subscriber {
  email: string;
  source: MailingListSource;
  subscribedOn: Date;
  /** Null while subscribed. */
  unsubscribedOn: Date | null;
}

export const mailingListAddress = (email: string): string => email.trim().toLowerCase();

/**
 * Adds the address, or brings back one that left: joining again is the
 * visitor asking for it. True when the address was not subscribed before
 * (the welcome mail goes out then, and only then).
 */
export async function joinMailingList(
  db: Db,
  websiteId: string,
  email: string,
  source: MailingListSource,
): Promise<boolean> {
  const address = mailingListAddress(email);
  const before = await db
    .selectFrom('mailingListSubscribers')
    .select('unsubscribedOn')
    .where('websiteId', '=', websiteId)
    .where('email', '=', address)
    .forUpdate()
    .executeTakeFirst();
  if (before && before.unsubscribedOn === null) return false;
  await db
    .insertInto('mailingListSubscribers')
    .values({ websiteId, email: address, source })
    .onConflict((oc) =>
      oc.columns(['websiteId', 'email']).doUpdateSet({ unsubscribedOn: null, subscribedOn: sql<Date>`now()`, source }),
    )
    .execute();
  return true;
}

/** Takes the address off the list; false when it was not on it (or had left already). */
export async function unsubscribe(db: Db, websiteId: string, email: string): Promise<boolean> {
  const result = await db
    .updateTable('mailingListSubscribers')
    .set({ unsubscribedOn: sql<Date>`now()` })
    .where('websiteId', '=', websiteId)
    .where('email', '=', mailingListAddress(email))
    .where('unsubscribedOn', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function findSubscriber(db: Db, websiteId: string, email: string): Promise<Subscriber | undefined> {
  return db
    .selectFrom('mailingListSubscribers')
    .select(['email', 'source', 'subscribedOn', 'unsubscribedOn'])
    .where('websiteId', '=', websiteId)
    .where('email', '=', mailingListAddress(email))
    .executeTakeFirst();
}

/** Everyone who ever joined, newest first, unsubscribed ones included (the owner's list shows them as such). */
export async function listSubscribers(db: Db, websiteId: string, limit = 1000): Promise<Subscriber[]> {
  return db
    .selectFrom('mailingListSubscribers')
    .select(['email', 'source', 'subscribedOn', 'unsubscribedOn'])
    .where('websiteId', '=', websiteId)
    .orderBy('subscribedOn', 'desc')
    .orderBy('email')
    .limit(limit)
    .execute();
}

/** The addresses a newsletter goes to: only those still subscribed. */
export async function subscribedAddresses(db: Db, websiteId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('mailingListSubscribers')
    .select('email')
    .where('websiteId', '=', websiteId)
    .where('unsubscribedOn', 'is', null)
    .orderBy('email')
    .execute();
  return rows.map((row) => row.email);
}
