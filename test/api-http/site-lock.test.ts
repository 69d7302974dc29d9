/**
 * The site-wide lock through inject(): with a website password every page
 * is the lock screen (103) until the browser unlocks the site, the page
 * cache only ever holds the lock screen for anonymous visitors, the account
 * pages and static assets stay reachable, and the unlock cookie's signature,
 * password binding and attempt limit hold as for a single locked page.
 */
import t from 'tap';
import { UNLOCK_COOKIE } from '../../api/cookie-names.ts';
import { setSitePassword } from '../../api/repositories/site-lock-repository.ts';
import { DEMO_LOCKED_PAGE } from '../../api/seed/demo-member-area.ts';
import { DEMO_WEBSITE_ID } from '../../api/seed/seed-demo-site.ts';
import { openDemoApp } from '../site/demo-app.ts';
import { Visitor } from './api-helpers.ts';

const { app, handle } = await openDemoApp(t, {
  server: { limits: { unlock: { max: 3, windowMs: 60_000 } } },
});
const SITE_PASSWORD = 'fernwood-preview';
const HOME_TEXT = 'Stoneware Mug';
const LOCKED_TEXT = 'This site is password protected. Enter the password to see it.';

function postForm(visitor: Visitor, path: string, fields: Record<string, string>) {
  const body = new URLSearchParams({ crumb: visitor.cookies.get('crumb') ?? '', ...fields }).toString();
  return visitor.request('POST', path, body, { 'content-type': 'application/x-www-form-urlencoded' });
}

async function unlocked(password = SITE_PASSWORD): Promise<Visitor> {
  const visitor = new Visitor(app);
  const answer = await postForm(visitor, '/', { 'sb-unlock': '1', password });
  if (answer.headers.location !== '/') throw new Error(`not unlocked: ${answer.headers.location}`);
  return visitor;
}

t.test('before the lock, and once it is set, no page kept for anonymous visitors shows the content', async (t) => {
  const warm = new Visitor(app);
  t.match((await warm.request('GET', '/')).body, HOME_TEXT);
  const kept = await new Visitor(app).request('GET', '/');
  t.equal(kept.headers['x-page-cache'], 'hit', 'the open home page is kept');

  await setSitePassword(handle.db, DEMO_WEBSITE_ID, SITE_PASSWORD);
  for (let n = 0; n < 2; n++) {
    const locked = await new Visitor(app).request('GET', '/');
    t.equal(locked.statusCode, 401);
    t.match(locked.body, LOCKED_TEXT);
    t.match(locked.body, '<p class="eyebrow">Protected site</p>');
    t.notMatch(locked.body, HOME_TEXT);
    t.notMatch(locked.body, 'Go to the home page');
    t.notMatch(locked.body, 'crumb-slot-', 'the crumb slot is filled');
  }
});

t.test('every page, the one not found included, is the lock screen; JSON too', async (t) => {
  const visitor = new Visitor(app);
  for (const path of [
    '/',
    '/shop',
    '/shop/stoneware-mug',
    '/journal',
    '/search?q=mug',
    '/cart',
    '/nope',
    '/wholesale',
  ]) {
    const page = await visitor.request('GET', path);
    t.equal(page.statusCode, 401, path);
    t.match(page.body, LOCKED_TEXT, path);
    t.notMatch(page.body, HOME_TEXT, path);
    const json = await visitor.request('GET', `${path}${path.includes('?') ? '&' : '?'}format=json`);
    t.equal(json.statusCode, 401);
    t.equal(json.json().pageType, 103);
    t.equal(json.json().lockScreen.siteWide, true);
    t.notMatch(json.body, HOME_TEXT);
    t.notMatch(json.body, 'sitePasswordHash');
  }
});

t.test('the account pages and static assets stay reachable', async (t) => {
  const visitor = new Visitor(app);
  for (const path of ['/account/sign-in', '/account/sign-up', '/account/forgot-password', '/account']) {
    t.equal((await visitor.request('GET', path)).statusCode, 200, path);
  }
  t.equal((await visitor.request('GET', '/account/membership-confirmed?area=roasters-circle')).statusCode, 401);
  const css = await visitor.request('GET', '/site.css');
  t.equal(css.statusCode, 200);
  t.match(String(css.headers['content-type']), 'text/css');
});

