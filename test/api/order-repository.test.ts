import t from 'tap';
import { addEntry, createCart, getCart } from '../../api/repositories/cart-repository.ts';
import { getOrder, placeOrder } from '../../api/repositories/order-repository.ts';
import { buildCollection, buildProduct, buildWebsite } from './helpers/build-site.ts';
import { openTestDatabase } from './helpers/test-database.ts';

const { db } = await openTestDatabase(t);

async function shop() {
  const { websiteId } = await buildWebsite(db);
  const store = await buildCollection(db, websiteId, { type: 13, typeName: 'products' });
  const lamp = await buildProduct(db, websiteId, store.id, {
    title: 'Lamp',
    variants: [{ sku: 'LAMP', priceMinor: 2500, salePriceMinor: 2000, onSale: true, qtyInStock: 5 }],
  });
  const rug = await buildProduct(db, websiteId, store.id, {
    title: 'Rug',
    variants: [{ sku: 'RUG', priceMinor: 9900, qtyInStock: 1 }],
  });
  const stock = async (variantId: string) =>
    (await db.selectFrom('productVariants').select('qtyInStock').where('id', '=', variantId).executeTakeFirstOrThrow())
      .qtyInStock;
  return { websiteId, lamp, rug, stock };
}

t.test('placeOrder turns a cart into a numbered order and takes the stock', async (t) => {
  const { websiteId, lamp, rug, stock } = await shop();
  const cart = await createCart(db, websiteId, { currency: 'USD' });
  await addEntry(db, websiteId, cart.id, { itemId: lamp.item.id, variantId: lamp.variants[0].id, quantity: 2 });
  await addEntry(db, websiteId, cart.id, { itemId: rug.item.id, variantId: rug.variants[0].id, quantity: 1 });

  const placed = await placeOrder(db, websiteId, cart.id, { customerEmail: 'buyer@example.test', testMode: true });
  if (!placed.ok) throw new Error(`order refused: ${placed.reason}`);
  const { order } = placed;
  t.equal(order.orderNumber, 1001, 'the first order of the website is number 1001');
  t.equal(order.purchasedCartId, cart.id);
  t.equal(order.testMode, true);
  t.equal(order.status, 'PENDING');
  t.equal(order.subtotalCents, '13900', '2 × 2000 on sale + 9900');
  t.equal(order.grandTotalCents, '13900');
  t.same(
    order.items.map((line) => [line.lineNumber, line.sku, line.productName, line.quantity, line.unitPriceCents]),
    [
      [1, 'LAMP', 'Lamp', 2, '2000'],
      [2, 'RUG', 'Rug', 1, '9900'],
    ],
  );
  t.equal(await stock(lamp.variants[0].id), 3);
  t.equal(await stock(rug.variants[0].id), 0);

  const after = await getCart(db, websiteId, cart.id);
  t.equal(after?.isPurchased, true);
  t.equal(after?.orderId, order.id);
  t.same(await getOrder(db, websiteId, order.id), order, 'reads back the same');
  t.equal(await getOrder(db, websiteId, 'missing'), undefined);

  t.same(await placeOrder(db, websiteId, cart.id, { customerEmail: null, testMode: false }), {
    ok: false,
    reason: 'cart-purchased',
  });
  t.equal(await stock(lamp.variants[0].id), 3, 'buying the same cart twice takes nothing');

  const next = await createCart(db, websiteId, { currency: 'USD' });
  await addEntry(db, websiteId, next.id, { itemId: lamp.item.id, variantId: lamp.variants[0].id, quantity: 1 });
  const second = await placeOrder(db, websiteId, next.id, { customerEmail: null, testMode: false });
  t.equal(second.ok && second.order.orderNumber, 1002);
});

t.test('a stock failure rolls back every reservation and names the sku', async (t) => {
  const { websiteId, lamp, rug, stock } = await shop();
  const cart = await createCart(db, websiteId, { currency: 'USD' });
  await addEntry(db, websiteId, cart.id, { itemId: lamp.item.id, variantId: lamp.variants[0].id, quantity: 2 });
  await addEntry(db, websiteId, cart.id, { itemId: rug.item.id, variantId: rug.variants[0].id, quantity: 2 });

  const refused = await placeOrder(db, websiteId, cart.id, { customerEmail: null, testMode: false });
  t.same(refused, { ok: false, reason: 'insufficient-stock', sku: 'RUG' });
  t.equal(await stock(lamp.variants[0].id), 5, 'the lamp reservation was put back');
  t.equal(await stock(rug.variants[0].id), 1);
  t.equal((await getCart(db, websiteId, cart.id))?.isPurchased, false);
  const orders = await db.selectFrom('orders').select('id').where('websiteId', '=', websiteId).execute();
  t.same(orders, []);
});

t.test('the caller can run placeOrder inside its own transaction', async (t) => {
  const { websiteId, lamp, stock } = await shop();
  const cart = await createCart(db, websiteId, { currency: 'USD' });
  await addEntry(db, websiteId, cart.id, { itemId: lamp.item.id, variantId: lamp.variants[0].id, quantity: 1 });
  await t.rejects(
    db.transaction().execute(async (trx) => {
      const placed = await placeOrder(trx, websiteId, cart.id, { customerEmail: null, testMode: false });
      t.equal(placed.ok, true);
      throw new Error('payment declined');
    }),
    /payment declined/,
  );
  t.equal(await stock(lamp.variants[0].id), 5, 'the caller rolled the whole order back');
  t.equal((await getCart(db, websiteId, cart.id))?.isPurchased, false);
});

t.test('unknown and empty carts are refused', async (t) => {
  const { websiteId } = await shop();
  t.same(await placeOrder(db, websiteId, 'missing', { customerEmail: null, testMode: false }), {
    ok: false,
    reason: 'cart-not-found',
  });
  const cart = await createCart(db, websiteId, { currency: 'USD' });
  t.same(await placeOrder(db, websiteId, cart.id, { customerEmail: null, testMode: false }), {
    ok: false,
    reason: 'empty-cart',
  });
  const other = await buildWebsite(db);
  t.same(await placeOrder(db, other.websiteId, cart.id, { customerEmail: null, testMode: false }), {
    ok: false,
    reason: 'cart-not-found',
  });
});

t.test('order numbers are per website', async (t) => {
  const a = await shop();
  const b = await shop();
  for (const site of [a, b, a]) {
    const cart = await createCart(db, site.websiteId, { currency: 'USD' });
    await addEntry(db, site.websiteId, cart.id, {
      itemId: site.lamp.item.id,
      variantId: site.lamp.variants[0].id,
      quantity: 1,
    });
    await placeOrder(db, site.websiteId, cart.id, { customerEmail: null, testMode: false });
  }
  const numbers = async (websiteId: string) =>
    (
      await db
        .selectFrom('orders')
        .select('orderNumber')
        .where('websiteId', '=', websiteId)
        .orderBy('orderNumber')
        .execute()
    ).map((row) => row.orderNumber);
  t.same(await numbers(a.websiteId), [1001, 1002]);
  t.same(await numbers(b.websiteId), [1001]);
});
