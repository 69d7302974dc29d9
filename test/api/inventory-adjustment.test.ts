/**
 * Stock adjustments (the commerce API's) against concurrent purchases: on
 * PostgreSQL (npm run test:pg) with 20 connections the calls really
 * overlap; the count never goes below zero and every adjustment made is
 * recorded with the count it left.
 */
import t from 'tap';
import { adjustVariantStock } from '../../api/repositories/commerce-api-repository.ts';
import { reserveStock } from '../../api/repositories/inventory-repository.ts';
import { buildSite } from './helpers/build-site.ts';
import { openTestDatabase } from './helpers/test-database.ts';

const { db, kind } = await openTestDatabase(t, { poolSize: 20 });
t.comment(`database: ${kind}`);

const change = (quantity: number) => ({ quantity, reason: 'count' });
const actor = { kind: 'api-key', id: 'key-1', name: 'API key "stock sync"' } as const;
const adjustStock = (
  db: Parameters<typeof adjustVariantStock>[0],
  websiteId: string,
  variantId: string,
  c: ReturnType<typeof change>,
) => adjustVariantStock(db, websiteId, variantId, c, actor);

t.test('adjustments and purchases at once never take the count below zero', async (t) => {
  const { websiteId, variant } = await buildSite(db, { qtyInStock: 10 });
  const results = await Promise.all([
    ...Array.from({ length: 15 }, () => adjustStock(db, websiteId, variant.id, change(-1))),
    ...Array.from({ length: 15 }, () => reserveStock(db, websiteId, variant.id, 1)),
  ]);
  t.equal(results.filter((result) => result.ok).length, 10, 'exactly the stock is taken, by one or the other');
  const row = await db
    .selectFrom('productVariants')
    .select('qtyInStock')
    .where('id', '=', variant.id)
    .executeTakeFirstOrThrow();
  t.equal(row.qtyInStock, 0);
  const adjustments = await db
    .selectFrom('inventoryAdjustments')
    .select(['qtyAfter'])
    .where('websiteId', '=', websiteId)
    .execute();
  t.equal(adjustments.length, results.slice(0, 15).filter((result) => result.ok).length, 'each one made is recorded');
  t.ok(adjustments.every((a) => a.qtyAfter >= 0 && a.qtyAfter < 10));
});

t.test('refusals name why, and change nothing', async (t) => {
  const { websiteId, variant } = await buildSite(db, { qtyInStock: 2 });
  t.same(await adjustStock(db, websiteId, variant.id, change(-3)), { ok: false, reason: 'below-zero', available: 2 });
  t.same(await adjustStock(db, websiteId, 'no-such-variant', change(1)), { ok: false, reason: 'not-found' });
  await db.updateTable('productVariants').set({ unlimited: true }).where('id', '=', variant.id).execute();
  t.same(await adjustStock(db, websiteId, variant.id, change(1)), { ok: false, reason: 'unlimited' });
  await t.rejects(adjustStock(db, websiteId, variant.id, change(0)), RangeError);
  const recorded = await db
    .selectFrom('inventoryAdjustments')
    .select('id')
    .where('websiteId', '=', websiteId)
    .execute();
  t.same(recorded, []);
});
