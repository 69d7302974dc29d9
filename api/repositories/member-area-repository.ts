/**
 * Member areas and locked pages in the store: which member areas a site user
 * belongs to, joining one, and a protected collection's password.
 */
import { hashPassword, verifyPassword } from './site-user-repository.ts';
import type { Db } from './transaction.ts';

/** The ids of the member areas (member-only collections) the user belongs to. */
export async function memberAreaIdsOf(db: Db, websiteId: string, siteUserId: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('memberAreaMembers')
    .select('collectionId')
    .where('websiteId', '=', websiteId)
    .where('siteUserId', '=', siteUserId)
    .execute();
  return new Set(rows.map((row) => row.collectionId));
}

/**
 * Makes the user a member of a member-only collection of the website; false
 * when there is no such enabled collection. Joining twice is joining once.
 */
export async function joinMemberArea(
  db: Db,
  websiteId: string,
  collectionId: string,
  siteUserId: string,
): Promise<boolean> {
  const area = await db
    .selectFrom('collections')
    .select('id')
    .where('websiteId', '=', websiteId)
    .where('id', '=', collectionId)
    .where('memberOnly', '=', true)
    .where('enabled', '=', true)
    .executeTakeFirst();
  if (!area) return false;
  await db
    .insertInto('memberAreaMembers')
    .values({ websiteId, collectionId, siteUserId })
    .onConflict((c) => c.columns(['websiteId', 'collectionId', 'siteUserId']).doNothing())
    .execute();
  return true;
}

/** Protects a collection with a password (stored as a scrypt hash), or lifts the protection with null. */
export async function setCollectionPassword(
  db: Db,
  websiteId: string,
  collectionId: string,
  password: string | null,
  fixedSalt?: Buffer,
): Promise<void> {
  if (password !== null && password.length === 0) throw new Error('a page password cannot be empty');
  const passwordHash = password === null ? null : await hashPassword(password, fixedSalt);
  await db
    .updateTable('collections')
    .set({ passwordHash, passwordProtected: password !== null })
    .where('websiteId', '=', websiteId)
    .where('id', '=', collectionId)
    .execute();
}

/** Whether the password opens the collection; a protected collection without a password opens to none. */
export function collectionPasswordMatches(
  collection: { passwordHash: string | null },
  password: string,
): Promise<boolean> {
  if (collection.passwordHash === null) return Promise.resolve(false);
  return verifyPassword(password, collection.passwordHash);
}
