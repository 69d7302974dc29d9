/**
 * Account pages, the lock screen (103) and member areas (106, 105, 208)
 * through inject(): what each visitor is shown, never the hidden content to
 * others (HTML, ?format=json, search), the unlock cookie (signed, per
 * collection, kept out of the page cache) and the attempt limit.
 */
import t from 'tap';
import { UNLOCK_COOKIE, VISITOR_COOKIES } from '../../api/cookie-names.ts';
import { DEMO_MEMBER } from '../../api/seed/demo-member.ts';
import { DEMO_LOCKED_PAGE } from '../../api/seed/demo-member-area.ts';
import { openDemoApp } from '../site/demo-app.ts';
import { Visitor } from './api-helpers.ts';
import { Member, newEmail } from './site-user-helpers.ts';

const { app } = await openDemoApp(t, {
  server: { limits: { unlock: { max: 3, windowMs: 60_000 } } },
});
const POST_PATH = '/roasters-circle/spring-roast-log';
const SECRET_TEXT = 'Members get the first 40 bags';
const PRICE_TEXT = 'Wholesale price list';

/** A form post from the page, as a browser sends it without script. */
function postForm(visitor: Visitor, path: string, fields: Record<string, string>) {
  const body = new URLSearchParams({ crumb: visitor.cookies.get('crumb') ?? '', ...fields }).toString();
  return visitor.request('POST', path, body, { 'content-type': 'application/x-www-form-urlencoded' });
}

t.test('account pages render in the layout; the header says Sign in, or Account when signed in', async (t) => {
  const visitor = new Visitor(app);
  for (const [path, title] of [
    ['/account/sign-in', 'Sign in'],
    ['/account/sign-up', 'Create an account'],
    ['/account/forgot-password', 'Forgot your password?'],
    ['/account/reset-password?token=abc', 'Choose a new password'],
    ['/account/verify-email?token=abc', 'Verify your email'],
    ['/account', 'Your account'],
  ] as const) {
    const page = await visitor.request('GET', path);
    t.equal(page.statusCode, 200, path);
    t.match(
      page.body,
      `<h1 class="page-title" id="account-page-title" tabindex="-1">${title.replace("'", '&#39;')}</h1>`,
    );
    t.match(page.body, 'id="sb-account-root"');
    t.equal(page.headers['cache-control'], 'no-store', 'an emailed token in the address is kept nowhere');
  }
  t.equal((await visitor.request('GET', '/account/nope')).statusCode, 404);
  t.equal((await visitor.request('GET', '/account/sign-in/x')).statusCode, 404);
  const home = await visitor.request('GET', '/');
  t.match(home.body, '<a class="header-text-link" href="/account/sign-in">Sign in</a>');
  t.equal((await visitor.request('GET', '/?format=json')).json().authenticatedAccount, null);

  const member = new Member(app);
  t.equal((await member.signIn(DEMO_MEMBER.email, DEMO_MEMBER.password)).statusCode, 200);
  const signedIn = await member.request('GET', '/');
  t.match(signedIn.body, '<a class="header-text-link" href="/account">Account</a>');
  t.equal(signedIn.headers['x-page-cache'], undefined, 'never from the page cache');
  t.same((await member.request('GET', '/?format=json')).json().authenticatedAccount, {
    id: DEMO_MEMBER.id,
    email: DEMO_MEMBER.email,
    displayName: DEMO_MEMBER.displayName,
  });
});

