import { sql } from 'kysely';
import t from 'tap';
import {
  adjacentItems,
  findItemByUrlId,
  getImages,
  listItemImages,
  listItems,
  relatedItems,
  SEARCH_DOCUMENT,
  searchItems,
} from '../../api/repositories/item-repository.ts';
import { buildCollection, buildImage, buildItem, buildWebsite } from './helpers/build-site.ts';
import { openTestDatabase } from './helpers/test-database.ts';

const { db } = await openTestDatabase(t);

const day = (n: number) => new Date(Date.UTC(2024, 0, n, 12));

t.test('findItemByUrlId returns published items only', async (t) => {
  const { websiteId } = await buildWebsite(db);
  const blog = await buildCollection(db, websiteId, { urlId: 'blog' });
  await buildItem(db, websiteId, blog.id, { urlId: 'hello', title: 'Hello' });
  await buildItem(db, websiteId, blog.id, { urlId: 'draft', published: false });
  await buildItem(db, websiteId, blog.id, { urlId: 'tomorrow', publishOn: new Date(Date.now() + 86_400_000) });

  t.equal((await findItemByUrlId(db, websiteId, blog.id, 'hello'))?.title, 'Hello');
  t.equal(await findItemByUrlId(db, websiteId, blog.id, 'draft'), undefined, 'unpublished');
  t.equal(await findItemByUrlId(db, websiteId, blog.id, 'tomorrow'), undefined, 'scheduled for later');
  t.equal(await findItemByUrlId(db, websiteId, blog.id, 'nope'), undefined, 'missing');
  const other = await buildCollection(db, websiteId);
  t.equal(await findItemByUrlId(db, websiteId, other.id, 'hello'), undefined, 'other collection');
});

t.test('listItems orders chronologically, newest first, and pages with offsets', async (t) => {
  const { websiteId } = await buildWebsite(db);
  const blog = await buildCollection(db, websiteId, { ordering: 'chronological', pageSize: 2 });
  for (let n = 1; n <= 5; n++) await buildItem(db, websiteId, blog.id, { title: `Post ${n}`, publishOn: day(n) });
  await buildItem(db, websiteId, blog.id, { title: 'Draft', published: false, publishOn: day(9) });

  const first = await listItems(db, websiteId, blog.id);
  t.same(
    first.items.map((item) => item.title),
    ['Post 5', 'Post 4'],
  );
  t.equal(first.total, 5, 'drafts are not counted');
  t.equal(first.limit, 2, 'the collection page size is the default');
  t.equal(first.nextOffset, 2);
  t.equal(first.prevOffset, null);

  const last = await listItems(db, websiteId, blog.id, { offset: 4 });
  t.same(
    last.items.map((item) => item.title),
    ['Post 1'],
  );
  t.equal(last.nextOffset, null, 'no page after the last');
  t.equal(last.prevOffset, 2);

  const exact = await listItems(db, websiteId, blog.id, { offset: 3, limit: 2 });
  t.equal(exact.items.length, 2);
  t.equal(exact.nextOffset, null, 'a page ending exactly at the total has no next');
  t.equal(exact.prevOffset, 1);

  const past = await listItems(db, websiteId, blog.id, { offset: 10 });
  t.same(past.items, []);
  t.equal(past.total, 5);

  const short = await listItems(db, websiteId, blog.id, { offset: 1, limit: 3 });
  t.equal(short.prevOffset, 0, 'previous offset never goes below zero');

  await t.rejects(listItems(db, websiteId, blog.id, { offset: -1 }), RangeError);
  await t.rejects(listItems(db, websiteId, blog.id, { limit: 0 }), RangeError);
  await t.rejects(listItems(db, websiteId, blog.id, { limit: 1.5 }), RangeError);
  t.equal((await listItems(db, websiteId, blog.id, { limit: 10_000 })).limit, 250, 'limit is capped');
});

t.test('listItems honours user-ordered and alphabetical collections', async (t) => {
  const { websiteId } = await buildWebsite(db);
  const gallery = await buildCollection(db, websiteId, { ordering: 'user-ordered' });
  await buildItem(db, websiteId, gallery.id, { title: 'C', displayIndex: 0, publishOn: day(1) });
  await buildItem(db, websiteId, gallery.id, { title: 'A', displayIndex: 2, publishOn: day(3) });
  await buildItem(db, websiteId, gallery.id, { title: 'B', displayIndex: 1, publishOn: day(2) });
  t.same(
    (await listItems(db, websiteId, gallery.id)).items.map((item) => item.title),
    ['C', 'B', 'A'],
  );

  const shop = await buildCollection(db, websiteId, { ordering: 'alphabetical' });
  for (const title of ['Walnut', 'Ash', 'Maple']) await buildItem(db, websiteId, shop.id, { title });
  t.same(
    (await listItems(db, websiteId, shop.id)).items.map((item) => item.title),
    ['Ash', 'Maple', 'Walnut'],
  );
});

