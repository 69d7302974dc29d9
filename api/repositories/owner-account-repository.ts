/**
 * Owner accounts: contributors who sign in to the admin app with a
 * password, and their sessions. The same rules as site users' accounts
 * (scrypt hashes from password-hash.ts; session tokens stored as sha256;
 * 30 days with 'remember me', else 1 day, kept by the database's clock),
 * in tables of their own so the two kinds of session never open each other.
 */
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { ROLES } from '../../shared/owner-permissions.ts';
import { newId } from '../db/ids.ts';
import { dummyHash, hashPassword, verifyPassword } from './password-hash.ts';
import { REMEMBER_ME_SESSION_LIFETIME, SESSION_LIFETIME } from './site-user-repository.ts';
import { type Db, inTransaction } from './transaction.ts';

/** A contributor as the owner side sees one: never the hash. */
export interface Contributor {
  id: string;
  websiteId: string;
  email: string;
  displayName: string;
  role: number;
  /** Whether the contributor has a password, so can sign in. */
  canSignIn: boolean;
  createdOn: Date;
}

export interface OwnerSession {
  contributor: Contributor;
  xsrfToken: string;
  rememberMe: boolean;
  expiresOn: Date;
}

const contributorColumns = ['id', 'websiteId', 'email', 'displayName', 'role', 'passwordHash', 'createdOn'] as const;

type ContributorRow = Omit<Contributor, 'canSignIn'> & { passwordHash: string | null };

