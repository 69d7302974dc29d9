/**
 * Signing in and out through inject() (spec section 7,
 * POST and DELETE /api/site-users/account/session): the { xsrfToken }
 * answer, the cookies and their lifetimes, bad input, wrong passwords, the
 * per-account and per-address lockouts, crumbFail on sign-out, the cart a
 * visitor brings into the account and the copy left at sign-out.
 */
import t from 'tap';
import { CART_COOKIE, SITE_USER_INFO_COOKIE, SITE_USER_SESSION_COOKIE } from '../../api/cookie-names.ts';
import { DEMO_MEMBER } from '../../api/seed/demo-member.ts';
import { openDemoApp } from '../site/demo-app.ts';
import { CART_PATH, productId, Visitor } from './api-helpers.ts';
import { ACCOUNT_PATH, Member, newEmail, SESSION_PATH, setCookie } from './site-user-helpers.ts';

const MINUTE = 60_000;
const { app, handle, warnings } = await openDemoApp(t, {
  server: {
    // Low enough to reach in a test; each test's visitors have addresses of their own.
    limits: { 'sign-in-account': { max: 4, windowMs: MINUTE }, 'sign-in': { max: 8, windowMs: MINUTE } },
    // So a request can say it came over HTTPS (X-Forwarded-Proto).
    trustProxy: true,
  },
});
const db = handle.db;
const MUG = productId('stoneware-mug');
const BOARD = productId('walnut-serving-board');
const PASSWORD = 'correct horse battery';

/** Whose cart it is: the spec's cart JSON does not say. */
async function cartOwner(cartId: string): Promise<string | null> {
  const row = await db.selectFrom('carts').select('siteUserId').where('id', '=', cartId).executeTakeFirstOrThrow();
  return row.siteUserId;
}

async function newMember(): Promise<{ email: string; member: Member }> {
  const email = newEmail();
  const member = new Member(app);
  const created = await member.signUp({ email, password: PASSWORD });
  if (created.statusCode !== 201) throw new Error(created.body);
  await member.signOut();
  return { email, member: new Member(app) };
}

t.test('the demo member signs in and gets an XSRF token', async (t) => {
  const member = new Member(app);
  const response = await member.signIn(DEMO_MEMBER.email, DEMO_MEMBER.password);
  t.equal(response.statusCode, 200, response.body);
  t.same(Object.keys(response.json()), ['xsrfToken'], 'the spec answer: xsrfToken');
  t.match(response.json().xsrfToken, /^[A-Za-z0-9_-]{32}$/);
  t.equal(response.headers['cache-control'], 'no-store');
  const account = await member.request('GET', ACCOUNT_PATH);
  t.equal(account.statusCode, 200);
  t.same(account.json(), {
    siteUserId: DEMO_MEMBER.id,
    email: DEMO_MEMBER.email,
    name: DEMO_MEMBER.displayName,
    locale: DEMO_MEMBER.locale,
    emailVerified: true,
  });
  const again = await new Member(app).signIn('MEMBER@Fernwood.test', DEMO_MEMBER.password);
  t.equal(again.statusCode, 200, 'the email in any letter case');
});

t.test('cookies: HttpOnly session, readable info cookie, browser session unless remembered', async (t) => {
  const { email } = await newMember();
  const member = new Member(app);
  const response = await member.signIn(email, PASSWORD);
  const session = setCookie(response, SITE_USER_SESSION_COOKIE);
  const info = setCookie(response, SITE_USER_INFO_COOKIE);
  t.ok(session && info, 'both cookies set');
  t.equal(session?.httpOnly, true, 'no script reads the session token');
  t.equal(session?.sameSite, 'Lax');
  t.equal(session?.path, '/');
  t.notOk(session?.secure, 'not Secure over plain HTTP');
  t.equal(session?.maxAge, undefined, 'a browser-session cookie without rememberMe');
  t.equal(session?.expires, undefined);
  t.notOk(info?.httpOnly, 'the page scripts read the info cookie');
  t.equal(info?.sameSite, 'Lax');
  const siteUserId = (await member.request('GET', ACCOUNT_PATH)).json().siteUserId;
  t.same(JSON.parse(member.cookies.get(SITE_USER_INFO_COOKIE)!), { authenticated: true, siteUserId });
  t.match(member.cookies.get(SITE_USER_SESSION_COOKIE), /^[A-Za-z0-9_-]{43}$/);
  t.notMatch(
    JSON.stringify(response.json()),
    member.cookies.get(SITE_USER_SESSION_COOKIE)!,
    'token only in the cookie',
  );
});

