/**
 * The account links mailed to a site user, through inject(): a password
 * reset (the same answer for an unknown address, a link that works once
 * and ends every session) and the email verification (from sign-up, and
 * sent again on request), with their limits and bad input.
 */
import { sql } from 'kysely';
import t from 'tap';
import { listOutbox } from '../../api/mail/index.ts';
import { DEMO_WEBSITE_ID } from '../../api/seed/demo-ids.ts';
import { openDemoApp } from '../site/demo-app.ts';
import { ACCOUNT_PATH, lastLink, Member, newEmail } from './site-user-helpers.ts';

const { app, handle } = await openDemoApp(t, {
  server: { limits: { 'account-mail': { max: 3, windowMs: 60_000 } } },
});
const db = handle.db;
const PASSWORD = 'correct horse battery';
const RESET_PATH = `${ACCOUNT_PATH}/password-reset`;
const VERIFY_PATH = `${ACCOUNT_PATH}/email-verification`;

async function signedUp(): Promise<{ email: string; member: Member }> {
  const email = newEmail();
  const member = new Member(app);
  const response = await member.signUp({ email, password: PASSWORD });
  if (response.statusCode !== 201) throw new Error(response.body);
  return { email, member };
}

async function mailsTo(email: string): Promise<number> {
  return (await listOutbox(db, { websiteId: DEMO_WEBSITE_ID, limit: 1000 })).filter((mail) => mail.to === email).length;
}

t.test('a reset link sets a new password once, and ends every session', async (t) => {
  const { email, member } = await signedUp();
  const asked = await new Member(app).request('POST', RESET_PATH, { email: email.toUpperCase() });
  t.equal(asked.statusCode, 200, asked.body);
  t.same(asked.json(), { sent: true });
  const mail = await lastLink(db, 'password-reset', email);
  t.match(mail?.link, /^http:\/\/localhost\/account\/reset-password\?token=[A-Za-z0-9_-]{43}$/);
  const token = mail!.token;
  const stored = await db.selectFrom('siteUserTokens').select('tokenHash').execute();
  t.notOk(
    stored.some((row) => row.tokenHash === token),
    'only the hash is stored',
  );

  const reset = await new Member(app).request('POST', `${RESET_PATH}/complete`, {
    token,
    password: 'brand new secret',
  });
  t.equal(reset.statusCode, 200, reset.body);
  t.same(reset.json(), { passwordReset: true });
  t.equal((await member.request('GET', ACCOUNT_PATH)).statusCode, 401, 'the signed-in session ended');
  t.equal((await new Member(app).signIn(email, PASSWORD)).statusCode, 401, 'the old password no longer works');
  const signedIn = new Member(app);
  t.equal((await signedIn.signIn(email, 'brand new secret')).statusCode, 200);
  t.equal((await signedIn.request('GET', ACCOUNT_PATH)).json().emailVerified, true, 'the mail reached its owner');

  const again = await new Member(app).request('POST', `${RESET_PATH}/complete`, { token, password: 'a third secret' });
  t.equal(again.statusCode, 400, 'the link works once');
  t.same(again.json().error, {
    code: 'account-link-invalid',
    message: 'This link has expired or has already been used. Please ask for a new one.',
  });
  t.equal((await new Member(app).signIn(email, 'a third secret')).statusCode, 401);
});

t.test('an unknown address gets the same answer and no mail', async (t) => {
  const email = newEmail('stranger');
  const response = await new Member(app).request('POST', RESET_PATH, { email });
  t.equal(response.statusCode, 200);
  t.same(response.json(), { sent: true });
  t.equal(await mailsTo(email), 0);
});

t.test('only the newest reset link works, and only before it expires', async (t) => {
  const { email } = await signedUp();
  await new Member(app).request('POST', RESET_PATH, { email });
  const first = (await lastLink(db, 'password-reset', email))!.token;
  await new Member(app).request('POST', RESET_PATH, { email });
  const second = (await lastLink(db, 'password-reset', email))!.token;
  t.not(first, second);
  const old = await new Member(app).request('POST', `${RESET_PATH}/complete`, {
    token: first,
    password: 'brand new secret',
  });
  t.equal(old.json().error?.code, 'account-link-invalid', 'the older link was replaced');

  await db
    .updateTable('siteUserTokens')
    .set({ expiresOn: sql<Date>`now() - interval '1 second'` })
    .where('purpose', '=', 'password-reset')
    .execute();
  const expired = await new Member(app).request('POST', `${RESET_PATH}/complete`, {
    token: second,
    password: 'brand new secret',
  });
  t.equal(expired.json().error?.code, 'account-link-invalid', 'an expired link');
  t.equal((await new Member(app).signIn(email, PASSWORD)).statusCode, 200, 'the password is unchanged');
});