t.test('listItems filters by tag, category and featured with containment', async (t) => {
  const { websiteId } = await buildWebsite(db);
  const blog = await buildCollection(db, websiteId);
  await buildItem(db, websiteId, blog.id, { title: 'one', tags: ['red', 'blue'], categories: ['News'], starred: true });
  await buildItem(db, websiteId, blog.id, { title: 'two', tags: ['blue'], categories: ['Guides'] });
  await buildItem(db, websiteId, blog.id, { title: 'three', tags: ['reddish'], categories: ['News', 'Guides'] });

  const titles = async (options: Parameters<typeof listItems>[3]) =>
    (await listItems(db, websiteId, blog.id, options)).items.map((item) => item.title).sort();
  t.same(await titles({ tag: 'red' }), ['one'], 'exact tag, not a prefix');
  t.same(await titles({ tag: 'blue' }), ['one', 'two']);
  t.same(await titles({ category: 'Guides' }), ['three', 'two']);
  t.same(await titles({ category: 'guides' }), [], 'categories are case-sensitive values');
  t.same(await titles({ featured: true }), ['one']);
  t.same(await titles({ tag: 'blue', category: 'News' }), ['one'], 'filters combine');
  const filtered = await listItems(db, websiteId, blog.id, { tag: 'blue' });
  t.equal(filtered.total, 2, 'the total counts the filtered set');
  t.same(await titles({ tag: `x"]'; drop table items; --` }), [], 'odd tags are plain values');
});

t.test('listItems of an unknown collection is an empty page', async (t) => {
  const { websiteId } = await buildWebsite(db);
  const page = await listItems(db, websiteId, 'missing');
  t.same(page.items, []);
  t.equal(page.total, 0);
  t.equal(page.nextOffset, null);
});

t.test('adjacentItems follows the collection order and skips hidden items', async (t) => {
  const { websiteId } = await buildWebsite(db);
  const blog = await buildCollection(db, websiteId, { ordering: 'chronological' });
  const oldest = await buildItem(db, websiteId, blog.id, { title: 'oldest', publishOn: day(1) });
  await buildItem(db, websiteId, blog.id, { title: 'draft', publishOn: day(2), published: false });
  const middle = await buildItem(db, websiteId, blog.id, { title: 'middle', publishOn: day(3) });
  const newest = await buildItem(db, websiteId, blog.id, { title: 'newest', publishOn: day(4) });

  const around = await adjacentItems(db, websiteId, middle);
  t.equal(around.previous?.title, 'newest', 'listed before: the newer post');
  t.equal(around.next?.title, 'oldest', 'listed after: the older post, skipping the draft');
  t.equal((await adjacentItems(db, websiteId, newest)).previous, undefined);
  t.equal((await adjacentItems(db, websiteId, oldest)).next, undefined);

  const gallery = await buildCollection(db, websiteId, { ordering: 'user-ordered' });
  const a = await buildItem(db, websiteId, gallery.id, { title: 'a', displayIndex: 5 });
  const b = await buildItem(db, websiteId, gallery.id, { title: 'b', displayIndex: 5 });
  const c = await buildItem(db, websiteId, gallery.id, { title: 'c', displayIndex: 7 });
  const ordered = (await listItems(db, websiteId, gallery.id)).items.map((item) => item.id);
  const [first, second, third] = ordered;
  t.same(new Set(ordered), new Set([a.id, b.id, c.id]));
  if (second === undefined) throw new Error('fewer than three items listed');
  t.equal(third, c.id);
  const mid = await adjacentItems(db, websiteId, { id: second, collectionId: gallery.id });
  t.equal(mid.previous?.id, first, 'ties on display index break by id, as in the list');
  t.equal(mid.next?.id, third);
});

