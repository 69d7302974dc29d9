/**
 * Migration 0017: a website whose orders were numbered from 1 has them moved
 * up by 1000, keeping their order, and its next order continues from there;
 * a website already numbered from 1001 is left alone. Old numbers are made
 * by moving orders placed today back down, as a database from before the
 * migration holds them.
 */
import type { Kysely } from 'kysely';
import t from 'tap';
import { up } from '../../api/db/migrations/0017-order-numbers-from-1001.ts';
import { addEntry, createCart } from '../../api/repositories/cart-repository.ts';
import { placeOrder } from '../../api/repositories/order-repository.ts';
import { buildCollection, buildProduct, buildWebsite } from './helpers/build-site.ts';
import { openTestDatabase } from './helpers/test-database.ts';

const { db } = await openTestDatabase(t);

async function shopWithOrders(count: number) {
  const { websiteId } = await buildWebsite(db);
  const store = await buildCollection(db, websiteId, { type: 13, typeName: 'products' });
  const lamp = await buildProduct(db, websiteId, store.id, {
    title: 'Lamp',
    variants: [{ sku: 'LAMP', priceMinor: 2500, qtyInStock: 50 }],
  });
  const order = async () => {
    const cart = await createCart(db, websiteId, { currency: 'USD' });
    await addEntry(db, websiteId, cart.id, { itemId: lamp.item.id, variantId: lamp.variants[0].id, quantity: 1 });
    const placed = await placeOrder(db, websiteId, cart.id, { customerEmail: null, testMode: true });
    if (!placed.ok) throw new Error(placed.reason);
    return placed.order;
  };
  for (let n = 0; n < count; n++) await order();
  const numbers = async () =>
    (
      await db
        .selectFrom('orders')
        .select('orderNumber')
        .where('websiteId', '=', websiteId)
        .orderBy('createdOn')
        .orderBy('orderNumber')
        .execute()
    ).map((row) => row.orderNumber);
  return { websiteId, order, numbers };
}

t.test('orders numbered from 1 move to 1001 on; others stay', async (t) => {
  const old = await shopWithOrders(3);
  const current = await shopWithOrders(2);
  t.same(await old.numbers(), [1001, 1002, 1003], 'orders placed now start at 1001');
  // As a database from before: numbered 1, 2, 3.
  await db
    .updateTable('orders')
    .set((eb) => ({ orderNumber: eb('orderNumber', '-', 1000) }))
    .where('websiteId', '=', old.websiteId)
    .execute();
  t.same(await old.numbers(), [1, 2, 3]);

  // Migrations are written against an untyped database (they run before the schema they make).
  await up(db as unknown as Kysely<unknown>);
  t.same(await old.numbers(), [1001, 1002, 1003], 'moved up, in the same order');
  t.same(await current.numbers(), [1001, 1002], 'already from 1001: untouched');
  t.equal((await old.order()).orderNumber, 1004, 'the next order continues the sequence');
});
