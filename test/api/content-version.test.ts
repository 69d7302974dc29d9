import t from 'tap';
import { compactContentChanges, contentVersion } from '../../api/repositories/content-version-repository.ts';
import { reserveStock } from '../../api/repositories/inventory-repository.ts';
import { buildSite } from './helpers/build-site.ts';
import { openTestDatabase } from './helpers/test-database.ts';

t.test('the content version changes with every content write and only then', async (t) => {
  const { db } = await openTestDatabase(t);
  const a = await buildSite(db, { host: 'a.example.test' });
  const b = await buildSite(db, { host: 'b.example.test' });
  const start = await contentVersion(db, a.websiteId);
  t.equal(await contentVersion(db, a.websiteId), start, 'reading changes nothing');

  await reserveStock(db, a.websiteId, a.variant!.id, 1);
  const afterStock = await contentVersion(db, a.websiteId);
  t.not(afterStock, start, 'a stock change is a new version');

  const otherBefore = await contentVersion(db, b.websiteId);
  await db.updateTable('items').set({ title: 'Desk lamp' }).where('websiteId', '=', a.websiteId).execute();
  t.not(await contentVersion(db, a.websiteId), afterStock, 'a title change is a new version');
  t.equal(await contentVersion(db, b.websiteId), otherBefore, "another website's version stays");

  const beforeCompaction = await contentVersion(db, a.websiteId);
  await compactContentChanges(db, a.websiteId);
  t.equal(await contentVersion(db, a.websiteId), beforeCompaction, 'compaction keeps the version');
  const rows = await db.selectFrom('contentChanges').select('id').where('websiteId', '=', a.websiteId).execute();
  t.equal(rows.length, 1, 'and leaves one row');

  await db.insertInto('carts').values({ websiteId: a.websiteId, id: 'cart-1' }).execute();
  t.equal(await contentVersion(db, a.websiteId), beforeCompaction, 'a cart is not page content');
});
