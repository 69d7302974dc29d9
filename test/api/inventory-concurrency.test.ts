import t from 'tap';
import { addEntry, createCart } from '../../api/repositories/cart-repository.ts';
import { reserveStock } from '../../api/repositories/inventory-repository.ts';
import { placeOrder } from '../../api/repositories/order-repository.ts';
import { buildSite } from './helpers/build-site.ts';
import { openTestDatabase } from './helpers/test-database.ts';

// 20 connections, so on a real server the calls below really overlap.
const { db, kind } = await openTestDatabase(t, { poolSize: 20 });
t.comment(`database: ${kind}`);

const BUYERS = 50;
const IN_STOCK = 10;

async function stockOf(variantId: string): Promise<number> {
  const row = await db
    .selectFrom('productVariants')
    .select('qtyInStock')
    .where('id', '=', variantId)
    .executeTakeFirstOrThrow();
  return row.qtyInStock;
}

t.test('50 concurrent reservations of one unit against 10 in stock', async (t) => {
  const { websiteId, variant } = await buildSite(db, { qtyInStock: IN_STOCK });
  const results = await Promise.all(Array.from({ length: BUYERS }, () => reserveStock(db, websiteId, variant.id, 1)));
  t.equal(results.filter((result) => result.ok).length, IN_STOCK, 'exactly the stock succeeds');
  t.same(
    results.filter((result) => !result.ok),
    Array.from({ length: BUYERS - IN_STOCK }, () => ({ ok: false, reason: 'insufficient-stock' })),
    'everyone else is told there is not enough',
  );
  t.equal(await stockOf(variant.id), 0, 'stock ends at zero, never below');
});

t.test('50 concurrent orders of one unit each against 10 in stock', async (t) => {
  const { websiteId, product, variant } = await buildSite(db, { qtyInStock: IN_STOCK });
  const carts: string[] = [];
  for (let n = 0; n < BUYERS; n++) {
    const cart = await createCart(db, websiteId, { currency: 'USD' });
    await addEntry(db, websiteId, cart.id, { itemId: product.item.id, variantId: variant.id, quantity: 1 });
    carts.push(cart.id);
  }
  const results = await Promise.all(
    carts.map((cartId) => placeOrder(db, websiteId, cartId, { customerEmail: null, testMode: false })),
  );
  const placed = results.flatMap((result) => (result.ok ? [result.order] : []));
  t.equal(placed.length, IN_STOCK, 'exactly 10 orders');
  t.ok(
    results.every((result) => result.ok || (result.reason === 'insufficient-stock' && result.sku === variant.sku)),
    'the rest fail on stock, naming the sku',
  );
  const numbers = placed.map((order) => order.orderNumber).sort((a, b) => a - b);
  t.same(
    numbers,
    Array.from({ length: IN_STOCK }, (_, index) => index + 1001),
    'order numbers are unique and consecutive',
  );
  t.equal(await stockOf(variant.id), 0);
  const purchased = await db
    .selectFrom('carts')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('websiteId', '=', websiteId)
    .where('isPurchased', '=', true)
    .executeTakeFirstOrThrow();
  t.equal(Number(purchased.count), IN_STOCK, 'only the carts that became orders are purchased');
  const lines = await db
    .selectFrom('orderLines')
    .select((eb) => eb.fn.sum<string>('quantity').as('units'))
    .where('websiteId', '=', websiteId)
    .executeTakeFirstOrThrow();
  t.equal(lines.units, '10', 'ten units sold in all');
});
