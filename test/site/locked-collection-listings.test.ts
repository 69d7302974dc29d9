/**
 * A locked collection's items never appear on another page: summary blocks
 * (type 55) and squarespace:query answers are kept for every visitor alike,
 * so they leave out a password-protected or member-only collection's items
 * even for the browser that unlocked it or the member let in (07ab636).
 */
import t from 'tap';
import { UNLOCK_COOKIE } from '../../api/cookie-names.ts';
import { setCollectionPassword } from '../../api/repositories/member-area-repository.ts';
import { collectionId } from '../../api/seed/demo-ids.ts';
import { DEMO_MEMBER } from '../../api/seed/demo-member.ts';
import { DEMO_WEBSITE_ID } from '../../api/seed/seed-demo-site.ts';
import { databaseTagSource } from '../../renderer/page-context/tag-data-source.ts';
import { Visitor } from '../api-http/api-helpers.ts';
import { Member } from '../api-http/site-user-helpers.ts';
import { openDemoApp } from './demo-app.ts';

const { app, handle } = await openDemoApp(t);
const JOURNAL_PASSWORD = 'journal-preview';

const titlesOf = async (urlId: string) =>
  (
    await handle.db
      .selectFrom('items')
      .innerJoin('collections', (join) =>
        join.onRef('collections.id', '=', 'items.collectionId').onRef('collections.websiteId', '=', 'items.websiteId'),
      )
      .select('items.title')
      .where('items.websiteId', '=', DEMO_WEBSITE_ID)
      .where('collections.urlId', '=', urlId)
      .execute()
  ).map((row) => row.title);

const escaped = (title: string) => title.replaceAll('&', '&amp;').replaceAll("'", '&#39;');
const listed = (html: string, titles: readonly string[]) => titles.filter((title) => html.includes(escaped(title)));

/** squarespace:query as a template asks it, straight from the tag source every page uses. */
const query = (collection: string) =>
  databaseTagSource(handle.db, {
    websiteId: DEMO_WEBSITE_ID,
    collectionId: undefined,
    homeCollectionId: undefined,
    store: {},
    remember: (_key, load) => load(),
  }).query({ kind: 'query', collection, limit: 10, skip: 0, featured: false, tag: null, category: null });

const journalTitles = await titlesOf('journal');
const circleTitles = await titlesOf('roasters-circle');

t.test('open, the journal is listed by the home page’s summary block and by squarespace:query', async (t) => {
  t.ok(listed((await new Visitor(app).request('GET', '/')).body, journalTitles).length > 0, 'the summary lists posts');
  const answer = (await query('journal')) as { items: unknown[] } | undefined;
  t.ok(answer && answer.items.length > 0, 'the query lists posts');
});

t.test('a password-protected collection is listed by neither, even for a browser that unlocked it', async (t) => {
  await setCollectionPassword(handle.db, DEMO_WEBSITE_ID, collectionId('journal'), JOURNAL_PASSWORD);
  t.teardown(() => setCollectionPassword(handle.db, DEMO_WEBSITE_ID, collectionId('journal'), null));
  t.same(listed((await new Visitor(app).request('GET', '/')).body, journalTitles), [], 'a visitor');

  const unlocked = new Visitor(app);
  const body = new URLSearchParams({
    crumb: unlocked.cookies.get('crumb') ?? '',
    'sb-unlock': '1',
    password: JOURNAL_PASSWORD,
  });
  const posted = await unlocked.request('POST', '/journal', body.toString(), {
    'content-type': 'application/x-www-form-urlencoded',
  });
  t.equal(posted.headers.location, '/journal');
  t.ok(unlocked.cookies.get(UNLOCK_COOKIE));
  t.ok(listed((await unlocked.request('GET', '/journal')).body, journalTitles).length > 0, 'its own page opens');
  const home = await unlocked.request('GET', '/');
  t.same(listed(home.body, journalTitles), [], 'the browser that unlocked it');
  t.same(listed((await unlocked.request('GET', '/?format=json')).body, journalTitles), [], 'JSON too');
  t.equal(await query('journal'), undefined, 'squarespace:query');
  t.ok(await query('shop'), 'an open collection still answers');
});

t.test('a member-only collection is listed by neither, even for its members', async (t) => {
  const about = await handle.db
    .selectFrom('collections')
    .select('blocks')
    .where('websiteId', '=', DEMO_WEBSITE_ID)
    .where('id', '=', collectionId('about'))
    .executeTakeFirstOrThrow();
  const summary = { type: 55, collectionId: collectionId('roasters-circle'), limit: 6, design: 'list' };
  const setBlocks = (blocks: unknown[]) =>
    handle.db
      .updateTable('collections')
      .set({ blocks: JSON.stringify(blocks) as never })
      .where('websiteId', '=', DEMO_WEBSITE_ID)
      .where('id', '=', collectionId('about'))
      .execute();
  await setBlocks([...(about.blocks as unknown[]), summary]);
  t.teardown(() => setBlocks(about.blocks as unknown[]));

  // The same block lists the area's posts once it is open to all: the block itself works.
  const setMemberOnly = (memberOnly: boolean) =>
    handle.db
      .updateTable('collections')
      .set({ memberOnly })
      .where('websiteId', '=', DEMO_WEBSITE_ID)
      .where('id', '=', collectionId('roasters-circle'))
      .execute();
  await setMemberOnly(false);
  t.ok(listed((await new Visitor(app).request('GET', '/about')).body, circleTitles).length > 0, 'open, it is listed');
  await setMemberOnly(true);

  t.same(listed((await new Visitor(app).request('GET', '/about')).body, circleTitles), [], 'a visitor');
  const member = new Member(app);
  t.equal((await member.signIn(DEMO_MEMBER.email, DEMO_MEMBER.password)).statusCode, 200);
  t.ok(
    listed((await member.request('GET', '/roasters-circle')).body, circleTitles).length > 0,
    'the member area opens',
  );
  t.same(listed((await member.request('GET', '/about')).body, circleTitles), [], 'a member');
  t.same(listed((await member.request('GET', '/about?format=json')).body, circleTitles), [], 'JSON too');
  t.equal(await query('roasters-circle'), undefined, 'squarespace:query');
});