t.test('adjacentItems in an alphabetical collection, with same-microsecond dates', async (t) => {
  const { websiteId } = await buildWebsite(db);
  const shop = await buildCollection(db, websiteId, { ordering: 'alphabetical' });
  // Defaulted publish_on has microseconds a JS Date cannot hold.
  for (const title of ['pear', 'apple', 'fig']) {
    await db
      .insertInto('items')
      .values({
        websiteId,
        id: title,
        collectionId: shop.id,
        recordType: 1,
        title,
        urlId: title,
        updatedOn: new Date(),
      })
      .execute();
  }
  await sql`update items set publish_on = now() - interval '1 minute' where website_id = ${websiteId}`.execute(db);
  const fig = await adjacentItems(db, websiteId, { id: 'fig', collectionId: shop.id });
  t.equal(fig.previous?.title, 'apple');
  t.equal(fig.next?.title, 'pear');

  const blog = await buildCollection(db, websiteId, { ordering: 'chronological' });
  for (const id of ['x1', 'x2', 'x3']) {
    await db
      .insertInto('items')
      .values({ websiteId, id, collectionId: blog.id, recordType: 1, title: id, urlId: id, updatedOn: new Date() })
      .execute();
  }
  await sql`update items set publish_on = date_trunc('second', now()) - interval '1 minute' + interval '123456 microseconds'
    where website_id = ${websiteId} and collection_id = ${blog.id}`.execute(db);
  const x2 = await adjacentItems(db, websiteId, { id: 'x2', collectionId: blog.id });
  t.equal(x2.previous?.id, 'x3', 'equal dates order by id, descending');
  t.equal(x2.next?.id, 'x1');
});

t.test('searchItems ranks a title match above a body match', async (t) => {
  const { websiteId } = await buildWebsite(db);
  const blog = await buildCollection(db, websiteId, { urlId: 'journal', title: 'Journal' });
  const body = await buildItem(db, websiteId, blog.id, {
    title: 'Weekend notes',
    body: '<p>We baked sourdough bread all weekend.</p>',
    publishOn: day(5),
  });
  const title = await buildItem(db, websiteId, blog.id, {
    title: 'Sourdough basics',
    body: '<p>Flour, water, salt.</p>',
    publishOn: day(1),
  });
  await buildItem(db, websiteId, blog.id, { title: 'Sourdough draft', published: false });
  await buildItem(db, websiteId, blog.id, { title: 'Unrelated', body: 'nothing to see' });
  const hidden = await buildCollection(db, websiteId, { passwordProtected: true });
  await buildItem(db, websiteId, hidden.id, { title: 'Secret sourdough' });
  const disabled = await buildCollection(db, websiteId, { enabled: false });
  await buildItem(db, websiteId, disabled.id, { title: 'Old sourdough' });

  const found = await searchItems(db, websiteId, 'Sourdough');
  t.same(
    found.results.map((hit) => hit.item.id),
    [title.id, body.id],
    'title hit first though it is older',
  );
  t.equal(found.total, 2, 'drafts, protected and disabled collections are not searched');
  const [titleHit, bodyHit] = found.results;
  t.ok(titleHit && bodyHit && titleHit.rank > bodyHit.rank);
  t.same(titleHit?.collection, { id: blog.id, urlId: 'journal', title: 'Journal', typeName: 'blog' });

  t.same((await searchItems(db, websiteId, 'p')).results, [], 'HTML tag names are not indexed');
  t.same((await searchItems(db, websiteId, '   ')).results, []);
  t.same(
    (await searchItems(db, websiteId, 'sourdough -bread')).results.map((hit) => hit.item.id),
    [title.id],
    'web-search syntax',
  );
  const paged = await searchItems(db, websiteId, 'sourdough', { limit: 1, offset: 1 });
  t.same(
    paged.results.map((hit) => hit.item.id),
    [body.id],
  );
  t.equal(paged.prevOffset, 0);
  t.equal(paged.nextOffset, null);
  t.same((await searchItems(db, websiteId, '!!! & | :*')).results, [], 'operators alone match nothing');
});

t.test('the search expression is the one items_search_idx indexes', async (t) => {
  const plan = await db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    return sql<{ 'QUERY PLAN': string }>`explain select id from items
      where ${SEARCH_DOCUMENT} @@ websearch_to_tsquery('simple', 'bread')`.execute(trx);
  });
  const text = plan.rows.map((row) => Object.values(row)[0]).join('\n');
  t.match(text, /items_search_idx/);
});

t.test('the stored search document follows an edit; items are read without it', async (t) => {
  const { websiteId } = await buildWebsite(db);
  const blog = await buildCollection(db, websiteId, { ordering: 'user-ordered' });
  const loaf = await buildItem(db, websiteId, blog.id, { title: 'Rye loaf', urlId: 'loaf', displayIndex: 1 });
  await buildItem(db, websiteId, blog.id, { title: 'Crackers', displayIndex: 2 });
  await db
    .updateTable('items')
    .set({ title: 'Spelt loaf' })
    .where('websiteId', '=', websiteId)
    .where('id', '=', loaf.id)
    .execute();
  t.same((await searchItems(db, websiteId, 'rye')).results, [], 'the old title no longer matches');
  const found = await searchItems(db, websiteId, 'spelt');
  t.same(
    found.results.map((hit) => hit.item.id),
    [loaf.id],
  );
  const read = [
    found.results[0]?.item,
    (await listItems(db, websiteId, blog.id)).items[0],
    await findItemByUrlId(db, websiteId, blog.id, 'loaf'),
    (await adjacentItems(db, websiteId, loaf)).next,
  ];
  for (const item of read) {
    t.ok(item, 'an item was read');
    t.notOk(item && 'searchDocument' in item, 'without its search document');
  }
});

