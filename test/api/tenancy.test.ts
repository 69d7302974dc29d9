import t from 'tap';
import { addEntry, createCart, getCart } from '../../api/repositories/cart-repository.ts';
import { findCollectionByUrlId, listCollections } from '../../api/repositories/collection-repository.ts';
import { reserveStock } from '../../api/repositories/inventory-repository.ts';
import { findItemByUrlId, listItems, searchItems } from '../../api/repositories/item-repository.ts';
import { getNavigation } from '../../api/repositories/navigation-repository.ts';
import { placeOrder } from '../../api/repositories/order-repository.ts';
import {
  findVariantBySku,
  getProduct,
  getProductsForItems,
  getStock,
} from '../../api/repositories/product-repository.ts';
import { findWebsiteByHost } from '../../api/repositories/website-repository.ts';
import { buildSite } from './helpers/build-site.ts';
import { openTestDatabase } from './helpers/test-database.ts';

const { db } = await openTestDatabase(t);

// Two shops built from the same recipe: same collection url id ('shop'),
// same product url id ('lamp'), same SKU ('LAMP-1'), same navigation name.
const a = await buildSite(db, { host: 'a.example.test', qtyInStock: 5 });
const b = await buildSite(db, { host: 'b.example.test', qtyInStock: 7 });
for (const site of [a, b]) {
  await db
    .insertInto('navigations')
    .values({ websiteId: site.websiteId, id: 'nav', identifier: 'mainNav', title: 'Main' })
    .execute();
  await db
    .insertInto('navigationItems')
    .values({ websiteId: site.websiteId, id: 'link', navigationId: 'nav', collectionId: site.store.id })
    .execute();
}

t.test('the fixtures really collide on every natural key', async (t) => {
  t.equal(a.store.urlId, b.store.urlId);
  t.equal(a.product.item.urlId, b.product.item.urlId);
  t.equal(a.variant.sku, b.variant.sku);
  t.not(a.websiteId, b.websiteId);
});

t.test('host lookup', async (t) => {
  t.equal((await findWebsiteByHost(db, 'a.example.test'))?.website.id, a.websiteId);
  t.equal((await findWebsiteByHost(db, 'B.example.test:8080'))?.website.id, b.websiteId);
});

t.test('collections and items', async (t) => {
  t.equal((await findCollectionByUrlId(db, a.websiteId, 'shop'))?.id, a.store.id);
  t.equal((await findCollectionByUrlId(db, b.websiteId, 'shop'))?.id, b.store.id);
  t.same(
    (await listCollections(db, a.websiteId)).map((c) => c.id),
    [a.store.id],
  );
  t.equal((await findItemByUrlId(db, a.websiteId, a.store.id, 'lamp'))?.id, a.product.item.id);
  t.equal((await findItemByUrlId(db, b.websiteId, b.store.id, 'lamp'))?.id, b.product.item.id);
  t.equal(await findItemByUrlId(db, a.websiteId, b.store.id, 'lamp'), undefined, "B's collection id under A");

  t.same(
    (await listItems(db, a.websiteId, a.store.id)).items.map((item) => item.id),
    [a.product.item.id],
  );
  const crossed = await listItems(db, a.websiteId, b.store.id);
  t.same(crossed.items, []);
  t.equal(crossed.total, 0);
});

t.test('search', async (t) => {
  const hits = await searchItems(db, a.websiteId, 'lamp');
  t.same(
    hits.results.map((hit) => hit.item.id),
    [a.product.item.id],
  );
  t.equal(hits.total, 1);
});

t.test('products, variants and stock', async (t) => {
  t.equal((await getProduct(db, a.websiteId, a.product.item.id))?.variants[0]?.id, a.variant.id);
  t.equal(await getProduct(db, a.websiteId, b.product.item.id), undefined);
  t.same(
    [...(await getProductsForItems(db, a.websiteId, [a.product.item.id, b.product.item.id])).keys()],
    [a.product.item.id],
  );
  t.equal((await findVariantBySku(db, a.websiteId, 'LAMP-1'))?.id, a.variant.id);
  t.equal((await findVariantBySku(db, b.websiteId, 'LAMP-1'))?.id, b.variant.id);
  t.same(await getStock(db, a.websiteId, b.product.item.id), { results: [] });
  t.equal((await getStock(db, b.websiteId, b.product.item.id)).results[0]?.qtyInStock, 7);
});

t.test('stock reservation', async (t) => {
  t.same(await reserveStock(db, a.websiteId, b.variant.id, 1), { ok: false, reason: 'not-found' });
  t.same(await reserveStock(db, a.websiteId, a.variant.id, 2), { ok: true });
  t.equal((await getStock(db, a.websiteId, a.product.item.id)).results[0]?.qtyInStock, 3);
  t.equal((await getStock(db, b.websiteId, b.product.item.id)).results[0]?.qtyInStock, 7, 'B untouched');
});

t.test('carts and orders', async (t) => {
  const cart = await createCart(db, a.websiteId, { currency: 'USD' });
  t.same(
    await addEntry(db, a.websiteId, cart.id, { itemId: b.product.item.id, variantId: b.variant.id, quantity: 1 }),
    { ok: false, reason: 'variant-not-found' },
    "B's product cannot go into A's cart",
  );
  t.same(
    await addEntry(db, b.websiteId, cart.id, { itemId: b.product.item.id, variantId: b.variant.id, quantity: 1 }),
    { ok: false, reason: 'cart-not-found' },
    "A's cart does not exist for B",
  );
  await addEntry(db, a.websiteId, cart.id, { itemId: a.product.item.id, variantId: a.variant.id, quantity: 1 });
  t.equal(await getCart(db, b.websiteId, cart.id), undefined);
  t.equal((await getCart(db, a.websiteId, cart.id))?.entries.length, 1);
  t.same(await placeOrder(db, b.websiteId, cart.id, { customerEmail: null, testMode: false }), {
    ok: false,
    reason: 'cart-not-found',
  });
  const placed = await placeOrder(db, a.websiteId, cart.id, { customerEmail: null, testMode: false });
  t.equal(placed.ok, true);
  t.equal((await getStock(db, b.websiteId, b.product.item.id)).results[0]?.qtyInStock, 7, 'B untouched');
});

t.test('navigation', async (t) => {
  const navA = await getNavigation(db, a.websiteId, 'mainNav');
  const navB = await getNavigation(db, b.websiteId, 'mainNav');
  t.same(
    navA?.items.map((item) => item.collection?.id),
    [a.store.id],
  );
  t.same(
    navB?.items.map((item) => item.collection?.id),
    [b.store.id],
  );
});
