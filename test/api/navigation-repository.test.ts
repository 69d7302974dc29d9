import t from 'tap';
import { newId } from '../../api/db/ids.ts';
import { getNavigation } from '../../api/repositories/navigation-repository.ts';
import { buildCollection, buildWebsite } from './helpers/build-site.ts';
import { openTestDatabase } from './helpers/test-database.ts';

const { db } = await openTestDatabase(t);

t.test('getNavigation builds the nested tree in display order', async (t) => {
  const { websiteId } = await buildWebsite(db);
  const blog = await buildCollection(db, websiteId, { urlId: 'blog', title: 'Blog', typeName: 'blog' });
  const about = await buildCollection(db, websiteId, { urlId: 'about', title: 'About us', typeName: 'page' });
  const folder = await buildCollection(db, websiteId, { urlId: 'more', title: 'More', typeName: 'folder' });
  const off = await buildCollection(db, websiteId, { urlId: 'off', enabled: false });
  await db.insertInto('navigations').values({ websiteId, id: 'main', identifier: 'mainNav', title: 'Main' }).execute();
  await db
    .insertInto('navigations')
    .values({ websiteId, id: 'foot', identifier: 'footerNav', title: 'Footer' })
    .execute();
  const link = (values: {
    id?: string;
    navigationId?: string;
    parentId?: string;
    collectionId?: string;
    externalLink?: string;
    title?: string;
    newWindow?: boolean;
    displayIndex: number;
  }) =>
    db
      .insertInto('navigationItems')
      .values({
        websiteId,
        id: values.id ?? newId(),
        navigationId: values.navigationId ?? 'main',
        parentId: values.parentId ?? null,
        collectionId: values.collectionId ?? null,
        externalLink: values.externalLink ?? null,
        title: values.title ?? null,
        newWindow: values.newWindow,
        displayIndex: values.displayIndex,
      })
      .execute();
  await link({ id: 'folder', collectionId: folder.id, displayIndex: 2 });
  await link({ collectionId: blog.id, displayIndex: 0 });
  await link({ parentId: 'folder', collectionId: about.id, displayIndex: 1 });
  await link({
    parentId: 'folder',
    externalLink: 'https://example.org',
    title: 'Partner',
    newWindow: true,
    displayIndex: 0,
  });
  await link({ id: 'hidden', collectionId: off.id, displayIndex: 1 });
  await link({ parentId: 'hidden', externalLink: 'https://example.net', displayIndex: 0 });
  await link({ navigationId: 'foot', collectionId: about.id, displayIndex: 0 });

  const nav = await getNavigation(db, websiteId, 'mainNav');
  t.equal(nav?.identifier, 'mainNav');
  t.same(
    nav?.items.map((item) => item.collection?.urlId),
    ['blog', 'more'],
    'top level in order; the disabled collection and its child are left out',
  );
  t.same(nav?.items[0]?.collection, {
    id: blog.id,
    urlId: 'blog',
    title: 'Blog',
    navigationTitle: 'Blog',
    typeName: 'blog',
  });
  const children = nav?.items[1]?.children ?? [];
  t.same(
    children.map((child) => [child.title, child.externalLink, child.newWindow, child.collection?.urlId ?? null]),
    [
      ['Partner', 'https://example.org', true, null],
      [null, null, false, 'about'],
    ],
  );
  t.same(
    (await getNavigation(db, websiteId, 'footerNav'))?.items.map((item) => item.collection?.title),
    ['About us'],
  );
  t.equal(await getNavigation(db, websiteId, 'missingNav'), undefined);
});
