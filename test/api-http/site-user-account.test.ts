/**
 * A site user's account through inject(): sign-up, the profile, the
 * password change and the language (POST /api/site-users/account/locale,
 * refused for a custom code), the X-SiteUser-XSRF-Token every signed-in
 * write needs, and the info cookie: one that is tampered with or cannot be
 * read means signed out, and the unreadable one is logged with the spec's
 * words.
 */
import t from 'tap';
import { SITE_USER_INFO_COOKIE, SITE_USER_SESSION_COOKIE } from '../../api/cookie-names.ts';
import { listOutbox } from '../../api/mail/index.ts';
import { DEMO_WEBSITE_ID } from '../../api/seed/demo-ids.ts';
import { openDemoApp } from '../site/demo-app.ts';
import { ENTRIES_PATH, productId } from './api-helpers.ts';
import { ACCOUNT_PATH, Member, newEmail, SESSION_PATH, setCookie, XSRF_HEADER } from './site-user-helpers.ts';

const { app, handle, warnings } = await openDemoApp(t, {
  server: { limits: { 'sign-up': { max: 3, windowMs: 60_000 } } },
});
const db = handle.db;
const PASSWORD = 'correct horse battery';
const MUG = productId('stoneware-mug');

async function signedUp(): Promise<{ email: string; member: Member }> {
  const email = newEmail();
  const member = new Member(app);
  const response = await member.signUp({ email, password: PASSWORD, name: 'Pat' });
  if (response.statusCode !== 201) throw new Error(response.body);
  return { email, member };
}

t.test('sign-up makes the account, signs in and mails a verification link', async (t) => {
  const email = newEmail('Sam');
  const member = new Member(app);
  const response = await member.signUp({ email: `  ${email} `, password: PASSWORD, name: '  Sam Shopper ' });
  t.equal(response.statusCode, 201, response.body);
  const { xsrfToken, siteUserId } = response.json();
  t.type(xsrfToken, 'string');
  t.ok(setCookie(response, SITE_USER_SESSION_COOKIE)?.httpOnly, 'signed in');
  t.same(JSON.parse(member.cookies.get(SITE_USER_INFO_COOKIE)!), { authenticated: true, siteUserId });
  const account = await member.request('GET', ACCOUNT_PATH);
  t.same(account.json(), { siteUserId, email, name: 'Sam Shopper', locale: null, emailVerified: false });
  const stored = await db
    .selectFrom('siteUsers')
    .select('passwordHash')
    .where('id', '=', siteUserId)
    .executeTakeFirstOrThrow();
  t.match(stored.passwordHash, /^scrypt\$/, 'the password is stored as a hash');
  const mail = (await listOutbox(db, { websiteId: DEMO_WEBSITE_ID })).find((entry) => entry.to === email);
  t.equal(mail?.kind, 'email-verification');
  t.match(mail?.text, /http:\/\/localhost\/account\/verify-email\?token=[A-Za-z0-9_-]{43}/);
  t.notMatch(mail?.text, PASSWORD, 'the mail does not repeat the password');
  t.notOk(JSON.stringify(warnings).includes(PASSWORD), 'nor does the log');
});

t.test('sign-up refuses a taken email (any letter case) and bad input, field by field', async (t) => {
  const { email } = await signedUp();
  const taken = await new Member(app).signUp({ email: email.toUpperCase(), password: PASSWORD });
  t.equal(taken.statusCode, 409);
  t.equal(taken.json().error.code, 'account-email-taken');
  t.ok(taken.json().error.fields.email);

  const bad = await new Member(app).signUp({ email: 'nope', password: 'short', name: '   ' });
  t.equal(bad.statusCode, 400);
  t.equal(bad.json().error.code, 'account-input-invalid');
  t.same(bad.json().error.fields, {
    email: 'Please enter a valid email',
    password: 'Passwords must be 8 to 256 characters long.',
    name: 'Please enter your name.',
  });
  const long = await new Member(app).signUp({ email: newEmail(), password: 'p'.repeat(257), name: 'n'.repeat(101) });
  t.same(Object.keys(long.json().error.fields).sort(), ['name', 'password']);
  const wrongType = await new Member(app).request('POST', ACCOUNT_PATH, { email: newEmail(), password: 12345678 });
  t.equal(wrongType.statusCode, 400);
  t.equal(wrongType.json().error.code, 'invalid-body');
  t.ok(wrongType.json().error.fields.password);
  t.ok(wrongType.json().error.fields.name, 'name is required');
});

