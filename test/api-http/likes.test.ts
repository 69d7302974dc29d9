/**
 * The like calls (api/http/like-routes.ts) through inject(): a like counts
 * once per visitor (the crumb's visitor id), can be taken back, needs the
 * crumb like every write, is refused for items nobody may see and on sites
 * with liking off. A like leaves the website's content version, and so the
 * kept pages of the site, as they were (migration 0029): the page's count
 * may lag, the like button reads the live one.
 */
import t from 'tap';
import { signCrumb } from '../../api/http/crumb.ts';
import { contentVersion } from '../../api/repositories/content-version-repository.ts';
import { DEMO_WEBSITE_ID, demoId } from '../../api/seed/demo-ids.ts';
import { openDemoApp } from '../site/demo-app.ts';
import { HOST, TEST_SECRET, Visitor } from './api-helpers.ts';

const { app, handle } = await openDemoApp(t);
const db = handle.db;

const POST = demoId('post', 'notes-from-huila');
const POST_PAGE = '/journal/notes-from-huila';
const MEMBER_POST = demoId('post', 'spring-roast-log');
const likePath = (itemId: string) => `/api/content/items/${itemId}/like`;

/** A visitor of their own: the shared test crumb would make every visitor the same one. */
function visitor(n: number): Visitor {
  const one = new Visitor(app);
  one.cookies.set('crumb', signCrumb(TEST_SECRET, n.toString(16).padStart(32, '0')));
  return one;
}

async function storedCount(itemId: string): Promise<{ likeCount: number; rows: number }> {
  const item = await db.selectFrom('items').select('likeCount').where('id', '=', itemId).executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom('likes')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('websiteId', '=', DEMO_WEBSITE_ID)
    .where('itemId', '=', itemId)
    .executeTakeFirstOrThrow();
  return { likeCount: item.likeCount, rows: Number(rows.count) };
}

const before = await storedCount(POST);

t.test('a like counts once per visitor and can be taken back', async (t) => {
  const ada = visitor(1);
  const ben = visitor(2);
  const start = before.likeCount;

  const read = await ada.request('GET', likePath(POST));
  t.equal(read.statusCode, 200);
  t.same(read.json(), { likeCount: start, liked: false });
  t.match(String(read.headers['cache-control']), /no-store/, "one visitor's answer is never kept");

  t.same((await ada.request('PUT', likePath(POST))).json(), { likeCount: start + 1, liked: true });
  t.same((await ada.request('PUT', likePath(POST))).json(), { likeCount: start + 1, liked: true }, 'again: no change');
  t.same((await ada.request('GET', likePath(POST))).json(), { likeCount: start + 1, liked: true });
  t.same((await ben.request('GET', likePath(POST))).json(), { likeCount: start + 1, liked: false }, 'not for another');
  t.same((await ben.request('PUT', likePath(POST))).json(), { likeCount: start + 2, liked: true });
  t.same(await storedCount(POST), { likeCount: start + 2, rows: before.rows + 2 });

  t.same((await ada.request('DELETE', likePath(POST))).json(), { likeCount: start + 1, liked: false });
  t.same((await ada.request('DELETE', likePath(POST))).json(), { likeCount: start + 1, liked: false }, 'again');
  t.same((await ben.request('DELETE', likePath(POST))).json(), { likeCount: start, liked: false });
  t.same(await storedCount(POST), before);
});

t.test('a like keeps the content version, so kept pages stay kept; the like call tells the live count', async (t) => {
  const ada = visitor(3);
  const count = (html: string) => /data-like-count="(\d+)"/.exec(html)?.[1];
  const page = () => app.inject({ method: 'GET', url: POST_PAGE, headers: { host: HOST } });
  const version = () => contentVersion(handle.db, DEMO_WEBSITE_ID);
  const first = await page();
  t.equal(count(first.body), String(before.likeCount));
  const kept = await version();
  t.same((await ada.request('PUT', likePath(POST))).json(), { likeCount: before.likeCount + 1, liked: true });
  t.equal(await version(), kept, 'the content version did not move');
  t.equal((await page()).body, first.body, 'the kept page is served as it was');
  t.same((await ada.request('GET', likePath(POST))).json(), { likeCount: before.likeCount + 1, liked: true });
  await ada.request('DELETE', likePath(POST));
  t.equal(await version(), kept);
});

t.test('a like is a write: without the crumb it is refused and nothing changes', async (t) => {
  const noHeader = await app.inject({
    method: 'PUT',
    url: likePath(POST),
    headers: { host: HOST, cookie: `crumb=${signCrumb(TEST_SECRET, 'a'.repeat(32))}` },
  });
  t.equal(noHeader.statusCode, 403);
  t.equal(noHeader.json().error.message, 'Your session has expired. Please reload the page and try again.');
  const noCookie = await app.inject({ method: 'PUT', url: likePath(POST), headers: { host: HOST } });
  t.equal(noCookie.statusCode, 403);
  t.equal(noCookie.json().error.message, 'Please enable cookies in your browser, reload the page, and try again.');
  t.same(await storedCount(POST), before);
});

t.test('a visitor without a crumb reads the count, not liked', async (t) => {
  const read = await app.inject({ method: 'GET', url: likePath(POST), headers: { host: HOST } });
  t.same(read.json(), { likeCount: before.likeCount, liked: false });
});

t.test('items nobody may see and bad ids are refused', async (t) => {
  const ada = visitor(4);
  const member = await storedCount(MEMBER_POST);
  for (const method of ['GET', 'PUT', 'DELETE'] as const) {
    const hidden = await ada.request(method, likePath(MEMBER_POST));
    t.equal(hidden.statusCode, 404, `${method} a member-area post`);
    t.equal(hidden.json().error.message, 'That item was not found.');
  }
  t.same(await storedCount(MEMBER_POST), member, "the member post's count is untouched");

  const unknown = await ada.request('PUT', likePath(demoId('post', 'no-such-post')));
  t.equal(unknown.statusCode, 404);
  t.equal(unknown.json().error.code, 'item-not-found');

  const malformed = await ada.request('PUT', likePath('not-an-id'));
  t.equal(malformed.statusCode, 400);
  t.match(malformed.json().error.fields, { itemId: 'Expected an item id.' });

  const draft = demoId('post', 'notes-from-huila');
  await db.updateTable('items').set({ published: false }).where('id', '=', draft).execute();
  t.teardown(() => db.updateTable('items').set({ published: true }).where('id', '=', draft).execute());
  const unpublished = await ada.request('PUT', likePath(draft));
  t.equal(unpublished.statusCode, 404, 'an unpublished post');
  await db.updateTable('items').set({ published: true }).where('id', '=', draft).execute();
  t.same(await storedCount(POST), before);
});

t.test('a site with liking off refuses likes', async (t) => {
  await db
    .updateTable('websiteSettings')
    .set({ simpleLikingEnabled: false })
    .where('websiteId', '=', DEMO_WEBSITE_ID)
    .execute();
  t.teardown(() =>
    db
      .updateTable('websiteSettings')
      .set({ simpleLikingEnabled: true })
      .where('websiteId', '=', DEMO_WEBSITE_ID)
      .execute(),
  );
  const ada = visitor(5);
  const refused = await ada.request('PUT', likePath(POST));
  t.equal(refused.statusCode, 403);
  t.same(refused.json().error, { code: 'likes-disabled', message: 'Likes are turned off on this site.' });
  t.same(await storedCount(POST), before);
  const page = await app.inject({ method: 'GET', url: POST_PAGE, headers: { host: HOST } });
  t.notMatch(page.body, 'data-like-button', 'and the page shows no like button');
});