t.test('a wrong password says so; the right one opens the site for the session, never from the cache', async (t) => {
  const visitor = new Visitor(app);
  const wrong = await postForm(visitor, '/shop', { 'sb-unlock': '1', password: 'guess' });
  t.equal(wrong.headers.location, '/shop?unlock=failed');
  t.equal(visitor.cookies.get(UNLOCK_COOKIE), undefined);
  t.match((await visitor.request('GET', '/shop?unlock=failed')).body, 'That password is not correct.');
  const badCrumb = await visitor.request('POST', '/shop', `sb-unlock=1&crumb=nope&password=${SITE_PASSWORD}`, {
    'content-type': 'application/x-www-form-urlencoded',
    'x-csrf-token': '',
  });
  t.equal(badCrumb.statusCode, 403, 'the crumb is checked');

  const right = await postForm(visitor, '/shop', { 'sb-unlock': '1', password: SITE_PASSWORD });
  t.equal(right.headers.location, '/shop');
  const cookie = (right.cookies as Array<{ name: string; httpOnly?: boolean; maxAge?: number }>).find(
    (c) => c.name === UNLOCK_COOKIE,
  );
  t.ok(cookie?.httpOnly, 'HttpOnly');
  t.equal(cookie?.maxAge, undefined, 'for the browser session');
  for (const path of ['/', '/shop', '/shop/stoneware-mug']) {
    const open = await visitor.request('GET', path);
    t.equal(open.statusCode, 200, path);
    t.equal(open.headers['x-page-cache'], undefined, 'never served from or kept in the page cache');
  }
  t.match((await visitor.request('GET', '/')).body, HOME_TEXT);
  // Nothing the unlocked visitor saw was kept for the next anonymous one.
  t.notMatch((await new Visitor(app).request('GET', '/shop/stoneware-mug')).body, 'Add To Cart');

  // A locked page inside the site keeps its own password.
  const page = await visitor.request('GET', '/wholesale');
  t.equal(page.statusCode, 401);
  t.match(page.body, 'This page is password protected.');
  const both = await postForm(visitor, '/wholesale', { 'sb-unlock': '1', password: DEMO_LOCKED_PAGE.password });
  t.equal(both.headers.location, '/wholesale');
  t.equal((await visitor.request('GET', '/wholesale')).statusCode, 200);
  t.equal((await visitor.request('GET', '/')).statusCode, 200, 'the site stays unlocked beside the page');

  const tampered = new Visitor(app);
  tampered.cookies.set(UNLOCK_COOKIE, `site.${'0'.repeat(32)}`);
  t.equal((await tampered.request('GET', '/')).statusCode, 401, 'a forged cookie opens nothing');
});

t.test('the checkout page’s lock screen posts to the home page, which sends the visitor back', async (t) => {
  const visitor = new Visitor(app);
  const page = await visitor.request('GET', '/checkout');
  t.equal(page.statusCode, 401);
  t.match(page.body, '<form class="account-form lock-form" method="post" action="/"');
  t.match(page.body, '<input type="hidden" name="return" value="/checkout">');
  const back = await postForm(visitor, '/', { 'sb-unlock': '1', password: SITE_PASSWORD, return: '/checkout' });
  t.equal(back.headers.location, '/checkout');
  t.equal((await visitor.request('GET', '/checkout')).statusCode, 200);
  const elsewhere = await postForm(new Visitor(app), '/', { 'sb-unlock': '1', password: 'x', return: '//evil.test' });
  t.equal(elsewhere.headers.location, '/?unlock=failed', 'never to another host');
});

t.test('unlock attempts are limited per address', async (t) => {
  const visitor = new Visitor(app);
  for (let n = 0; n < 3; n++) await postForm(visitor, '/', { 'sb-unlock': '1', password: `guess-${n}` });
  const limited = await postForm(visitor, '/', { 'sb-unlock': '1', password: SITE_PASSWORD });
  t.equal(limited.headers.location, '/?unlock=limited');
  t.equal(visitor.cookies.get(UNLOCK_COOKIE), undefined, 'not even the right password past the limit');
  t.match((await visitor.request('GET', '/?unlock=limited')).body, 'Too many attempts.');
});

t.test('a new password locks out every browser; lifting the lock opens the site to all', async (t) => {
  const before = await unlocked();
  await setSitePassword(handle.db, DEMO_WEBSITE_ID, 'fernwood-second-preview');
  t.equal((await before.request('GET', '/')).statusCode, 401, 'the old password’s cookie opens nothing');
  const after = await unlocked('fernwood-second-preview');
  t.equal((await after.request('GET', '/')).statusCode, 200);
  await t.rejects(setSitePassword(handle.db, DEMO_WEBSITE_ID, ''), /cannot be empty/);

  await setSitePassword(handle.db, DEMO_WEBSITE_ID, null);
  const open = await new Visitor(app).request('GET', '/');
  t.equal(open.statusCode, 200);
  t.match(open.body, HOME_TEXT);
  t.equal((await postForm(new Visitor(app), '/about', { 'sb-unlock': '1', password: 'x' })).statusCode, 405);
});
