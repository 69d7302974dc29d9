/**
 * `npm run owner -- api-key …`: a key created by the command is printed once
 * and opens the owner's restock calls; list shows it without the key; revoke
 * shuts it out. `create-admin` makes an administrator who can sign in at
 * /config, refusing a short password. Runs the command on the demo app's own
 * database.
 */
import t from 'tap';
import { DEMO_WEBSITE_ID } from '../../api/seed/demo-ids.ts';
import { runOwnerCommand } from '../../bin/owner-command.ts';
import { HOST } from '../api-http/api-helpers.ts';
import { OwnerClient } from '../api-http/owner-helpers.ts';
import { openDemoApp } from '../site/demo-app.ts';

const { app, handle } = await openDemoApp(t);

async function owner(...argv: string[]) {
  let out = '';
  let err = '';
  const code = await runOwnerCommand(handle.db, argv, {
    out: (text) => {
      out += text;
    },
    err: (text) => {
      err += text;
    },
  });
  return { code, out, err };
}

const groups = (key: string) =>
  app.inject({
    method: 'GET',
    url: '/api/site-users/account/notifications/restock/groups',
    headers: { host: HOST, authorization: `Bearer ${key}` },
  });

t.test('create prints the key once; list shows it; revoke shuts it out', async (t) => {
  const created = await owner('api-key', 'create', '--site', 'localhost', '--name', 'Stock sync');
  t.equal(created.code, 0, created.err);
  const key = /^(sbk_\S+)$/m.exec(created.out)?.[1];
  const id = /created API key (\S+) "Stock sync"/.exec(created.out)?.[1];
  t.ok(key, 'the clear key is printed');
  t.ok(id);
  t.equal((await groups(key!)).statusCode, 200, 'the key opens the owner calls');

  const byId = await owner('api-key', 'create', '--site', DEMO_WEBSITE_ID);
  t.equal(byId.code, 0, 'a website id names the site too');
  t.match(byId.out, '"CLI key"');

  const listed = await owner('api-key', 'list', '--site', 'localhost');
  t.equal(listed.code, 0);
  t.match(
    listed.out,
    new RegExp(`^${id}  sbk_\\S{6}…  Stock sync  created \\d{4}-\\d\\d-\\d\\d  last used \\d{4}-`, 'm'),
  );
  t.notMatch(listed.out, key!, 'list never shows a key');
  t.equal(listed.out.trim().split('\n').length, 2);

  const revoked = await owner('api-key', 'revoke', id!);
  t.equal(revoked.code, 0, revoked.err);
  t.equal((await groups(key!)).statusCode, 401, 'a revoked key is refused');
  t.match((await owner('api-key', 'list', '--site', 'localhost')).out, new RegExp(`^${id} .* revoked \\d{4}-`, 'm'));
  const twice = await owner('api-key', 'revoke', id!);
  t.equal(twice.code, 1);
  t.match(twice.err, 'revoked already');
  t.equal((await owner('api-key', 'revoke', 'no-such-key')).code, 1);
});

t.test('usage mistakes exit 2 with the usage', async (t) => {
  for (const argv of [
    [],
    ['api-key'],
    ['api-key', 'rotate'],
    ['keys', 'create'],
    ['api-key', 'create'],
    ['api-key', 'create', '--site', 'nowhere.example'],
    ['api-key', 'create', '--site'],
    ['api-key', 'create', '--site', 'localhost', '--colour', 'red'],
    ['api-key', 'list'],
    ['api-key', 'revoke'],
    ['api-key', 'create', '--site', 'localhost', '--scopes', 'contributors:write'],
    ['create-admin', '--email', 'first@example.com', '--password', 'short'],
    ['create-admin', '--email', 'not an email', '--password', 'long enough password'],
    ['create-admin', '--password', 'long enough password'],
  ]) {
    const result = await owner(...argv);
    t.equal(result.code, 2, argv.join(' '));
    t.match(result.err, 'usage: npm run owner -- api-key create');
    t.equal(result.out, '');
  }
});

t.test('create-admin makes an administrator who signs in; a short password is refused', async (t) => {
  const short = await owner('create-admin', '--email', 'first.admin@example.com', '--password', 'short');
  t.equal(short.code, 2);
  t.match(short.err, 'Passwords must be 8 to 256 characters long.');
  const created = await owner('create-admin', '--email', 'first.admin@example.com', '--password', 'first admin pass');
  t.equal(created.code, 0, created.err);
  t.match(created.out, 'created administrator first.admin@example.com');
  const signIn = await new OwnerClient(app).ownerSignIn('first.admin@example.com', 'first admin pass');
  t.equal(signIn.statusCode, 200, signIn.body);
  const again = await owner('create-admin', '--email', 'First.Admin@example.com', '--password', 'another admin pass');
  t.match(again.out, 'updated administrator', 'the same email in other letters is the same contributor');
  t.equal((await new OwnerClient(app).ownerSignIn('first.admin@example.com', 'first admin pass')).statusCode, 401);
  t.equal((await new OwnerClient(app).ownerSignIn('first.admin@example.com', 'another admin pass')).statusCode, 200);
});
