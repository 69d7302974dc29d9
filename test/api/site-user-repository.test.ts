import crypto from 'node:crypto';
import { syncBuiltinESMExports } from 'node:module';
import { sql } from 'kysely';
import t from 'tap';
import { dummyHash } from '../../api/repositories/password-hash.ts';
import {
  createSession,
  createSiteUser,
  deleteSession,
  findSession,
  getSiteUser,
  hashPassword,
  verifyCredentials,
  verifyPassword,
} from '../../api/repositories/site-user-repository.ts';
import { buildWebsite } from './helpers/build-site.ts';
import { openTestDatabase } from './helpers/test-database.ts';

const { db } = await openTestDatabase(t);

t.test('passwords are stored as self-describing salted scrypt hashes', async (t) => {
  const hash = await hashPassword('s3cret pass');
  t.match(hash, /^scrypt\$16384\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{86}$/);
  t.not(await hashPassword('s3cret pass'), hash, 'a fresh salt every time');
  t.equal(await verifyPassword('s3cret pass', hash), true);
  t.equal(await verifyPassword('s3cret pasS', hash), false);
  t.equal(await verifyPassword('s3cret pass', 'plain-text'), false, 'an unknown format never matches');
  t.equal(await verifyPassword('s3cret pass', 'scrypt$x$8$1$aa$bb'), false);
});

t.test('createSiteUser and verifyCredentials', async (t) => {
  const { websiteId } = await buildWebsite(db);
  const created = await createSiteUser(db, websiteId, {
    email: 'Ann@Example.test',
    password: 'correct horse',
    displayName: 'Ann',
  });
  if (!created.ok) throw new Error('not created');
  t.notOk('passwordHash' in created.user, 'the hash is never handed out');
  const stored = await db
    .selectFrom('siteUsers')
    .select('passwordHash')
    .where('id', '=', created.user.id)
    .executeTakeFirstOrThrow();
  t.notMatch(stored.passwordHash, /correct horse/);
  t.same(
    await createSiteUser(db, websiteId, { email: 'ann@example.TEST', password: 'x' }),
    { ok: false, reason: 'email-taken' },
    'emails are unique whatever their case',
  );
  const other = await buildWebsite(db);
  t.match(
    await createSiteUser(db, other.websiteId, { email: 'ann@example.test', password: 'x' }),
    { ok: true },
    'per website',
  );

  t.equal((await verifyCredentials(db, websiteId, 'ANN@example.test', 'correct horse'))?.id, created.user.id);
  t.equal(await verifyCredentials(db, websiteId, 'ann@example.test', 'wrong horse'), undefined);
  t.equal(await verifyCredentials(db, websiteId, 'nobody@example.test', 'correct horse'), undefined);
  t.equal(await verifyCredentials(db, other.websiteId, 'ann@example.test', 'correct horse'), undefined);
  t.equal((await getSiteUser(db, websiteId, created.user.id))?.displayName, 'Ann');
});

t.test('sessions: token shown once, stored hashed, expire', async (t) => {
  const { websiteId } = await buildWebsite(db);
  const created = await createSiteUser(db, websiteId, { email: 'bob@example.test', password: 'pw' });
  if (!created.ok) throw new Error('not created');
  const userId = created.user.id;

  const short = await createSession(db, websiteId, userId, { rememberMe: false });
  const long = await createSession(db, websiteId, userId, { rememberMe: true });
  if (!short || !long) throw new Error('no session');
  const hours = (date: Date) => (date.getTime() - Date.now()) / 3_600_000;
  t.ok(Math.abs(hours(short.expiresOn) - 24) < 0.1, 'one day without rememberMe');
  t.ok(Math.abs(hours(long.expiresOn) - 24 * 30) < 0.1, '30 days with rememberMe');
  t.not(short.token, long.token);
  t.ok(short.xsrfToken.length >= 32);

  const rows = await db.selectFrom('siteUserSessions').select('tokenHash').where('websiteId', '=', websiteId).execute();
  t.notOk(
    rows.some((row) => row.tokenHash.includes(short.token)),
    'the clear token is not stored',
  );
  t.match(rows[0]?.tokenHash, /^[0-9a-f]{64}$/);

  const found = await findSession(db, websiteId, short.token);
  t.equal(found?.siteUserId, userId);
  t.equal(found?.xsrfToken, short.xsrfToken);
  t.equal(found?.user.email, 'bob@example.test');
  t.notOk(found && 'passwordHash' in found.user);
  t.equal(await findSession(db, websiteId, 'made-up'), undefined);
  const other = await buildWebsite(db);
  t.equal(await findSession(db, other.websiteId, short.token), undefined, 'a token is only good on its website');

  await db
    .updateTable('siteUserSessions')
    .set({ expiresOn: sql`now() - interval '1 second'` })
    .where('websiteId', '=', websiteId)
    .execute();
  t.equal(await findSession(db, websiteId, short.token), undefined, 'expired');

  const fresh = await createSession(db, websiteId, userId, { rememberMe: false });
  t.equal(await deleteSession(db, websiteId, fresh!.token), true);
  t.equal(await findSession(db, websiteId, fresh!.token), undefined, 'logged out');
  t.equal(await deleteSession(db, websiteId, fresh!.token), false);
  t.equal(await createSession(db, websiteId, 'missing', { rememberMe: false }), undefined);
  t.equal(await createSession(db, other.websiteId, userId, { rememberMe: false }), undefined, 'user of another site');
});

t.test('an unknown email takes as long to refuse as a wrong password: one scrypt check either way', async (t) => {
  // Counted rather than timed: a timing taken on a busy machine says more about the machine than the code.
  // Node's builtin modules re-export a patched function to importers once synced.
  const realScrypt = crypto.scrypt;
  const costs: number[] = [];
  const counting = (...args: Parameters<typeof crypto.scrypt>) => {
    costs.push((args[3] as crypto.ScryptOptions).N ?? 0);
    return (realScrypt as (...a: unknown[]) => void)(...args);
  };
  crypto.scrypt = counting as typeof crypto.scrypt;
  syncBuiltinESMExports();
  t.teardown(() => {
    crypto.scrypt = realScrypt;
    syncBuiltinESMExports();
  });
  const { websiteId } = await buildWebsite(db);
  await createSiteUser(db, websiteId, { email: 'timed@example.test', password: 'the password' });
  await dummyHash();
  costs.length = 0;
  t.equal(await verifyCredentials(db, websiteId, 'timed@example.test', 'wrong password'), undefined);
  t.same(costs, [16384], 'a known email: its own hash checked once');
  t.equal(await verifyCredentials(db, websiteId, 'nobody@example.test', 'wrong password'), undefined);
  t.same(costs, [16384, 16384], 'an unknown email: a stand-in hash of the same cost checked once');
});