t.test('a user-ordered page and its neighbours are read in index order, without a sort', async (t) => {
  const plan = await db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    return sql<{ 'QUERY PLAN': string }>`explain select id from items
      where website_id = 'w' and collection_id = 'c' and published = true and publish_on <= now()
        and (display_index, id) > (1, 'x')
      order by display_index, id limit 24`.execute(trx);
  });
  const text = plan.rows.map((row) => Object.values(row)[0]).join('\n');
  t.match(text, /items_user_order_idx/);
  t.notMatch(text, /Sort/);
});

t.test('item images come back in display order; getImages maps ids', async (t) => {
  const { websiteId } = await buildWebsite(db);
  const gallery = await buildCollection(db, websiteId);
  const item = await buildItem(db, websiteId, gallery.id);
  const [one, two, three] = [
    await buildImage(db, websiteId, { altText: 'one' }),
    await buildImage(db, websiteId, { altText: 'two' }),
    await buildImage(db, websiteId, { altText: 'three' }),
  ];
  await db
    .insertInto('itemImages')
    .values([
      { websiteId, itemId: item.id, imageId: two.id, displayIndex: 1 },
      { websiteId, itemId: item.id, imageId: one.id, displayIndex: 0 },
      { websiteId, itemId: item.id, imageId: three.id, displayIndex: 2 },
    ])
    .execute();
  t.same(
    (await listItemImages(db, websiteId, item.id)).map((image) => image.altText),
    ['one', 'two', 'three'],
  );
  t.same(await listItemImages(db, websiteId, 'missing'), []);

  const images = await getImages(db, websiteId, [one.id, three.id, 'missing', one.id]);
  t.same([...images.keys()].sort(), [one.id, three.id].sort());
  t.equal(images.get(three.id)?.altText, 'three');
  t.equal((await getImages(db, websiteId, [])).size, 0);
  const other = await buildWebsite(db);
  t.equal((await getImages(db, other.websiteId, [one.id])).size, 0, 'another website sees none');
});

t.test(
  'relatedItems: most shared categories and tags first, then the collection order, never the item or hidden ones',
  async (t) => {
    const { websiteId } = await buildWebsite(db);
    const shop = await buildCollection(db, websiteId, { ordering: 'user-ordered' });
    const other = await buildCollection(db, websiteId, { ordering: 'user-ordered' });
    const mug = await buildItem(db, websiteId, shop.id, {
      title: 'Mug',
      displayIndex: 0,
      categories: ['Kitchen'],
      tags: ['ceramics', 'handmade'],
    });
    await buildItem(db, websiteId, shop.id, { title: 'Throw', displayIndex: 1, categories: ['Living'] });
    await buildItem(db, websiteId, shop.id, {
      title: 'Bowl',
      displayIndex: 2,
      categories: ['Kitchen'],
      tags: ['ceramics'],
    });
    await buildItem(db, websiteId, shop.id, {
      title: 'Vase',
      displayIndex: 3,
      tags: ['handmade', 'ceramics'],
      categories: ['Kitchen'],
    });
    await buildItem(db, websiteId, shop.id, { title: 'Board', displayIndex: 4, tags: ['handmade'] });
    await buildItem(db, websiteId, shop.id, {
      title: 'Hidden cup',
      displayIndex: 5,
      categories: ['Kitchen'],
      tags: ['ceramics'],
      published: false,
    });
    await buildItem(db, websiteId, shop.id, { title: 'Soap', displayIndex: 6 });
    await buildItem(db, websiteId, other.id, { title: 'Elsewhere', categories: ['Kitchen'], tags: ['ceramics'] });

    const related = await relatedItems(db, websiteId, mug, shop.ordering);
    t.same(
      related.map((item) => item.title),
      ['Vase', 'Bowl', 'Board', 'Throw'],
      'three shared, two, one, then the store order for the rest, four at most',
    );
    const alone = await buildItem(db, websiteId, other.id, { title: 'Alone' });
    t.same(
      (await relatedItems(db, websiteId, alone, other.ordering)).map((item) => item.title),
      ['Elsewhere'],
    );
  },
);