t.test('sign-ups from one address are limited', async (t) => {
  const member = new Member(app);
  const statuses: number[] = [];
  for (let i = 0; i < 4; i++) {
    member.cookies.delete(SITE_USER_SESSION_COOKIE);
    member.cookies.delete(SITE_USER_INFO_COOKIE);
    member.xsrfToken = undefined;
    statuses.push((await member.signUp({ email: newEmail(), password: PASSWORD })).statusCode);
  }
  t.same(statuses, [201, 201, 201, 429]);
});

t.test('account calls answer 401 to a visitor', async (t) => {
  const visitor = new Member(app);
  for (const [method, path, body] of [
    ['GET', ACCOUNT_PATH, undefined],
    ['PUT', `${ACCOUNT_PATH}/profile`, { name: 'X' }],
    ['PUT', `${ACCOUNT_PATH}/password`, { currentPassword: PASSWORD, newPassword: 'another password' }],
    ['POST', `${ACCOUNT_PATH}/locale`, { language: 'fr' }],
    ['POST', `${ACCOUNT_PATH}/email-verification/send`, undefined],
  ] as const) {
    const response = await visitor.request(method, path, body);
    t.equal(response.statusCode, 401, `${method} ${path}`);
    t.same(response.json().error, { code: 'not-signed-in', message: 'Please sign in to continue.' });
  }
});

t.test('signed-in writes need the XSRF token header', async (t) => {
  const { member } = await signedUp();
  const token = member.xsrfToken!;
  member.xsrfToken = undefined;
  const missing = await member.request('PUT', `${ACCOUNT_PATH}/profile`, { name: 'Mallory' });
  t.equal(missing.statusCode, 403);
  t.equal(missing.json().error.code, 'site-user-xsrf-missing');
  t.match(missing.json().error.message, /X-SiteUser-XSRF-Token/);
  const wrong = await member.request(
    'PUT',
    `${ACCOUNT_PATH}/profile`,
    { name: 'Mallory' },
    { [XSRF_HEADER]: 'x'.repeat(32) },
  );
  t.equal(wrong.statusCode, 403);
  t.equal(wrong.json().error.code, 'site-user-xsrf-refused');
  t.equal((await member.request('GET', ACCOUNT_PATH)).json().name, 'Pat', 'nothing changed');

  const cartWrite = await member.add({ itemId: MUG, sku: 'FW-MUG-OAT' });
  t.equal(cartWrite.statusCode, 403, 'cart writes too');
  t.equal(cartWrite.json().error.code, 'site-user-xsrf-missing');
  const reads = await member.request('GET', ACCOUNT_PATH);
  t.equal(reads.statusCode, 200, 'reads need none');

  member.xsrfToken = token;
  t.equal((await member.add({ itemId: MUG, sku: 'FW-MUG-OAT' })).statusCode, 200, 'with it, the write goes through');
  const noCrumb = await member.request(
    'POST',
    ENTRIES_PATH,
    { itemId: MUG, sku: 'FW-MUG-OAT' },
    { 'x-csrf-token': '' },
  );
  t.equal(noCrumb.json().error.code, 'crumb-failed', 'the token does not replace the crumb');

  // Another session's token does not do.
  const other = await signedUp();
  const crossed = await member.request(
    'PUT',
    `${ACCOUNT_PATH}/profile`,
    { name: 'X' },
    { [XSRF_HEADER]: other.member.xsrfToken! },
  );
  t.equal(crossed.json().error.code, 'site-user-xsrf-refused');
});