t.test('a member area: denied (106) to visitors and non-members, shown (105) to members, never leaked', async (t) => {
  const visitor = new Visitor(app);
  for (const path of [POST_PATH, '/roasters-circle']) {
    const denied = await visitor.request('GET', path);
    t.equal(denied.statusCode, 403, path);
    t.notMatch(denied.body, SECRET_TEXT);
    t.notMatch(denied.body, 'Spring Roast Log');
    t.match(denied.body, new RegExp(`href="/account/sign-up\\?return=${path}"[^>]* data-member-area-join>Join</a>`));
    const json = await visitor.request('GET', `${path}?format=json`);
    t.equal(json.json().pageType, 106);
    t.notMatch(json.body, 'Spring Roast Log');
  }
  const search = await visitor.request('GET', '/search?q=Dialing&format=json');
  t.equal(search.json().itemCount, 0, 'search never finds member content');

  // A new user signs up: still not a member, so the join button is a form now.
  const user = new Member(app);
  t.equal((await user.signUp({ email: newEmail(), password: 'roasting-secrets' })).statusCode, 201);
  const notYet = await user.request('GET', POST_PATH);
  t.equal(notYet.statusCode, 403);
  t.notMatch(notYet.body, SECRET_TEXT);
  t.match(notYet.body, '<input type="hidden" name="sb-join" value="1">');
  const badCrumb = await user.request('POST', POST_PATH, 'sb-join=1&crumb=nope', {
    'content-type': 'application/x-www-form-urlencoded',
    'x-csrf-token': '',
  });
  t.equal(badCrumb.statusCode, 403, 'the crumb is checked');
  const joined = await postForm(user, POST_PATH, { 'sb-join': '1' });
  t.equal(joined.statusCode, 303);
  t.equal(joined.headers.location, '/account/membership-confirmed?area=roasters-circle');
  const confirmed = await user.request('GET', joined.headers.location as string);
  t.equal(confirmed.statusCode, 200);
  t.match(confirmed.body, "Welcome to Roasters' Circle");
  const shown = await user.request('GET', POST_PATH);
  t.equal(shown.statusCode, 200);
  t.match(shown.body, SECRET_TEXT);
  t.equal((await user.request('GET', `${POST_PATH}?format=json`)).json().pageType, 105);
  t.match((await user.request('GET', '/roasters-circle')).body, 'Spring Roast Log');

  // Signed out, the same browser is a visitor again.
  await user.signOut();
  t.notMatch((await user.request('GET', POST_PATH)).body, SECRET_TEXT);
  // A visitor's join goes to sign-in first.
  const visitorJoin = await postForm(new Visitor(app), POST_PATH, { 'sb-join': '1' });
  t.equal(visitorJoin.headers.location, `/account/sign-in?return=${encodeURIComponent(POST_PATH)}`);
  t.equal(
    (await new Visitor(app).request('GET', '/account/membership-confirmed?area=roasters-circle')).statusCode,
    404,
  );
});

t.test('the lock screen: a wrong password says so, the right one unlocks that page for the session', async (t) => {
  t.ok(VISITOR_COOKIES.includes(UNLOCK_COOKIE), 'a page cache never serves or keeps a page for it');
  const visitor = new Visitor(app);
  const locked = await visitor.request('GET', '/wholesale');
  t.equal(locked.statusCode, 401);
  t.notMatch(locked.body, PRICE_TEXT);
  t.match(locked.body, '<label for="lock-screen-password">Password</label>');
  t.notMatch(locked.body, 'crumb-slot-', 'the crumb slot is filled');
  t.notMatch((await visitor.request('GET', '/wholesale?format=json')).body, PRICE_TEXT);

  const wrong = await postForm(visitor, '/wholesale', { 'sb-unlock': '1', password: 'guess' });
  t.equal(wrong.statusCode, 303);
  t.equal(wrong.headers.location, '/wholesale?unlock=failed');
  t.equal(visitor.cookies.get(UNLOCK_COOKIE), undefined);
  const again = await visitor.request('GET', '/wholesale?unlock=failed');
  t.match(again.body, 'That password is not correct.');
  t.match(again.body, 'aria-invalid="true" aria-describedby="lock-screen-error"');

  const right = await postForm(visitor, '/wholesale', { 'sb-unlock': '1', password: DEMO_LOCKED_PAGE.password });
  t.equal(right.headers.location, '/wholesale');
  const cookie = (right.cookies as Array<{ name: string; httpOnly?: boolean; maxAge?: number }>).find(
    (c) => c.name === UNLOCK_COOKIE,
  );
  t.ok(cookie?.httpOnly, 'HttpOnly');
  t.equal(cookie?.maxAge, undefined, 'for the browser session');
  const open = await visitor.request('GET', '/wholesale');
  t.equal(open.statusCode, 200);
  t.match(open.body, PRICE_TEXT);
  t.equal(open.headers['x-page-cache'], undefined);

  const tampered = new Visitor(app);
  tampered.cookies.set(
    UNLOCK_COOKIE,
    (visitor.cookies.get(UNLOCK_COOKIE) ?? '').replace(/.$/, (c) => (c === '0' ? '1' : '0')),
  );
  t.equal((await tampered.request('GET', '/wholesale')).statusCode, 401, 'a tampered cookie opens nothing');
  // Another visitor's page is still the lock screen, from the cache or not.
  t.equal((await new Visitor(app).request('GET', '/wholesale')).statusCode, 401);
});

t.test('unlock attempts are limited per address', async (t) => {
  const visitor = new Visitor(app);
  for (let n = 0; n < 3; n++) await postForm(visitor, '/wholesale', { 'sb-unlock': '1', password: `guess-${n}` });
  const limited = await postForm(visitor, '/wholesale', { 'sb-unlock': '1', password: DEMO_LOCKED_PAGE.password });
  t.equal(limited.headers.location, '/wholesale?unlock=limited');
  t.equal(visitor.cookies.get(UNLOCK_COOKIE), undefined, 'not even the right password past the limit');
  t.match((await visitor.request('GET', '/wholesale?unlock=limited')).body, 'Too many attempts.');
  t.equal(
    (await postForm(visitor, '/about', { 'sb-unlock': '1', password: 'x' })).statusCode,
    405,
    'an open page has no lock',
  );
});
