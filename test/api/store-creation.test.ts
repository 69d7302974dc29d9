/**
 * Store creation (spec sections 3, 4, 5 and 8) over the demo site: the URL
 * id rules, the product collection and its root category, the site layout,
 * the navigation update with the new store first, refusals that change
 * nothing, and a half-made store removed whole.
 */
import t from 'tap';
import { ApiError } from '../../api/api-errors.ts';
import { setTranslationLanguages } from '../../api/repositories/translation-repository.ts';
import { DEMO_WEBSITE_ID } from '../../api/seed/demo-ids.ts';
import {
  createProductCollection,
  createRootCategory,
  deleteStore,
  getSiteLayout,
  updateNavigation,
} from '../../api/services/store-creation-service.ts';
import { NO_MAIN_NAVIGATION, ROOT_CATEGORY, storeUrlId } from '../../shared/store-creation.ts';
import { openTestDatabase } from './helpers/test-database.ts';

const { db } = await openTestDatabase(t, { demoSite: true });
const W = DEMO_WEBSITE_ID;
const storeInput = (title: string, urlId?: string) => ({
  navigationTitle: title,
  title,
  ...(urlId === undefined ? {} : { urlId }),
  description: '',
  enabled: true as const,
});
const code = (error: unknown) => (error instanceof ApiError ? error.code : String(error));

t.test('URL ids: from the title, the fallback under 3 characters, the next free number when taken', async (t) => {
  t.equal(storeUrlId('Winter Market', new Set()), 'winter-market');
  t.equal(storeUrlId('  Ünïcode Café!! ', new Set()), 'unicode-cafe');
  t.equal(storeUrlId('A', new Set()), 'store');
  t.equal(storeUrlId('', new Set()), 'store');
  t.equal(storeUrlId('!!', new Set()), 'store');
  t.equal(storeUrlId('Shop', new Set(['shop'])), 'shop-1');
  t.equal(storeUrlId('Shop', new Set(['shop', 'shop-1', 'shop-2'])), 'shop-3');
  t.equal(storeUrlId('x', new Set(['store'])), 'store-1');
});

t.test('a product collection and its root category; a second root is refused', async (t) => {
  const store = await createProductCollection(db, W, storeInput('Winter Market'));
  t.equal(store.urlId, 'winter-market');
  const row = await db.selectFrom('collections').selectAll().where('id', '=', store.id).executeTakeFirstOrThrow();
  t.equal(row.type, 13);
  t.equal(row.typeName, 'products');
  t.equal(row.enabled, true);
  const root = await createRootCategory(db, W, store.id, { displayName: 'All', ...ROOT_CATEGORY });
  t.equal(root.displayName, 'All');
  t.equal(
    code(await createRootCategory(db, W, store.id, { displayName: 'All', ...ROOT_CATEGORY }).catch((e) => e)),
    'root-category-exists',
  );
  const again = await createProductCollection(db, W, storeInput('Winter Market', 'winter-market'));
  t.equal(again.urlId, 'winter-market-1', 'a taken URL id takes the next free number');
  const shop = await createProductCollection(db, W, storeInput('Shop'));
  t.equal(shop.urlId, 'shop-1', "the demo store's /shop is taken");
});

t.test('a root category only for a store of this site', async (t) => {
  const page = await db
    .selectFrom('collections')
    .select('id')
    .where('websiteId', '=', W)
    .where('typeName', '=', 'page')
    .executeTakeFirstOrThrow();
  t.equal(
    code(await createRootCategory(db, W, page.id, { displayName: 'All', ...ROOT_CATEGORY }).catch((e) => e)),
    'not-a-store',
  );
  t.equal(
    code(
      await createRootCategory(db, W, '0123456789abcdef01234567', { displayName: 'All', ...ROOT_CATEGORY }).catch(
        (e) => e,
      ),
    ),
    'collection-not-found',
  );
});

t.test('the site layout, and the new store first in the main navigation followed by the existing links', async (t) => {
  const layout = await getSiteLayout(db, W);
  const main = layout.find((l) => l.identifier === 'mainNav');
  t.ok(main, 'the demo site has a main navigation');
  const before = main!.links;
  t.ok(before.length > 0);
  const store = await createProductCollection(db, W, storeInput('Gift Shop'));
  const newLink = { collectionId: store.id, externalLink: null, memberAreaId: null, items: [] };
  await updateNavigation(db, W, { fieldName: 'mainNav', navigation: { items: [newLink, ...before] } });
  const after = (await getSiteLayout(db, W)).find((l) => l.identifier === 'mainNav')!.links;
  t.equal(after[0]!.collectionId, store.id);
  t.same(
    after.slice(1).map((l) => [l.collectionId, l.externalLink, l.items.length]),
    before.map((l) => [l.collectionId, l.externalLink, l.items.length]),
    'the existing links follow, folders with their links',
  );
});

t.test('a navigation update that cannot be made changes nothing', async (t) => {
  const before = await getSiteLayout(db, W);
  const main = before.find((l) => l.identifier === 'mainNav')!;
  const bad = [
    { collectionId: '0123456789abcdef01234567', externalLink: null, memberAreaId: null, items: [] },
    { collectionId: null, externalLink: 'javascript:alert(1)', memberAreaId: null, items: [] },
    { collectionId: null, externalLink: null, memberAreaId: null, items: [] },
    { collectionId: main.links[0]!.collectionId, externalLink: 'https://x.example', memberAreaId: null, items: [] },
  ];
  for (const link of bad) {
    const error = await updateNavigation(db, W, {
      fieldName: 'mainNav',
      navigation: { items: [...main.links, link] },
    }).catch((e) => e);
    t.equal(code(error), 'navigation-item-invalid', JSON.stringify(link));
  }
  const missing = await updateNavigation(db, W, { fieldName: 'nope', navigation: { items: [] } }).catch((e) => e);
  t.equal(code(missing), 'no-main-navigation');
  t.equal((missing as ApiError).message, NO_MAIN_NAVIGATION);
  t.same(await getSiteLayout(db, W), before);
});

t.test('a store the dialog could not finish is deleted with its category and links', async (t) => {
  const store = await createProductCollection(db, W, storeInput('Half Made'));
  await createRootCategory(db, W, store.id, { displayName: 'All', ...ROOT_CATEGORY });
  await deleteStore(db, W, store.id);
  t.equal((await db.selectFrom('collections').select('id').where('id', '=', store.id).execute()).length, 0);
  t.equal(
    (await db.selectFrom('productCategories').select('id').where('collectionId', '=', store.id).execute()).length,
    0,
  );
});

t.test("a store never takes a platform address or a language's prefix", async (t) => {
  await setTranslationLanguages(db, W, [{ code: 'x-winter', name: 'Winterish' }]);
  t.teardown(() => setTranslationLanguages(db, W, []));
  const cart = await createProductCollection(db, W, storeInput('Cart'));
  t.equal(cart.urlId, 'cart-1', '/cart is the cart page');
  const asked = await createProductCollection(db, W, storeInput('Anything', 'checkout'));
  t.equal(asked.urlId, 'checkout-1', 'nor when asked for by name');
  const winter = await createProductCollection(db, W, storeInput('X Winter'));
  t.equal(winter.urlId, 'x-winter-1', "/x-winter is the language's");
  for (const store of [cart, asked, winter]) await deleteStore(db, W, store.id);
});