t.test('remember me lasts 30 days, in the cookie and on the server', async (t) => {
  const { email } = await newMember();
  const member = new Member(app);
  const response = await member.signIn(email, PASSWORD, true);
  const session = setCookie(response, SITE_USER_SESSION_COOKIE);
  const info = setCookie(response, SITE_USER_INFO_COOKIE);
  t.equal(session?.maxAge, 30 * 24 * 60 * 60);
  t.equal(info?.maxAge, 30 * 24 * 60 * 60);
  const row = await db
    .selectFrom('siteUserSessions')
    .innerJoin('siteUsers', (join) =>
      join
        .onRef('siteUsers.websiteId', '=', 'siteUserSessions.websiteId')
        .onRef('siteUsers.id', '=', 'siteUserSessions.siteUserId'),
    )
    .select(['siteUserSessions.expiresOn', 'siteUserSessions.rememberMe'])
    .where('siteUsers.email', '=', email)
    .executeTakeFirstOrThrow();
  t.equal(row.rememberMe, true);
  const days = (row.expiresOn.getTime() - Date.now()) / (24 * 3_600_000);
  t.ok(Math.abs(days - 30) < 0.01, `${days} days`);
});

t.test('cookies are Secure when the request came over HTTPS', async (t) => {
  const { email } = await newMember();
  const member = new Member(app);
  const response = await member.request(
    'POST',
    SESSION_PATH,
    { email, password: PASSWORD },
    { 'x-forwarded-proto': 'https' },
  );
  t.equal(response.statusCode, 200, response.body);
  t.equal(setCookie(response, SITE_USER_SESSION_COOKIE)?.secure, true);
  t.equal(setCookie(response, SITE_USER_INFO_COOKIE)?.secure, true);
});

t.test('a wrong password and an unknown email get the same 401', async (t) => {
  const { email } = await newMember();
  const wrong = await new Member(app).signIn(email, 'not the password');
  const unknown = await new Member(app).signIn(newEmail('nobody'), PASSWORD);
  for (const response of [wrong, unknown]) {
    t.equal(response.statusCode, 401);
    t.same(response.json().error, { code: 'sign-in-failed', message: 'The email or password is incorrect.' });
    t.equal(setCookie(response, SITE_USER_SESSION_COOKIE), undefined, 'no session');
  }
  t.notOk(JSON.stringify(warnings).includes('not the password'), 'the password is never logged');
});

t.test('bad sign-in input answers 400 naming the field', async (t) => {
  const visitor = new Member(app);
  const cases: Array<[unknown, string, string]> = [
    [{ password: PASSWORD }, 'invalid-body', 'email'],
    [{ email: 'a@example.test' }, 'invalid-body', 'password'],
    [{ email: 'a@example.test', password: PASSWORD, rememberMe: 'yes' }, 'invalid-body', 'rememberMe'],
    [{ email: 42, password: PASSWORD }, 'invalid-body', 'email'],
    [{ email: 'not an email', password: PASSWORD }, 'account-email-invalid', 'email'],
    [{ email: 'a@example.test', password: '' }, 'account-input-invalid', 'password'],
  ];
  for (const [body, code, field] of cases) {
    const response = await visitor.request('POST', SESSION_PATH, body);
    t.equal(response.statusCode, 400, JSON.stringify(body));
    t.equal(response.json().error.code, code);
    t.ok(response.json().error.fields?.[field], `names ${field}`);
  }
  const invalidEmail = await visitor.request('POST', SESSION_PATH, { email: 'ann@', password: PASSWORD });
  t.equal(invalidEmail.json().error.message, 'Please enter a valid email', 'the spec message');
  const notJson = await visitor.request('POST', SESSION_PATH, '{"email":', { 'content-type': 'application/json' });
  t.equal(notJson.statusCode, 400);
  t.equal(notJson.json().error.code, 'invalid-json');
  const empty = await visitor.request('POST', SESSION_PATH, '', { 'content-type': 'application/json' });
  t.equal(empty.statusCode, 400);
});

