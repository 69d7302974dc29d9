/**
 * Owner sign-in and the checks on an owner's requests: the demo accounts
 * sign in with the spec's { xsrfToken } answer and a cookie of their own,
 * a wrong password and the lockouts are those of site users, a tampered
 * cookie opens nothing, writes need the crumb and the owner XSRF token, and
 * site-user and owner sessions never open each other. API keys: scopes,
 * revoked and wrong keys.
 */
import t from 'tap';
import { OWNER_SESSION_COOKIE, SITE_USER_SESSION_COOKIE } from '../../api/cookie-names.ts';
import { DEMO_MEMBER } from '../../api/seed/demo-member.ts';
import { DEMO_OWNERS } from '../../api/seed/demo-owners.ts';
import { CONTRIBUTOR_ROLES_COOKIE } from '../../shared/analytics-rules.ts';
import { openDemoApp } from '../site/demo-app.ts';
import { HOST, Visitor } from './api-helpers.ts';
import { OWNER_SESSION_PATH, OwnerClient } from './owner-helpers.ts';
import { setCookie } from './site-user-helpers.ts';

const MINUTE = 60_000;
const { app } = await openDemoApp(t, {
  server: { limits: { 'sign-in-account': { max: 4, windowMs: MINUTE }, 'sign-in': { max: 8, windowMs: MINUTE } } },
});
const HEADER_FOOTER = '/api/site-header-footer';
const { admin, viewer, storeManager, editor } = DEMO_OWNERS;

async function signedIn(owner: { email: string; password: string }): Promise<OwnerClient> {
  const client = new OwnerClient(app);
  const response = await client.ownerSignIn(owner.email, owner.password);
  if (response.statusCode !== 200) throw new Error(response.body);
  return client;
}

// Each account may try 4 sign-ins a minute here: tests share one admin session.
const adminClient = await signedIn(admin);

t.test('the demo accounts sign in: { xsrfToken } and an HttpOnly owner cookie', async (t) => {
  for (const owner of [admin, editor, storeManager, viewer]) {
    const client = new OwnerClient(app);
    const response = await client.ownerSignIn(owner.email.toUpperCase(), owner.password);
    t.equal(response.statusCode, 200, owner.email);
    t.same(Object.keys(response.json()), ['xsrfToken']);
    t.equal(response.headers['cache-control'], 'no-store');
    const cookie = setCookie(response, OWNER_SESSION_COOKIE);
    t.ok(cookie?.httpOnly, 'the session cookie is HttpOnly');
    t.equal(cookie?.sameSite, 'Lax');
    t.equal(cookie?.maxAge, undefined, 'without remember me it ends with the browser session');
    t.notOk(setCookie(response, SITE_USER_SESSION_COOKIE), 'no site-user cookie');
    const roles = setCookie(response, CONTRIBUTOR_ROLES_COOKIE);
    t.equal(roles?.value, String(owner.role), "the site's pages can tell a contributor is looking (analytics)");
    t.notOk(roles?.httpOnly);
    const me = await client.request('GET', OWNER_SESSION_PATH);
    t.equal(me.statusCode, 200);
    t.equal(me.json().contributor.email, owner.email);
    t.equal(me.json().contributor.role, owner.role);
    t.equal(me.json().xsrfToken, client.ownerXsrf, 'the app can find its token again after a reload');
  }
  const remembered = new OwnerClient(app);
  const response = await remembered.ownerSignIn(admin.email, admin.password, true);
  t.equal(setCookie(response, OWNER_SESSION_COOKIE)?.maxAge, 30 * 24 * 60 * 60, 'remember me: 30 days');
});