t.test('an unreadable info cookie is logged and means signed out', async (t) => {
  const { member } = await signedUp();
  const before = warnings.length;
  member.cookies.set(SITE_USER_INFO_COOKIE, '%7Bnot-json');
  const response = await member.request('GET', ACCOUNT_PATH);
  t.equal(response.statusCode, 401);
  const logged = warnings.slice(before).filter((line) => line.msg === 'Could not parse user info cookie value');
  t.equal(logged.length, 1, 'logged once, in the spec’s words');
  // Signed out: a write asks no XSRF header and account calls refuse.
  member.xsrfToken = undefined;
  const write = await member.request('PUT', `${ACCOUNT_PATH}/profile`, { name: 'Eve' });
  t.equal(write.statusCode, 401);
  for (const value of ['[]', '{"authenticated":"yes"}', 'null', '']) {
    member.cookies.set(SITE_USER_INFO_COOKIE, encodeURIComponent(value));
    const count = warnings.length;
    t.equal((await member.request('GET', ACCOUNT_PATH)).statusCode, 401, value);
    t.equal(warnings.length, count + 1, `${JSON.stringify(value)} is logged`);
  }
});

t.test('an info cookie that disagrees with the session means signed out', async (t) => {
  const { member } = await signedUp();
  const other = await signedUp();
  const info = JSON.parse(member.cookies.get(SITE_USER_INFO_COOKIE)!);
  const otherId = JSON.parse(other.member.cookies.get(SITE_USER_INFO_COOKIE)!).siteUserId;
  const cases = [
    { authenticated: true, siteUserId: otherId },
    { authenticated: false, siteUserId: info.siteUserId },
    { authenticated: true },
  ];
  for (const tampered of cases) {
    member.cookies.set(SITE_USER_INFO_COOKIE, encodeURIComponent(JSON.stringify(tampered)));
    t.equal((await member.request('GET', ACCOUNT_PATH)).statusCode, 401, JSON.stringify(tampered));
  }
  member.cookies.delete(SITE_USER_INFO_COOKIE);
  t.equal((await member.request('GET', ACCOUNT_PATH)).statusCode, 401, 'no info cookie');
  member.cookies.set(SITE_USER_INFO_COOKIE, encodeURIComponent(JSON.stringify(info)));
  t.equal((await member.request('GET', ACCOUNT_PATH)).statusCode, 200, 'the true one signs in again');
  // The session cookie of one user under the info cookie of another never opens the other's account.
  const swapped = new Member(app);
  swapped.cookies.set(SITE_USER_SESSION_COOKIE, member.cookies.get(SITE_USER_SESSION_COOKIE)!);
  swapped.cookies.set(
    SITE_USER_INFO_COOKIE,
    encodeURIComponent(JSON.stringify({ authenticated: true, siteUserId: otherId })),
  );
  t.equal((await swapped.request('GET', ACCOUNT_PATH)).statusCode, 401);
});

t.test('the profile name changes', async (t) => {
  const { member } = await signedUp();
  const response = await member.request('PUT', `${ACCOUNT_PATH}/profile`, { name: '  Robin  ' });
  t.equal(response.statusCode, 200, response.body);
  t.equal(response.json().name, 'Robin');
  t.equal((await member.request('GET', ACCOUNT_PATH)).json().name, 'Robin');
  const blank = await member.request('PUT', `${ACCOUNT_PATH}/profile`, { name: ' ' });
  t.equal(blank.statusCode, 400);
  t.same(blank.json().error.fields, { name: 'Please enter your name.' });
  const missing = await member.request('PUT', `${ACCOUNT_PATH}/profile`, {});
  t.equal(missing.json().error.code, 'invalid-body');
});