t.test('an account is locked after repeated attempts from any addresses (429)', async (t) => {
  const { email } = await newMember();
  for (let attempt = 1; attempt <= 4; attempt++) {
    // A new address each time: the per-account limit counts across addresses.
    const response = await new Member(app).signIn(email, `wrong ${attempt}`);
    t.equal(response.statusCode, 401, `attempt ${attempt}`);
  }
  const locked = await new Member(app).signIn(email, PASSWORD);
  t.equal(locked.statusCode, 429, 'even the right password is refused while locked');
  t.equal(locked.json().error.code, 'sign-in-rate-limited');
  t.match(locked.json().error.message, /Too many sign-in attempts/);
  t.ok(Number(locked.headers['retry-after']) > 0, 'Retry-After');
  t.equal(setCookie(locked, SITE_USER_SESSION_COOKIE), undefined);
  const unknownCase = await new Member(app).signIn(email.toUpperCase(), PASSWORD);
  t.equal(unknownCase.statusCode, 429, 'the same account in another letter case');
  const other = await newMember();
  t.equal((await new Member(app).signIn(other.email, PASSWORD)).statusCode, 200, 'other accounts are not locked');
});

t.test('one address is stopped after repeated attempts on any accounts (429)', async (t) => {
  const guesser = new Member(app);
  const statuses: number[] = [];
  for (let attempt = 1; attempt <= 9; attempt++) {
    statuses.push((await guesser.signIn(newEmail('guess'), PASSWORD)).statusCode);
  }
  t.same(statuses, [401, 401, 401, 401, 401, 401, 401, 401, 429]);
  const { email } = await newMember();
  t.equal((await guesser.signIn(email, PASSWORD)).statusCode, 429, 'a real account from that address too');
  t.equal((await new Member(app).signIn(email, PASSWORD)).statusCode, 200, 'another address signs in');
});

t.test('sign-out ends the session and clears both cookies', async (t) => {
  const { email } = await newMember();
  const member = new Member(app);
  await member.signIn(email, PASSWORD);
  const token = member.cookies.get(SITE_USER_SESSION_COOKIE)!;
  const info = member.cookies.get(SITE_USER_INFO_COOKIE)!;
  const response = await member.signOut();
  t.equal(response.statusCode, 200, response.body);
  t.same(response.json(), { signedOut: true });
  for (const name of [SITE_USER_SESSION_COOKIE, SITE_USER_INFO_COOKIE]) {
    const cleared = setCookie(response, name);
    t.equal(cleared?.value, '', `${name} cleared`);
    t.ok(cleared?.expires && cleared.expires.getTime() < Date.now());
  }
  // The old cookies sent again no longer open anything.
  const replay = new Member(app);
  replay.cookies.set(SITE_USER_SESSION_COOKIE, token);
  replay.cookies.set(SITE_USER_INFO_COOKIE, info);
  t.equal((await replay.request('GET', ACCOUNT_PATH)).statusCode, 401);
  const twice = await replay.signOut();
  t.same(twice.json(), { signedOut: false }, 'signing out again is harmless');
});

t.test('a sign-out without a good crumb says crumbFail and can be retried once', async (t) => {
  const { email } = await newMember();
  const member = new Member(app);
  await member.signIn(email, PASSWORD);
  // A crumb cookie the server never signed: the retry needs the fresh one the answer sets.
  member.cookies.set('crumb', 'f'.repeat(64));
  const failed = await member.signOut();
  t.equal(failed.statusCode, 403);
  t.equal(failed.json().crumbFail, true);
  t.equal(failed.json().error.code, 'crumb-failed');
  t.match(setCookie(failed, 'crumb')?.value, /^[0-9a-f]{64}$/, 'a fresh crumb to retry with');
  t.ok(member.cookies.has(SITE_USER_SESSION_COOKIE), 'still signed in');
  const retried = await member.signOut();
  t.equal(retried.statusCode, 200, retried.body);
  t.same(retried.json(), { signedOut: true });
  const shopper = new Visitor(app);
  shopper.cookies.set('crumb', 'f'.repeat(64));
  const otherFailure = await shopper.request('POST', '/api/commerce/shopping-cart/entries', {});
  t.equal(otherFailure.json().crumbFail, true, 'every crumb failure says so');
  t.equal(setCookie(otherFailure, 'crumb'), undefined, 'only sign-out, which is retried, gets a fresh crumb');
  const fine = await new Visitor(app).request('POST', SESSION_PATH, { email: 'x' });
  t.equal(fine.json().crumbFail, undefined, 'other errors do not');
});

