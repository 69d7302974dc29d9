import t from 'tap';
import {
  findCollectionByUrlId,
  findHomeCollection,
  getCollection,
  listChildCollections,
  listCollections,
} from '../../api/repositories/collection-repository.ts';
import { buildCollection, buildWebsite } from './helpers/build-site.ts';
import { openTestDatabase } from './helpers/test-database.ts';

const { db } = await openTestDatabase(t);

t.test('collections by url id, home, list and children', async (t) => {
  const { websiteId } = await buildWebsite(db);
  const home = await buildCollection(db, websiteId, { urlId: 'home', isHome: true, displayIndex: 0, type: 10 });
  const folder = await buildCollection(db, websiteId, { urlId: 'more', displayIndex: 2 });
  const blog = await buildCollection(db, websiteId, { urlId: 'blog', displayIndex: 1 });
  await buildCollection(db, websiteId, { urlId: 'hidden', enabled: false, displayIndex: 3 });
  const second = await buildCollection(db, websiteId, { urlId: 'second', parentId: folder.id, displayIndex: 5 });
  const first = await buildCollection(db, websiteId, { urlId: 'first', parentId: folder.id, displayIndex: 4 });
  await buildCollection(db, websiteId, { urlId: 'off', parentId: folder.id, enabled: false });

  t.equal((await findCollectionByUrlId(db, websiteId, 'blog'))?.id, blog.id);
  t.equal(await findCollectionByUrlId(db, websiteId, 'missing'), undefined);
  t.equal(await findCollectionByUrlId(db, websiteId, 'hidden'), undefined, 'disabled is hidden');
  t.equal((await findCollectionByUrlId(db, websiteId, 'hidden', { includeDisabled: true }))?.urlId, 'hidden');
  t.equal((await getCollection(db, websiteId, blog.id))?.urlId, 'blog');
  t.equal((await findHomeCollection(db, websiteId))?.id, home.id);

  t.same(
    (await listCollections(db, websiteId)).map((c) => c.urlId),
    ['home', 'blog', 'more', 'first', 'second'],
    'every enabled collection, nested ones too, by display index',
  );
  t.same(
    (await listChildCollections(db, websiteId, folder.id)).map((c) => c.id),
    [first.id, second.id],
  );
  t.same(await listChildCollections(db, websiteId, blog.id), []);
});

t.test('a website without a home collection has none', async (t) => {
  const { websiteId } = await buildWebsite(db);
  await buildCollection(db, websiteId, { urlId: 'blog' });
  t.equal(await findHomeCollection(db, websiteId), undefined);
});
