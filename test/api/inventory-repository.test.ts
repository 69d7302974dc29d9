import t from 'tap';
import { releaseStock, reserveStock, setStock } from '../../api/repositories/inventory-repository.ts';
import { getStock } from '../../api/repositories/product-repository.ts';
import { buildCollection, buildProduct, buildWebsite } from './helpers/build-site.ts';
import { openTestDatabase } from './helpers/test-database.ts';

const { db } = await openTestDatabase(t);

async function variantWith(stock: { qtyInStock: number; unlimited?: boolean }) {
  const { websiteId } = await buildWebsite(db);
  const shop = await buildCollection(db, websiteId);
  const { variants } = await buildProduct(db, websiteId, shop.id, { variants: [stock] });
  const qty = async () =>
    (
      await db
        .selectFrom('productVariants')
        .select('qtyInStock')
        .where('id', '=', variants[0].id)
        .executeTakeFirstOrThrow()
    ).qtyInStock;
  return { websiteId, variantId: variants[0].id, itemId: variants[0].itemId, qty };
}

t.test('reserveStock takes stock only when there is enough', async (t) => {
  const { websiteId, variantId, qty } = await variantWith({ qtyInStock: 5 });
  t.same(await reserveStock(db, websiteId, variantId, 3), { ok: true });
  t.equal(await qty(), 2);
  t.same(await reserveStock(db, websiteId, variantId, 3), { ok: false, reason: 'insufficient-stock' });
  t.equal(await qty(), 2, 'a refused reservation takes nothing');
  t.same(await reserveStock(db, websiteId, variantId, 2), { ok: true }, 'the last units');
  t.equal(await qty(), 0);
  t.same(await reserveStock(db, websiteId, 'missing', 1), { ok: false, reason: 'not-found' });
});

t.test('unlimited variants always reserve and keep their count', async (t) => {
  const { websiteId, variantId, qty } = await variantWith({ qtyInStock: 0, unlimited: true });
  t.same(await reserveStock(db, websiteId, variantId, 9999), { ok: true });
  t.equal(await qty(), 0);
  t.equal(await releaseStock(db, websiteId, variantId, 5), true);
  t.equal(await qty(), 0, 'releasing does not count up either');
});

t.test('releaseStock and setStock', async (t) => {
  const { websiteId, variantId, itemId, qty } = await variantWith({ qtyInStock: 1 });
  t.equal(await releaseStock(db, websiteId, variantId, 4), true);
  t.equal(await qty(), 5);
  t.equal(await releaseStock(db, websiteId, 'missing', 1), false);
  t.equal(await setStock(db, websiteId, variantId, { qtyInStock: 42 }), true);
  t.equal(await qty(), 42);
  t.equal(await setStock(db, websiteId, variantId, { unlimited: true }), true);
  const [level] = (await getStock(db, websiteId, itemId)).results;
  t.equal(level?.unlimited, true);
  t.equal(level?.qtyInStock, 42, 'the count is kept for when the variant is limited again');
  t.equal(await setStock(db, websiteId, 'missing', { qtyInStock: 1 }), false);
  t.equal(await setStock(db, websiteId, variantId, {}), true, 'no change, but the variant exists');
  await t.rejects(setStock(db, websiteId, variantId, { qtyInStock: -1 }), RangeError);
  await t.rejects(setStock(db, websiteId, variantId, { qtyInStock: 0.5 }), RangeError);
});

t.test('quantities must be positive integers', async (t) => {
  const { websiteId, variantId, qty } = await variantWith({ qtyInStock: 5 });
  for (const bad of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
    await t.rejects(reserveStock(db, websiteId, variantId, bad), RangeError, `reserve ${bad}`);
    await t.rejects(releaseStock(db, websiteId, variantId, bad), RangeError, `release ${bad}`);
  }
  t.equal(await qty(), 5);
});

t.test('another website cannot touch the stock', async (t) => {
  const { variantId, qty } = await variantWith({ qtyInStock: 5 });
  const other = await buildWebsite(db);
  t.same(await reserveStock(db, other.websiteId, variantId, 1), { ok: false, reason: 'not-found' });
  t.equal(await releaseStock(db, other.websiteId, variantId, 1), false);
  t.equal(await setStock(db, other.websiteId, variantId, { qtyInStock: 0 }), false);
  t.equal(await qty(), 5);
});