t.test('signing in brings the visitor cart into the account cart', async (t) => {
  const { email } = await newMember();
  // The account's cart: one oat mug, put there from another browser.
  const elsewhere = new Member(app);
  await elsewhere.signIn(email, PASSWORD);
  t.equal((await elsewhere.add({ itemId: MUG, sku: 'FW-MUG-OAT', quantity: 1 })).statusCode, 200);
  const accountCartId = elsewhere.cookies.get(CART_COOKIE)!;
  await elsewhere.signOut();

  const shopper = new Member(app);
  await shopper.add({ itemId: MUG, sku: 'FW-MUG-OAT', quantity: 2 });
  await shopper.add({ itemId: BOARD, sku: 'FW-BOARD-SM', quantity: 1 });
  const visitorCartId = shopper.cookies.get(CART_COOKIE)!;
  t.not(visitorCartId, accountCartId);

  const signedIn = await shopper.signIn(email, PASSWORD);
  t.equal(signedIn.statusCode, 200);
  t.equal(shopper.cookies.get(CART_COOKIE), accountCartId, 'the cookie now names the account cart');
  const cart = await shopper.cart();
  t.equal(await cartOwner(cart.id), (await shopper.request('GET', ACCOUNT_PATH)).json().siteUserId);
  const quantities = Object.fromEntries(
    cart.entries.map((entry: { chosenVariant: { sku: string }; quantity: number }) => [
      entry.chosenVariant.sku,
      entry.quantity,
    ]),
  );
  t.same(quantities, { 'FW-MUG-OAT': 3, 'FW-BOARD-SM': 1 }, 'equal entries add up, others move over');
  const gone = await db.selectFrom('carts').select('id').where('id', '=', visitorCartId).executeTakeFirst();
  t.equal(gone, undefined, 'the emptied visitor cart is removed');
});

t.test('a signed-in shopper without a cart cookie gets the account cart', async (t) => {
  const { email } = await newMember();
  const phone = new Member(app);
  await phone.signIn(email, PASSWORD);
  await phone.add({ itemId: MUG, sku: 'FW-MUG-OAT', quantity: 1 });
  const cartId = phone.cookies.get(CART_COOKIE)!;
  const siteUserId = (await phone.request('GET', ACCOUNT_PATH)).json().siteUserId;
  t.equal(await cartOwner(cartId), siteUserId, 'a cart made while signed in is the account’s');
  phone.cookies.delete(CART_COOKIE);
  const cart = await phone.cart();
  t.equal(cart.id, cartId, 'the cart loads for an authenticated user without the cookie');
  const added = await phone.add({ itemId: MUG, sku: 'FW-MUG-OAT', quantity: 1 });
  t.equal(added.json().shoppingCart.id, cartId, 'and adds go to it');
  t.equal(phone.cookies.get(CART_COOKIE), cartId, 'the cookie is set again');
  t.equal(added.json().shoppingCart.entries[0].quantity, 2);
});

t.test('an account without a cart takes the visitor cart over', async (t) => {
  const { email } = await newMember();
  const shopper = new Member(app);
  await shopper.add({ itemId: MUG, sku: 'FW-MUG-SLATE', quantity: 1 });
  const cartId = shopper.cookies.get(CART_COOKIE)!;
  await shopper.signIn(email, PASSWORD);
  t.equal(shopper.cookies.get(CART_COOKIE), cartId, 'the same cart');
  const cart = await shopper.cart();
  t.ok(await cartOwner(cartId), 'now the account’s');
  t.equal(cart.entries.length, 1);
  // Signing in elsewhere later finds it through the account.
  const laptop = new Member(app);
  await laptop.signIn(email, PASSWORD);
  t.equal(laptop.cookies.get(CART_COOKIE), cartId, 'another browser gets the account cart');
});