function toContributor(row: ContributorRow): Contributor {
  const { passwordHash, ...rest } = row;
  return { ...rest, canSignIn: passwordHash !== null };
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** Contributors of a website: admins first, then by name. */
export async function listContributors(db: Db, websiteId: string): Promise<Contributor[]> {
  const rows = await db
    .selectFrom('contributors')
    .select(contributorColumns)
    .where('websiteId', '=', websiteId)
    .orderBy('role')
    .orderBy('displayName')
    .orderBy('id')
    .execute();
  return rows.map(toContributor);
}

export async function getContributor(db: Db, websiteId: string, id: string): Promise<Contributor | undefined> {
  const row = await db
    .selectFrom('contributors')
    .select(contributorColumns)
    .where('websiteId', '=', websiteId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && toContributor(row);
}

export async function findContributorByEmail(
  db: Db,
  websiteId: string,
  email: string,
): Promise<Contributor | undefined> {
  const row = await db
    .selectFrom('contributors')
    .select(contributorColumns)
    .where('websiteId', '=', websiteId)
    .where(sql<string>`lower(email)`, '=', sql<string>`lower(${email})`)
    .executeTakeFirst();
  return row && toContributor(row);
}

/**
 * The contributor whose email (any letter case) and password match. An
 * unknown email, or a contributor without a password, still costs one
 * scrypt, so response time does not tell which addresses have accounts.
 */
export async function verifyOwnerCredentials(
  db: Db,
  websiteId: string,
  email: string,
  password: string,
): Promise<Contributor | undefined> {
  const row = await db
    .selectFrom('contributors')
    .select(contributorColumns)
    .where('websiteId', '=', websiteId)
    .where(sql<string>`lower(email)`, '=', sql<string>`lower(${email})`)
    .executeTakeFirst();
  const standIn = await dummyHash();
  if (!row || row.passwordHash === null) {
    await verifyPassword(password, standIn);
    return undefined;
  }
  return (await verifyPassword(password, row.passwordHash)) ? toContributor(row) : undefined;
}

/**
 * Makes the email an administrator with this password: a new contributor,
 * or an existing one (any letter case) promoted and given the password.
 * What `npm run owner -- create-admin` does on a fresh install.
 */
export async function createAdmin(
  db: Db,
  websiteId: string,
  account: { email: string; password: string; displayName: string },
): Promise<{ contributor: Contributor; created: boolean }> {
  const passwordHash = await hashPassword(account.password);
  return inTransaction(db, async (trx) => {
    const existing = await findContributorByEmail(trx, websiteId, account.email);
    if (existing) {
      const row = await trx
        .updateTable('contributors')
        .set({ passwordHash, role: ROLES.admin })
        .where('websiteId', '=', websiteId)
        .where('id', '=', existing.id)
        .returning(contributorColumns)
        .executeTakeFirstOrThrow();
      // A new password shuts out whoever knew the old one.
      await deleteOwnerSessionsOf(trx, websiteId, existing.id);
      return { contributor: toContributor(row), created: false };
    }
    const row = await trx
      .insertInto('contributors')
      .values({
        websiteId,
        id: newId(),
        email: account.email,
        displayName: account.displayName,
        role: ROLES.admin,
        passwordHash,
      })
      .returning(contributorColumns)
      .executeTakeFirstOrThrow();
    return { contributor: toContributor(row), created: true };
  });
}

/** Opens a session: 30 days with rememberMe, else 1 day. Undefined for an unknown contributor. */
export async function createOwnerSession(
  db: Db,
  websiteId: string,
  contributorId: string,
  options: { rememberMe: boolean },
): Promise<{ token: string; xsrfToken: string } | undefined> {
  const token = randomBytes(32).toString('base64url');
  const xsrfToken = randomBytes(24).toString('base64url');
  const lifetime = options.rememberMe ? REMEMBER_ME_SESSION_LIFETIME : SESSION_LIFETIME;
  // Inserting from the contributor row proves the contributor belongs to this website.
  const created = await db
    .insertInto('ownerSessions')
    .columns(['websiteId', 'tokenHash', 'contributorId', 'xsrfToken', 'rememberMe', 'expiresOn'])
    .expression((eb) =>
      eb
        .selectFrom('contributors')
        .select([
          'contributors.websiteId',
          eb.cast<string>(eb.val(sha256(token)), 'text').as('tokenHash'),
          'contributors.id',
          eb.cast<string>(eb.val(xsrfToken), 'text').as('xsrfToken'),
          eb.cast<boolean>(eb.val(options.rememberMe), 'boolean').as('rememberMe'),
          sql<Date>`now() + cast(${lifetime} as interval)`.as('expiresOn'),
        ])
        .where('contributors.websiteId', '=', websiteId)
        .where('contributors.id', '=', contributorId),
    )
    .returning('expiresOn')
    .executeTakeFirst();
  return created ? { token, xsrfToken } : undefined;
}

/** The live session a cookie's token opens, with its contributor as they are now. */
export async function findOwnerSession(db: Db, websiteId: string, token: string): Promise<OwnerSession | undefined> {
  const row = await db
    .selectFrom('ownerSessions as session')
    .innerJoin('contributors as contributor', (join) =>
      join
        .onRef('contributor.websiteId', '=', 'session.websiteId')
        .onRef('contributor.id', '=', 'session.contributorId'),
    )
    .select([
      'session.xsrfToken',
      'session.rememberMe',
      'session.expiresOn',
      'contributor.id',
      'contributor.websiteId',
      'contributor.email',
      'contributor.displayName',
      'contributor.role',
      'contributor.passwordHash',
      'contributor.createdOn',
    ])
    .where('session.websiteId', '=', websiteId)
    .where('session.tokenHash', '=', sha256(token))
    .where('session.expiresOn', '>', sql<Date>`now()`)
    .executeTakeFirst();
  if (!row) return undefined;
  const { xsrfToken, rememberMe, expiresOn, ...contributor } = row;
  return { contributor: toContributor(contributor), xsrfToken, rememberMe, expiresOn };
}

export async function deleteOwnerSession(db: Db, websiteId: string, token: string): Promise<boolean> {
  const deleted = await db
    .deleteFrom('ownerSessions')
    .where('websiteId', '=', websiteId)
    .where('tokenHash', '=', sha256(token))
    .returning('tokenHash')
    .executeTakeFirst();
  return deleted !== undefined;
}

export async function deleteOwnerSessionsOf(db: Db, websiteId: string, contributorId: string): Promise<void> {
  await db
    .deleteFrom('ownerSessions')
    .where('websiteId', '=', websiteId)
    .where('contributorId', '=', contributorId)
    .execute();
}

async function otherAdmins(db: Db, websiteId: string, contributorId: string): Promise<number> {
  const row = await db
    .selectFrom('contributors')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('websiteId', '=', websiteId)
    .where('role', '=', ROLES.admin)
    .where('passwordHash', 'is not', null)
    .where('id', '<>', contributorId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export type ContributorChange =
  | { ok: true; contributor: Contributor }
  | { ok: false; reason: 'not-found' | 'last-admin' };

/**
 * Gives a contributor another role. The website's last administrator who
 * can sign in keeps the role, so a site is never left without one. The
 * contributor row is locked while the admins are counted, so two admins
 * demoting each other at once cannot both succeed.
 */
export async function changeRole(db: Db, websiteId: string, id: string, role: number): Promise<ContributorChange> {
  return inTransaction(db, async (trx) => {
    await trx
      .selectFrom('contributors')
      .select('id')
      .where('websiteId', '=', websiteId)
      .where('role', '=', ROLES.admin)
      .forUpdate()
      .execute();
    const current = await getContributor(trx, websiteId, id);
    if (!current) return { ok: false, reason: 'not-found' };
    if (current.role === ROLES.admin && role !== ROLES.admin && (await otherAdmins(trx, websiteId, id)) === 0) {
      return { ok: false, reason: 'last-admin' };
    }
    const row = await trx
      .updateTable('contributors')
      .set({ role })
      .where('websiteId', '=', websiteId)
      .where('id', '=', id)
      .returning(contributorColumns)
      .executeTakeFirstOrThrow();
    return { ok: true, contributor: toContributor(row) };
  });
}

/**
 * Removes a contributor's access. One who wrote items stays as their byline
 * with no role ('none', 14) and no password; anyone else is deleted. Their
 * sessions end either way.
 */
export async function removeContributor(
  db: Db,
  websiteId: string,
  id: string,
): Promise<{ ok: true; keptAsAuthor: boolean } | { ok: false; reason: 'not-found' | 'last-admin' }> {
  return inTransaction(db, async (trx) => {
    await trx
      .selectFrom('contributors')
      .select('id')
      .where('websiteId', '=', websiteId)
      .where('role', '=', ROLES.admin)
      .forUpdate()
      .execute();
    const current = await getContributor(trx, websiteId, id);
    if (!current) return { ok: false, reason: 'not-found' };
    if (current.role === ROLES.admin && (await otherAdmins(trx, websiteId, id)) === 0) {
      return { ok: false, reason: 'last-admin' };
    }
    await deleteOwnerSessionsOf(trx, websiteId, id);
    const authored = await trx
      .selectFrom('items')
      .select('id')
      .where('websiteId', '=', websiteId)
      .where('authorId', '=', id)
      .limit(1)
      .executeTakeFirst();
    if (authored) {
      await trx
        .updateTable('contributors')
        .set({ role: ROLES.none, passwordHash: null })
        .where('websiteId', '=', websiteId)
        .where('id', '=', id)
        .execute();
      return { ok: true, keptAsAuthor: true };
    }
    await trx.deleteFrom('contributors').where('websiteId', '=', websiteId).where('id', '=', id).execute();
    return { ok: true, keptAsAuthor: false };
  });
}