t.test('bad reset input', async (t) => {
  const visitor = new Member(app);
  const badEmail = await visitor.request('POST', RESET_PATH, { email: 'not an email' });
  t.equal(badEmail.statusCode, 400);
  t.same(badEmail.json().error.fields, { email: 'Please enter a valid email' });
  t.equal((await visitor.request('POST', RESET_PATH, {})).json().error.code, 'invalid-body');
  const short = await visitor.request('POST', `${RESET_PATH}/complete`, { token: 'x'.repeat(43), password: 'short' });
  t.same(short.json().error.fields, { password: 'Passwords must be 8 to 256 characters long.' });
  const madeUp = await visitor.request('POST', `${RESET_PATH}/complete`, { token: 'made-up', password: 'long enough' });
  t.equal(madeUp.json().error.code, 'account-link-invalid');
  const huge = await visitor.request('POST', `${RESET_PATH}/complete`, {
    token: 'x'.repeat(500),
    password: 'long enough',
  });
  t.equal(huge.json().error.code, 'invalid-body');
  const verifyToken = await visitor.request('POST', VERIFY_PATH, { token: 42 });
  t.equal(verifyToken.json().error.code, 'invalid-body');
});

t.test('reset mails are limited per account and per address', async (t) => {
  const { email } = await signedUp();
  const statuses: number[] = [];
  for (let i = 0; i < 4; i++) {
    // Each from an address of its own: the account's own limit stops the fourth.
    statuses.push((await new Member(app).request('POST', RESET_PATH, { email })).statusCode);
  }
  t.same(statuses, [200, 200, 200, 429]);
  t.equal(await mailsTo(email), 1 + 3, 'the verification mail and three reset mails');
  const one = new Member(app);
  const fromOne: number[] = [];
  for (let i = 0; i < 4; i++) fromOne.push((await one.request('POST', RESET_PATH, { email: newEmail() })).statusCode);
  t.same(fromOne, [200, 200, 200, 429]);
});

t.test('the sign-up mail verifies the address, once', async (t) => {
  const { email, member } = await signedUp();
  const { token, link } = (await lastLink(db, 'email-verification', email))!;
  t.match(link, /\/account\/verify-email\?token=/);
  // Opened in any browser: the link is the proof, no session needed.
  const verified = await new Member(app).request('POST', VERIFY_PATH, { token });
  t.equal(verified.statusCode, 200, verified.body);
  t.equal(verified.json().emailVerified, true);
  t.equal(verified.json().email, email);
  t.equal((await member.request('GET', ACCOUNT_PATH)).json().emailVerified, true);
  const again = await new Member(app).request('POST', VERIFY_PATH, { token });
  t.equal(again.json().error.code, 'account-link-invalid');
  const sendAgain = await member.request('POST', `${VERIFY_PATH}/send`);
  t.same(sendAgain.json(), { sent: false, emailVerified: true }, 'nothing to send once verified');
});

t.test('a signed-in user asks for the verification mail again', async (t) => {
  const { email, member } = await signedUp();
  const first = (await lastLink(db, 'email-verification', email))!.token;
  const sent = await member.request('POST', `${VERIFY_PATH}/send`);
  t.equal(sent.statusCode, 200, sent.body);
  t.same(sent.json(), { sent: true, emailVerified: false });
  const second = (await lastLink(db, 'email-verification', email))!.token;
  t.not(second, first);
  t.equal(
    (await new Member(app).request('POST', VERIFY_PATH, { token: first })).statusCode,
    400,
    'the old link is void',
  );
  t.equal((await new Member(app).request('POST', VERIFY_PATH, { token: second })).statusCode, 200);
  const noXsrf = await member.request('POST', `${VERIFY_PATH}/send`, undefined, { 'x-siteuser-xsrf-token': '' });
  t.equal(noXsrf.json().error.code, 'site-user-xsrf-missing');
});

t.test('a reset token is not a verification token, nor the other way round', async (t) => {
  const { email } = await signedUp();
  const verification = (await lastLink(db, 'email-verification', email))!.token;
  const asReset = await new Member(app).request('POST', `${RESET_PATH}/complete`, {
    token: verification,
    password: 'brand new secret',
  });
  t.equal(asReset.json().error.code, 'account-link-invalid');
  await new Member(app).request('POST', RESET_PATH, { email });
  const reset = (await lastLink(db, 'password-reset', email))!.token;
  t.equal(
    (await new Member(app).request('POST', VERIFY_PATH, { token: reset })).json().error.code,
    'account-link-invalid',
  );
  t.equal((await new Member(app).request('POST', VERIFY_PATH, { token: verification })).statusCode, 200, 'still good');
});