t.test("another user's cart in the cookie is not merged", async (t) => {
  const owner = await newMember();
  const ownerBrowser = new Member(app);
  await ownerBrowser.signIn(owner.email, PASSWORD);
  await ownerBrowser.add({ itemId: MUG, sku: 'FW-MUG-OAT', quantity: 1 });
  await ownerBrowser.signOut();
  const ownerCart = (await ownerBrowser.request('GET', CART_PATH)).json();
  t.equal(ownerCart.entries.length, 0, 'signed out without cloneCart: no cart left in this browser');

  await ownerBrowser.signIn(owner.email, PASSWORD);
  const ownerCartId = ownerBrowser.cookies.get(CART_COOKIE)!;
  const stranger = await newMember();
  const shared = new Member(app);
  shared.cookies.set(CART_COOKIE, ownerCartId);
  await shared.signIn(stranger.email, PASSWORD);
  t.notOk(shared.cookies.has(CART_COOKIE), 'the other account keeps its cart, out of this browser');
  const row = await db.selectFrom('carts').select('siteUserId').where('id', '=', ownerCartId).executeTakeFirstOrThrow();
  t.equal(row.siteUserId, (await ownerBrowser.request('GET', ACCOUNT_PATH)).json().siteUserId);
});

t.test('sign-out with cloneCart=true leaves the visitor a copy of the cart', async (t) => {
  const { email } = await newMember();
  const member = new Member(app);
  await member.signIn(email, PASSWORD);
  await member.add({ itemId: MUG, sku: 'FW-MUG-OAT', quantity: 2 });
  await member.add({ itemId: BOARD, sku: 'FW-BOARD-LG', quantity: 1 });
  const accountCartId = member.cookies.get(CART_COOKIE)!;
  const before = await member.cart();

  const response = await member.signOut('?cloneCart=true');
  t.equal(response.statusCode, 200, response.body);
  const copyId = member.cookies.get(CART_COOKIE)!;
  t.ok(copyId, 'a cart cookie');
  t.not(copyId, accountCartId, 'a new cart');
  const copy = await member.cart();
  t.equal(await cartOwner(copyId), null, 'of no user');
  const lines = (cart: typeof before) =>
    cart.entries.map((entry: { chosenVariant: { sku: string }; quantity: number }) => [
      entry.chosenVariant.sku,
      entry.quantity,
    ]);
  t.same(lines(copy), lines(before), 'the same entries');
  t.not(copy.entries[0].id, before.entries[0].id, 'entries of its own');
  // Changing the copy leaves the account's cart alone.
  await member.request('DELETE', `/api/commerce/shopping-cart/entries/${copy.entries[0].id}`);
  const account = await db.selectFrom('cartEntries').select('id').where('cartId', '=', accountCartId).execute();
  t.equal(account.length, 2);
});

t.test('sign-out without cloneCart leaves no cart in the browser; the account keeps it', async (t) => {
  const { email } = await newMember();
  const member = new Member(app);
  await member.signIn(email, PASSWORD);
  await member.add({ itemId: MUG, sku: 'FW-MUG-OAT', quantity: 1 });
  const cartId = member.cookies.get(CART_COOKIE)!;
  const response = await member.signOut('?cloneCart=false');
  t.equal(setCookie(response, CART_COOKIE)?.value, '', 'cart cookie cleared');
  t.notOk(member.cookies.has(CART_COOKIE));
  t.equal((await member.cart()).entries.length, 0);
  await member.signIn(email, PASSWORD);
  t.equal(member.cookies.get(CART_COOKIE), cartId, 'back on signing in');
});

t.test('a bad cloneCart value is refused', async (t) => {
  const member = new Member(app);
  const response = await member.signOut('?cloneCart=yes');
  t.equal(response.statusCode, 400);
  t.equal(response.json().error.code, 'invalid-body');
  t.ok(response.json().error.fields.cloneCart);
});
