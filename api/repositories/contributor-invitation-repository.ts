/**
 * Invitations to become a contributor: a one-time token mailed as a link;
 * the invited person opens it, chooses a name and password, and becomes a
 * contributor with the role the inviter chose. Only the token's sha256 is
 * stored, and using it deletes it, so a link works once.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { newId } from '../db/ids.ts';
import { type Contributor, findContributorByEmail, getContributor, sha256 } from './owner-account-repository.ts';
import { hashPassword } from './password-hash.ts';
import { type Db, inTransaction } from './transaction.ts';

/** Long enough to reach someone who reads mail weekly, short enough that an old mail is harmless. */
export const INVITATION_LIFETIME = '7 days';

export interface Invitation {
  email: string;
  role: number;
  expiresOn: Date;
}

/** A new invitation for the address, replacing an older one to it; the token is returned this once. */
export async function createInvitation(
  db: Db,
  websiteId: string,
  invitation: { email: string; role: number; invitedBy: string | null },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await inTransaction(db, async (trx) => {
    await trx
      .deleteFrom('contributorInvitations')
      .where('websiteId', '=', websiteId)
      .where(sql<string>`lower(email)`, '=', sql<string>`lower(${invitation.email})`)
      .execute();
    await trx
      .insertInto('contributorInvitations')
      .values({
        websiteId,
        tokenHash: sha256(token),
        email: invitation.email,
        role: invitation.role,
        invitedBy: invitation.invitedBy,
        expiresOn: sql<Date>`now() + cast(${INVITATION_LIFETIME} as interval)`,
      })
      .execute();
  });
  return token;
}

/** The live invitation a link's token names, without using it up (the accept form shows the address). */
export async function findInvitation(db: Db, websiteId: string, token: string): Promise<Invitation | undefined> {
  return db
    .selectFrom('contributorInvitations')
    .select(['email', 'role', 'expiresOn'])
    .where('websiteId', '=', websiteId)
    .where('tokenHash', '=', sha256(token))
    .where('expiresOn', '>', sql<Date>`now()`)
    .executeTakeFirst();
}

/** Invitations not yet accepted, for the contributors panel. */
export async function listInvitations(db: Db, websiteId: string): Promise<Invitation[]> {
  return db
    .selectFrom('contributorInvitations')
    .select(['email', 'role', 'expiresOn'])
    .where('websiteId', '=', websiteId)
    .where('expiresOn', '>', sql<Date>`now()`)
    .orderBy('createdOn', 'desc')
    .execute();
}

/**
 * Uses up an invitation: the contributor it names (new, or an existing
 * contributor of that address, who gets the role and the password), or
 * undefined when the link does not work.
 */
export async function acceptInvitation(
  db: Db,
  websiteId: string,
  token: string,
  account: { displayName: string; password: string },
): Promise<Contributor | undefined> {
  const passwordHash = await hashPassword(account.password);
  return inTransaction(db, async (trx) => {
    const used = await trx
      .deleteFrom('contributorInvitations')
      .where('websiteId', '=', websiteId)
      .where('tokenHash', '=', sha256(token))
      .where('expiresOn', '>', sql<Date>`now()`)
      .returning(['email', 'role'])
      .executeTakeFirst();
    if (!used) return undefined;
    const existing = await findContributorByEmail(trx, websiteId, used.email);
    if (existing) {
      await trx
        .updateTable('contributors')
        .set({ role: used.role, passwordHash, displayName: account.displayName })
        .where('websiteId', '=', websiteId)
        .where('id', '=', existing.id)
        .execute();
      await trx
        .deleteFrom('ownerSessions')
        .where('websiteId', '=', websiteId)
        .where('contributorId', '=', existing.id)
        .execute();
      return getContributor(trx, websiteId, existing.id);
    }
    const id = newId();
    await trx
      .insertInto('contributors')
      .values({ websiteId, id, email: used.email, displayName: account.displayName, role: used.role, passwordHash })
      .execute();
    return getContributor(trx, websiteId, id);
  });
}
