import { createHash, randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import { newId } from '../db/ids.ts';
import type { Db } from './transaction.ts';

/** A site user as the rest of the app sees one: never with the password hash. */
export interface SiteUser {
  id: string;
  websiteId: string;
  email: string;
  displayName: string;
  locale: string | null;
  createdOn: Date;
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

export const REMEMBER_ME_SESSION_LIFETIME = '14 days';
export const SESSION_LIFETIME = '1 day';

// scrypt cost: 2^14 iterations of 8-block rounds, about 16 MB, under Node's
// default memory cap. Stored with the hash so it can be raised later.
const SCRYPT_COST = 16384;
const SCRYPT_BLOCK_SIZE = 8;
const SCRYPT_PARALLELISM = 1;
const KEY_LENGTH = 64;
const SALT_LENGTH = 16;

const userColumns = ['id', 'websiteId', 'email', 'displayName', 'locale', 'createdOn'] as const;

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
  if (!row) {
    await verifyPassword(password, await dummyHash());
    return undefined;
  }
  const { passwordHash, ...user } = row;
  return (await verifyPassword(password, passwordHash)) ? user : undefined;
}

/** Opens a session for a user: 14 days with rememberMe, else 1 day. Undefined for an unknown user. */
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

/** `scrypt$N$r$p$salt$hash`, salt and hash in base64url: everything needed to check it later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const options = { N: SCRYPT_COST, r: SCRYPT_BLOCK_SIZE, p: SCRYPT_PARALLELISM };
  const key = await scryptKey(password, salt, KEY_LENGTH, options);
  return ['scrypt', options.N, options.r, options.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, cost, blockSize, parallelism, saltText, hashText, ...extra] = stored.split('$');
  if (scheme !== 'scrypt' || saltText === undefined || hashText === undefined || extra.length > 0) return false;
  const N = Number(cost);
  const r = Number(blockSize);
  const p = Number(parallelism);
  if (![N, r, p].every((n) => Number.isInteger(n) && n > 0)) return false;
  const salt = Buffer.from(saltText, 'base64url');
  const expected = Buffer.from(hashText, 'base64url');
  if (expected.length === 0) return false;
  const actual = await scryptKey(password, salt, expected.length, { N, r, p, maxmem: 256 * N * r });
  return timingSafeEqual(actual, expected);
}

function scryptKey(password: string, salt: Buffer, length: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // The same password can arrive composed or decomposed depending on the visitor's system.
    scrypt(password.normalize('NFC'), salt, length, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

// The stand-in an unknown email is checked against; made on first use, then kept.
let dummy: Promise<string> | undefined;
function dummyHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(16).toString('hex'));
  return dummy;
}
