import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { newId } from '../db/ids.ts';
import type { SiteUserTokenPurpose } from '../db/schema.ts';
import { dummyHash, hashPassword, verifyPassword } from './password-hash.ts';
import { type Db, inTransaction } from './transaction.ts';

// Seeds and tests hash and check passwords through this module too.
export { hashPassword, verifyPassword };

/** A site user as the rest of the app sees one: never with the password hash. */
export interface SiteUser {
  id: string;
  websiteId: string;
  email: string;
  displayName: string;
  locale: string | null;
  createdOn: Date;
  /** When the user proved the address theirs by opening a mailed link; null until then. */
  emailVerifiedOn: Date | null;
}

export interface NewSiteUser {
  email: string;
  password: string;
  displayName?: string;
  locale?: string | null;
}

export interface CreatedSession {
  /** Goes into the cookie; only its sha256 is stored, so this is the one chance to read it. */
  token: string;
  xsrfToken: string;
  rememberMe: boolean;
  expiresOn: Date;
}

export interface Session {
  siteUserId: string;
  xsrfToken: string;
  rememberMe: boolean;
  expiresOn: Date;
  user: SiteUser;
}

/** 'Remember me' keeps a user signed in this long (issue 18: 30 days); the cookie lasts as long. */
export const REMEMBER_ME_SECONDS = 30 * 24 * 60 * 60;
export const REMEMBER_ME_SESSION_LIFETIME = `${REMEMBER_ME_SECONDS} seconds`;
/**
 * Without 'remember me' the cookie lasts the browser session, but browsers
 * that restore sessions keep such cookies for weeks: the server still ends
 * the session after a day.
 */
export const SESSION_LIFETIME = '1 day';

/** How long an emailed link works: a reset link briefly, since it opens the account. */
export const TOKEN_LIFETIMES: Readonly<Record<SiteUserTokenPurpose, string>> = {
  'password-reset': '1 hour',
  'email-verification': '7 days',
};

const userColumns = ['id', 'websiteId', 'email', 'displayName', 'locale', 'createdOn', 'emailVerifiedOn'] as const;

export async function createSiteUser(
  db: Db,
  websiteId: string,
  user: NewSiteUser,
): Promise<{ ok: true; user: SiteUser } | { ok: false; reason: 'email-taken' }> {
  const passwordHash = await hashPassword(user.password);
  const created = await db
    .insertInto('siteUsers')
    .values({
      websiteId,
      id: newId(),
      email: user.email,
      displayName: user.displayName,
      passwordHash,
      locale: user.locale ?? null,
    })
    // The one index that can conflict is (website, lower(email)): the id is new.
    .onConflict((oc) => oc.doNothing())
    .returning(userColumns)
    .executeTakeFirst();
  return created ? { ok: true, user: created } : { ok: false, reason: 'email-taken' };
}

export async function getSiteUser(db: Db, websiteId: string, siteUserId: string): Promise<SiteUser | undefined> {
  return db
    .selectFrom('siteUsers')
    .select(userColumns)
    .where('websiteId', '=', websiteId)
    .where('id', '=', siteUserId)
    .executeTakeFirst();
}

/**
 * The user whose email (any letter case) and password match. An unknown
 * email still costs one scrypt, so response time does not tell which
 * addresses have accounts.
 */
export async function verifyCredentials(
  db: Db,
  websiteId: string,
  email: string,
  password: string,
): Promise<SiteUser | undefined> {
  const row = await db
    .selectFrom('siteUsers')
    .select([...userColumns, 'passwordHash'])
    .where('websiteId', '=', websiteId)
    .where(sql<string>`lower(email)`, '=', sql<string>`lower(${email})`)
    .executeTakeFirst();
  // Awaited on both paths: the first check of a process makes the stand-in,
  // and must cost the same whether or not the email has an account.
  const standIn = await dummyHash();
  if (!row) {
    await verifyPassword(password, standIn);
    return undefined;
  }
  const { passwordHash, ...user } = row;
  return (await verifyPassword(password, passwordHash)) ? user : undefined;
}