t.test('the password changes with the current one, and other sessions end', async (t) => {
  const { email, member } = await signedUp();
  const laptop = new Member(app);
  await laptop.signIn(email, PASSWORD);
  const wrong = await member.request('PUT', `${ACCOUNT_PATH}/password`, {
    currentPassword: 'not it at all',
    newPassword: 'a new passphrase',
  });
  t.equal(wrong.statusCode, 400);
  t.equal(wrong.json().error.code, 'current-password-incorrect');
  t.same(wrong.json().error.fields, { currentPassword: 'The current password is not correct.' });
  const short = await member.request('PUT', `${ACCOUNT_PATH}/password`, {
    currentPassword: PASSWORD,
    newPassword: 'short',
  });
  t.same(short.json().error.fields, { newPassword: 'Passwords must be 8 to 256 characters long.' });

  const changed = await member.request('PUT', `${ACCOUNT_PATH}/password`, {
    currentPassword: PASSWORD,
    newPassword: 'a new passphrase',
  });
  t.equal(changed.statusCode, 200, changed.body);
  t.equal((await member.request('GET', ACCOUNT_PATH)).statusCode, 200, 'this session goes on');
  t.equal((await laptop.request('GET', ACCOUNT_PATH)).statusCode, 401, 'the other one ended');
  t.equal((await new Member(app).signIn(email, PASSWORD)).statusCode, 401, 'the old password is gone');
  t.equal((await new Member(app).signIn(email, 'a new passphrase')).statusCode, 200);
});

t.test('the language: a standard code is kept, a custom code refused', async (t) => {
  const { member } = await signedUp();
  const path = `${ACCOUNT_PATH}/locale`;
  const saved = await member.request('POST', path, { language: 'fr-ca' });
  t.equal(saved.statusCode, 200, saved.body);
  t.same(saved.json(), { language: 'fr-CA' });
  t.equal((await member.request('GET', ACCOUNT_PATH)).json().locale, 'fr-CA');
  for (const custom of ['x-pirate', 'en-x-brand', 'qaa', 'zz']) {
    const response = await member.request('POST', path, { language: custom });
    t.equal(response.statusCode, 400, custom);
    t.equal(response.json().error.code, 'language-custom');
    t.same(response.json().error.fields, { language: 'A custom language code cannot be saved as your language.' });
  }
  for (const invalid of ['', 'f', 'fr_CA', 'fr-CA!', 'a'.repeat(40)]) {
    const response = await member.request('POST', path, { language: invalid });
    t.equal(response.json().error.code, 'language-invalid', JSON.stringify(invalid));
  }
  const missing = await member.request('POST', path, { lang: 'fr' });
  t.equal(missing.json().error.code, 'invalid-body');
  t.equal((await member.request('GET', ACCOUNT_PATH)).json().locale, 'fr-CA', 'refusals change nothing');
  const noXsrf = await member.request('POST', path, { language: 'de' }, { [XSRF_HEADER]: '' });
  t.equal(noXsrf.json().error.code, 'site-user-xsrf-missing');
});

t.test('signing in again replaces the session a cookie named', async (t) => {
  const { email, member } = await signedUp();
  const first = member.cookies.get(SITE_USER_SESSION_COOKIE)!;
  const again = await member.request('POST', SESSION_PATH, { email, password: PASSWORD });
  t.equal(again.statusCode, 200, 'no XSRF header asked to sign in');
  t.not(member.cookies.get(SITE_USER_SESSION_COOKIE), first, 'a new token');
  const replay = new Member(app);
  replay.cookies.set(SITE_USER_SESSION_COOKIE, first);
  replay.cookies.set(SITE_USER_INFO_COOKIE, member.cookies.get(SITE_USER_INFO_COOKIE)!);
  t.equal((await replay.request('GET', ACCOUNT_PATH)).statusCode, 401, 'the old one is gone');
});
