/**
 * `npm run owner -- site-password set|clear`: set locks every page of the
 * site behind the lock screen (103) until the password unlocks it; clear
 * opens it again; mistakes are usage errors that change nothing. Runs the
 * command on the demo app's own database.
 */
import t from 'tap';
import { DEMO_WEBSITE_ID } from '../../api/seed/demo-ids.ts';
import { runSitePasswordCommand } from '../../bin/site-password-command.ts';
import { Visitor } from '../api-http/api-helpers.ts';
import { openDemoApp } from '../site/demo-app.ts';

const { app, handle } = await openDemoApp(t);

async function sitePassword(...argv: string[]) {
  let out = '';
  let err = '';
  const code = await runSitePasswordCommand(handle.db, argv, {
    out: (text) => {
      out += text;
    },
    err: (text) => {
      err += text;
    },
  });
  return { code, out, err };
}

const passwordHash = async () =>
  (
    await handle.db
      .selectFrom('websiteSettings')
      .select('sitePasswordHash')
      .where('websiteId', '=', DEMO_WEBSITE_ID)
      .executeTakeFirstOrThrow()
  ).sitePasswordHash;

async function unlock(visitor: Visitor, password: string) {
  await visitor.request('GET', '/');
  const body = new URLSearchParams({ crumb: visitor.cookies.get('crumb') ?? '', 'sb-unlock': '1', password });
  return visitor.request('POST', '/', body.toString(), { 'content-type': 'application/x-www-form-urlencoded' });
}

t.test('set locks the site with that password; clear opens it', async (t) => {
  t.equal((await new Visitor(app).request('GET', '/')).statusCode, 200, 'open before');

  const set = await sitePassword('set', 'morning roast', '--site', 'localhost');
  t.equal(set.code, 0, set.err);
  t.match(set.out, /^Fernwood Coffee & Home is locked/);
  t.notMatch(set.out + set.err, 'morning roast', 'the password is never printed');
  t.match(await passwordHash(), /^scrypt\$|^\$scrypt|\S{20,}/, 'kept as a hash');
  t.not(await passwordHash(), 'morning roast');

  const visitor = new Visitor(app);
  t.equal((await visitor.request('GET', '/shop')).statusCode, 401, 'every page is the lock screen');
  t.equal((await unlock(visitor, 'wrong')).headers.location, '/?unlock=failed');
  t.equal((await unlock(visitor, 'morning roast')).headers.location, '/', 'the password set unlocks it');
  t.equal((await visitor.request('GET', '/shop')).statusCode, 200);

  const cleared = await sitePassword('clear');
  t.equal(cleared.code, 0, 'the only website needs no --site');
  t.match(cleared.out, 'is open again');
  t.equal(await passwordHash(), null);
  t.equal((await new Visitor(app).request('GET', '/shop')).statusCode, 200, 'open to everyone again');
  t.match((await sitePassword('clear')).out, 'had no password');
});

t.test('mistakes are usage errors and change nothing', async (t) => {
  for (const [argv, message] of [
    [[], 'site-password needs set or clear'],
    [['open'], 'unknown site-password command open'],
    [['set'], 'set needs the password'],
    [['set', ''], 'set needs the password'],
    [['set', 'two', 'words'], 'set takes one password'],
    [['set', 'x'.repeat(257)], 'at most 256 characters'],
    [['clear', 'extra'], 'clear takes no password'],
    [['set', 'pw', '--site', 'nowhere.test'], 'no website answers on nowhere.test'],
    [['set', 'pw', '--bogus'], "Unknown option '--bogus'"],
  ] as const) {
    const answer = await sitePassword(...argv);
    t.equal(answer.code, 2, argv.join(' ').slice(0, 40));
    t.match(answer.err, message);
    t.match(answer.err, 'usage: npm run owner -- site-password set');
  }
  t.equal(await passwordHash(), null, 'still open');
});