t.test('a wrong password or unknown email: one message, nothing set', async (t) => {
  const client = new OwnerClient(app);
  const wrong = await client.ownerSignIn(storeManager.email, 'not the password');
  t.equal(wrong.statusCode, 401);
  t.same(wrong.json().error, { code: 'sign-in-failed', message: 'The email or password is incorrect.' });
  t.notOk(setCookie(wrong, OWNER_SESSION_COOKIE));
  const unknown = await client.ownerSignIn('nobody@example.com', 'not the password');
  t.same(unknown.json().error.code, 'sign-in-failed');
  const invalid = await client.ownerSignIn('not an email', '');
  t.equal(invalid.statusCode, 400);
  t.same(invalid.json().error.fields, { email: 'Please enter a valid email', password: 'Please enter your password.' });
});

t.test('a site member cannot sign in as an owner, nor a member session open owner routes', async (t) => {
  const member = new OwnerClient(app);
  t.equal((await member.ownerSignIn(DEMO_MEMBER.email, DEMO_MEMBER.password)).statusCode, 401);
  t.equal((await member.signIn(DEMO_MEMBER.email, DEMO_MEMBER.password)).statusCode, 200);
  t.equal((await member.request('GET', HEADER_FOOTER)).statusCode, 401, 'the site-user session is no owner session');
  const owner = await signedIn(viewer);
  const account = await owner.request('GET', '/api/site-users/account');
  t.equal(account.statusCode, 401, 'the owner session is no site-user session');
});

t.test('too many wrong passwords lock the account for a while, with Retry-After', async (t) => {
  const email = editor.email;
  let last = await new OwnerClient(app).ownerSignIn(email, 'wrong 1');
  for (let attempt = 2; attempt <= 5; attempt++)
    last = await new OwnerClient(app).ownerSignIn(email, `wrong ${attempt}`);
  t.equal(last.statusCode, 429);
  t.equal(last.json().error.code, 'sign-in-rate-limited');
  t.ok(Number(last.headers['retry-after']) > 0);
  const right = await new OwnerClient(app).ownerSignIn(email, editor.password);
  t.equal(right.statusCode, 429, 'even the right password waits');
});

t.test('a tampered or made-up session cookie opens nothing', async (t) => {
  const client = await signedIn(viewer);
  const token = client.cookies.get(OWNER_SESSION_COOKIE)!;
  const last = token.at(-1) === 'A' ? 'B' : 'A';
  client.cookies.set(OWNER_SESSION_COOKIE, `${token.slice(0, -1)}${last}`);
  const tampered = await client.request('GET', HEADER_FOOTER);
  t.equal(tampered.statusCode, 401);
  t.equal(tampered.json().error.code, 'owner-not-signed-in');
  client.cookies.set(OWNER_SESSION_COOKIE, 'garbage');
  t.equal((await client.request('GET', HEADER_FOOTER)).statusCode, 401);
});

t.test('writes need the crumb and the owner XSRF token', async (t) => {
  const client = adminClient;
  const body = { header: '<!-- a -->', footer: '' };
  const noXsrf = await client.request('PUT', HEADER_FOOTER, body, { 'x-owner-xsrf-token': '' });
  t.equal(noXsrf.statusCode, 403);
  t.equal(noXsrf.json().error.code, 'owner-xsrf-missing');
  const wrongXsrf = await client.request('PUT', HEADER_FOOTER, body, { 'x-owner-xsrf-token': 'x'.repeat(32) });
  t.equal(wrongXsrf.json().error.code, 'owner-xsrf-refused');
  const noCrumb = await client.request('PUT', HEADER_FOOTER, body, { 'x-csrf-token': '' });
  t.equal(noCrumb.statusCode, 403);
  t.equal(noCrumb.json().error.code, 'crumb-failed');
  const read = await client.request('GET', HEADER_FOOTER);
  t.same(read.json(), { header: '', footer: '' }, 'no refused write changed anything');
  const done = await client.request('PUT', HEADER_FOOTER, body);
  t.equal(done.statusCode, 200);
  t.same(done.json(), body);
  t.equal((await client.request('PUT', HEADER_FOOTER, { header: '', footer: '' })).statusCode, 200);
});