/** Opens a session for a user: 30 days with rememberMe, else 1 day. Undefined for an unknown user. */
export async function createSession(
  db: Db,
  websiteId: string,
  siteUserId: string,
  options: { rememberMe: boolean },
): Promise<CreatedSession | undefined> {
  const token = randomBytes(32).toString('base64url');
  const xsrfToken = randomBytes(24).toString('base64url');
  const lifetime = options.rememberMe ? REMEMBER_ME_SESSION_LIFETIME : SESSION_LIFETIME;
  // Inserting from the user row proves the user belongs to this website.
  const created = await db
    .insertInto('siteUserSessions')
    .columns(['websiteId', 'tokenHash', 'siteUserId', 'xsrfToken', 'rememberMe', 'expiresOn'])
    .expression((eb) =>
      eb
        .selectFrom('siteUsers')
        .select([
          'siteUsers.websiteId',
          eb.cast<string>(eb.val(sha256(token)), 'text').as('tokenHash'),
          'siteUsers.id',
          eb.cast<string>(eb.val(xsrfToken), 'text').as('xsrfToken'),
          eb.cast<boolean>(eb.val(options.rememberMe), 'boolean').as('rememberMe'),
          // The database clock sets and checks expiry, so app servers' clocks cannot disagree with it.
          sql<Date>`now() + cast(${lifetime} as interval)`.as('expiresOn'),
        ])
        .where('siteUsers.websiteId', '=', websiteId)
        .where('siteUsers.id', '=', siteUserId),
    )
    .returning(['expiresOn'])
    .executeTakeFirst();
  if (!created) return undefined;
  return { token, xsrfToken, rememberMe: options.rememberMe, expiresOn: created.expiresOn };
}

/** The live session a cookie's token opens, with its user; undefined when unknown or expired. */
export async function findSession(db: Db, websiteId: string, token: string): Promise<Session | undefined> {
  const row = await db
    .selectFrom('siteUserSessions as session')
    .innerJoin('siteUsers as user', (join) =>
      join.onRef('user.websiteId', '=', 'session.websiteId').onRef('user.id', '=', 'session.siteUserId'),
    )
    .select([
      'session.siteUserId',
      'session.xsrfToken',
      'session.rememberMe',
      'session.expiresOn',
      'user.id',
      'user.websiteId',
      'user.email',
      'user.displayName',
      'user.locale',
      'user.createdOn',
      'user.emailVerifiedOn',
    ])
    .where('session.websiteId', '=', websiteId)
    .where('session.tokenHash', '=', sha256(token))
    .where('session.expiresOn', '>', sql<Date>`now()`)
    .executeTakeFirst();
  if (!row) return undefined;
  const { siteUserId, xsrfToken, rememberMe, expiresOn, ...user } = row;
  return { siteUserId, xsrfToken, rememberMe, expiresOn, user };
}

/** Logs a session out; false when there was none. */
export async function deleteSession(db: Db, websiteId: string, token: string): Promise<boolean> {
  const deleted = await db
    .deleteFrom('siteUserSessions')
    .where('websiteId', '=', websiteId)
    .where('tokenHash', '=', sha256(token))
    .returning('tokenHash')
    .executeTakeFirst();
  return deleted !== undefined;
}

/**
 * Ends a user's sessions, all of them or all but the one whose token is
 * kept: a changed or reset password must shut out whoever knew the old one.
 */
export async function deleteSessionsOfUser(
  db: Db,
  websiteId: string,
  siteUserId: string,
  options: { keepToken?: string } = {},
): Promise<number> {
  let query = db.deleteFrom('siteUserSessions').where('websiteId', '=', websiteId).where('siteUserId', '=', siteUserId);
  if (options.keepToken !== undefined) query = query.where('tokenHash', '<>', sha256(options.keepToken));
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The user with this email (any letter case), for mailing a reset link; undefined when none. */
export async function findSiteUserByEmail(db: Db, websiteId: string, email: string): Promise<SiteUser | undefined> {
  return db
    .selectFrom('siteUsers')
    .select(userColumns)
    .where('websiteId', '=', websiteId)
    .where(sql<string>`lower(email)`, '=', sql<string>`lower(${email})`)
    .executeTakeFirst();
}

export async function updateSiteUser(
  db: Db,
  websiteId: string,
  siteUserId: string,
  changes: { displayName?: string; locale?: string | null },
): Promise<SiteUser | undefined> {
  return db
    .updateTable('siteUsers')
    .set(changes)
    .where('websiteId', '=', websiteId)
    .where('id', '=', siteUserId)
    .returning(userColumns)
    .executeTakeFirst();
}

/**
 * Replaces a signed-in user's password after checking the current one, and
 * ends every other session of theirs. The new hash is made before the
 * transaction, so no row stays locked through a scrypt.
 */
export async function changePassword(
  db: Db,
  websiteId: string,
  siteUserId: string,
  passwords: { current: string; next: string; keepSessionToken: string },
): Promise<{ ok: true } | { ok: false; reason: 'password-incorrect' | 'user-not-found' }> {
  const row = await db
    .selectFrom('siteUsers')
    .select('passwordHash')
    .where('websiteId', '=', websiteId)
    .where('id', '=', siteUserId)
    .executeTakeFirst();
  if (!row) return { ok: false, reason: 'user-not-found' };
  if (!(await verifyPassword(passwords.current, row.passwordHash))) return { ok: false, reason: 'password-incorrect' };
  const passwordHash = await hashPassword(passwords.next);
  return inTransaction(db, async (trx) => {
    const updated = await trx
      .updateTable('siteUsers')
      .set({ passwordHash })
      .where('websiteId', '=', websiteId)
      .where('id', '=', siteUserId)
      // A concurrent change in between wins; this one is refused rather than silently undoing it.
      .where('passwordHash', '=', row.passwordHash)
      .returning('id')
      .executeTakeFirst();
    if (!updated) return { ok: false, reason: 'password-incorrect' };
    await deleteSessionsOfUser(trx, websiteId, siteUserId, { keepToken: passwords.keepSessionToken });
    await trx
      .deleteFrom('siteUserTokens')
      .where('websiteId', '=', websiteId)
      .where('siteUserId', '=', siteUserId)
      .where('purpose', '=', 'password-reset')
      .execute();
    return { ok: true };
  });
}

/**
 * A new one-time token for an emailed link, replacing the user's older
 * tokens of the same purpose so only the latest link works. Only its sha256
 * is stored: the returned token is the one chance to read it.
 */
export async function createAccountToken(
  db: Db,
  websiteId: string,
  siteUserId: string,
  purpose: SiteUserTokenPurpose,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await inTransaction(db, async (trx) => {
    await trx
      .deleteFrom('siteUserTokens')
      .where('websiteId', '=', websiteId)
      .where('siteUserId', '=', siteUserId)
      .where('purpose', '=', purpose)
      .execute();
    await trx
      .insertInto('siteUserTokens')
      .values({
        websiteId,
        tokenHash: sha256(token),
        siteUserId,
        purpose,
        expiresOn: sql<Date>`now() + cast(${TOKEN_LIFETIMES[purpose]} as interval)`,
      })
      .execute();
  });
  return token;
}

/**
 * Uses up a token: deleting it is what makes a link work once, even when
 * two requests bring it at the same moment. The user it was for, or
 * undefined when it is unknown, used already, expired or of another purpose.
 */
async function consumeAccountToken(
  db: Db,
  websiteId: string,
  purpose: SiteUserTokenPurpose,
  token: string,
): Promise<string | undefined> {
  const deleted = await db
    .deleteFrom('siteUserTokens')
    .where('websiteId', '=', websiteId)
    .where('tokenHash', '=', sha256(token))
    .where('purpose', '=', purpose)
    .where('expiresOn', '>', sql<Date>`now()`)
    .returning('siteUserId')
    .executeTakeFirst();
  return deleted?.siteUserId;
}

/**
 * Sets a new password through a reset link: the link is used up, every
 * session ends, and the address counts as verified (the mail reached its
 * owner). Undefined when the link does not work.
 */
export async function resetPassword(
  db: Db,
  websiteId: string,
  token: string,
  newPassword: string,
): Promise<SiteUser | undefined> {
  const passwordHash = await hashPassword(newPassword);
  return inTransaction(db, async (trx) => {
    const siteUserId = await consumeAccountToken(trx, websiteId, 'password-reset', token);
    if (siteUserId === undefined) return undefined;
    const user = await trx
      .updateTable('siteUsers')
      .set({ passwordHash, emailVerifiedOn: sql<Date>`coalesce(email_verified_on, now())` })
      .where('websiteId', '=', websiteId)
      .where('id', '=', siteUserId)
      .returning(userColumns)
      .executeTakeFirst();
    await deleteSessionsOfUser(trx, websiteId, siteUserId);
    return user;
  });
}

/** Marks the address of a verification link's user as verified; undefined when the link does not work. */
export async function verifyEmail(db: Db, websiteId: string, token: string): Promise<SiteUser | undefined> {
  return inTransaction(db, async (trx) => {
    const siteUserId = await consumeAccountToken(trx, websiteId, 'email-verification', token);
    if (siteUserId === undefined) return undefined;
    return trx
      .updateTable('siteUsers')
      .set({ emailVerifiedOn: sql<Date>`coalesce(email_verified_on, now())` })
      .where('websiteId', '=', websiteId)
      .where('id', '=', siteUserId)
      .returning(userColumns)
      .executeTakeFirst();
  });
}

function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