t.test('signing out ends the session for good', async (t) => {
  const client = await signedIn(storeManager);
  const stolen = client.cookies.get(OWNER_SESSION_COOKIE)!;
  const out = await client.request('DELETE', OWNER_SESSION_PATH);
  t.equal(out.statusCode, 200);
  t.same(out.json(), { signedOut: true });
  t.notOk(client.cookies.has(OWNER_SESSION_COOKIE), 'the cookie is cleared');
  t.notOk(client.cookies.has(CONTRIBUTOR_ROLES_COOKIE), 'and the roles cookie with it');
  client.cookies.set(OWNER_SESSION_COOKIE, stolen);
  t.equal((await client.request('GET', OWNER_SESSION_PATH)).statusCode, 401, 'the old token opens nothing');
});

t.test('API keys act with their scopes only', async (t) => {
  const client = adminClient;
  const created = await client.request('POST', '/api/owner/api-keys', {
    name: 'Header reader',
    scopes: ['code-injection:read'],
  });
  t.equal(created.statusCode, 201);
  const { key, apiKey } = created.json();
  t.match(key, /^sbk_[A-Za-z0-9_-]{43}$/);
  t.same(apiKey.scopes, ['code-injection:read']);
  const call = (method: 'GET' | 'PUT', url: string, bearer: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      headers: { host: HOST, authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
      ...(payload ? { payload: JSON.stringify(payload) } : {}),
    });
  t.equal((await call('GET', HEADER_FOOTER, key)).statusCode, 200, 'its scope: allowed, with no crumb');
  const write = await call('PUT', HEADER_FOOTER, key, { header: 'x', footer: '' });
  t.equal(write.statusCode, 403, 'outside its scope');
  t.equal(write.json().error.code, 'api-key-forbidden');
  t.equal((await call('GET', '/api/owner/contributors', key)).json().error.code, 'api-key-forbidden');
  t.equal((await call('GET', '/api/owner/api-keys', key)).statusCode, 403, 'a key cannot list keys');
  const wrong = await call('GET', HEADER_FOOTER, `${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}`);
  t.equal(wrong.statusCode, 401);
  t.equal(wrong.json().error.code, 'api-key-refused');
  const listed = await client.request('GET', '/api/owner/api-keys');
  t.ok(
    listed
      .json()
      .apiKeys.some((k: { id: string; keyPrefix: string }) => k.id === apiKey.id && key.startsWith(k.keyPrefix)),
  );
  t.notMatch(listed.body, key, 'the key itself is never listed');
  const deleted = await client.request('DELETE', `/api/owner/api-keys/${apiKey.id}`);
  t.equal(deleted.statusCode, 200);
  const revoked = await call('GET', HEADER_FOOTER, key);
  t.equal(revoked.statusCode, 401, 'a deleted key is refused');
  t.equal(revoked.json().error.code, 'api-key-refused');
  t.equal((await client.request('DELETE', `/api/owner/api-keys/${apiKey.id}`)).statusCode, 404, 'deleted once');
  const noScopes = await client.request('POST', '/api/owner/api-keys', { name: 'x', scopes: ['contributors:write'] });
  t.equal(noScopes.statusCode, 400, 'a key cannot be given a scope outside the key scopes');
  const unnamed = await client.request('POST', '/api/owner/api-keys', { name: ' ', scopes: [] });
  t.same(unnamed.json().error.fields, {
    name: 'Please name the key.',
    scopes: 'Please choose at least one permission.',
  });
});

t.test('a visitor without cookies gets the crumb message on the public sign-in', async (t) => {
  const response = await app.inject({
    method: 'POST',
    url: OWNER_SESSION_PATH,
    headers: { host: HOST, 'content-type': 'application/json' },
    payload: JSON.stringify({ email: admin.email, password: admin.password }),
  });
  t.equal(response.statusCode, 403);
  t.equal(response.json().error.code, 'cookies-disabled');
  const visitor = new Visitor(app);
  const noCrumb = await visitor.request(
    'POST',
    OWNER_SESSION_PATH,
    { email: admin.email, password: admin.password },
    {
      'x-csrf-token': '',
    },
  );
  t.equal(noCrumb.json().error.code, 'crumb-failed');
});
