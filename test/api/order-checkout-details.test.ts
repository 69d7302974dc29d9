/**
 * What checkout adds to placeOrder: the buyer's name and shipping address,
 * the variant's options on each line, and the store's minimum subtotal
 * checked inside the order's transaction.
 */
import t from 'tap';
import { addEntry, createCart, getCart } from '../../api/repositories/cart-repository.ts';
import { getOrder, isBelowMinimumSubtotal, placeOrder } from '../../api/repositories/order-repository.ts';
import { buildCollection, buildProduct, buildWebsite } from './helpers/build-site.ts';
import { openTestDatabase } from './helpers/test-database.ts';

const { db } = await openTestDatabase(t);

async function shop() {
  const { websiteId } = await buildWebsite(db);
  const store = await buildCollection(db, websiteId, { type: 13, typeName: 'products' });
  const mug = await buildProduct(db, websiteId, store.id, {
    title: 'Mug',
    variants: [{ sku: 'MUG-BLUE', priceMinor: 800, qtyInStock: 5, attributes: { Color: 'Blue', Size: 'Large' } }],
  });
  const cartWith = async (quantity: number) => {
    const cart = await createCart(db, websiteId, { currency: 'USD' });
    await addEntry(db, websiteId, cart.id, { itemId: mug.item.id, variantId: mug.variants[0].id, quantity });
    return cart.id;
  };
  const stock = async () =>
    (
      await db
        .selectFrom('productVariants')
        .select('qtyInStock')
        .where('websiteId', '=', websiteId)
        .where('id', '=', mug.variants[0].id)
        .executeTakeFirstOrThrow()
    ).qtyInStock;
  return { websiteId, cartWith, stock };
}

t.test('the name, the address and the chosen options are kept with the order', async (t) => {
  const { websiteId, cartWith } = await shop();
  const cartId = await cartWith(2);
  const listed = (await getCart(db, websiteId, cartId))!.entries[0]!.chosenVariant.optionValues;
  t.same(listed.map((option) => option.optionName).sort(), ['Color', 'Size']);
  const shippingAddress = { line1: '1 Pier Road', line2: null, city: 'Bath', postalCode: 'BA1 1AA', country: 'UK' };
  const placed = await placeOrder(db, websiteId, cartId, {
    customerEmail: 'buyer@example.test',
    customerName: 'Bea Buyer',
    shippingAddress,
    testMode: true,
  });
  if (!placed.ok) throw new Error(`order refused: ${placed.reason}`);
  t.equal(placed.order.customerName, 'Bea Buyer');
  t.same(placed.order.shippingAddress, shippingAddress);
  t.same(placed.order.items[0]?.optionValues, listed, 'the options as the cart listed them');
  t.same(await getOrder(db, websiteId, placed.order.id), placed.order, 'reads back the same');
});

t.test('an order without checkout details has none', async (t) => {
  const { websiteId, cartWith } = await shop();
  const placed = await placeOrder(db, websiteId, await cartWith(1), { customerEmail: null, testMode: false });
  if (!placed.ok) throw new Error(`order refused: ${placed.reason}`);
  t.equal(placed.order.customerName, null);
  t.equal(placed.order.shippingAddress, null);
  t.same(await getOrder(db, websiteId, placed.order.id), placed.order);
});

t.test('the minimum subtotal is checked against the cart inside the transaction', async (t) => {
  const { websiteId, cartWith, stock } = await shop();
  const cartId = await cartWith(1);
  const minimum = { cents: '1000', currency: 'USD' };
  t.same(await placeOrder(db, websiteId, cartId, { customerEmail: null, testMode: true, minimumSubtotal: minimum }), {
    ok: false,
    reason: 'below-minimum',
  });
  t.equal((await getCart(db, websiteId, cartId))?.isPurchased, false, 'the cart stays open');
  t.equal(await stock(), 5, 'no stock taken');

  const enough = await cartWith(2);
  const placed = await placeOrder(db, websiteId, enough, {
    customerEmail: null,
    testMode: true,
    minimumSubtotal: minimum,
  });
  t.equal(placed.ok, true, '$16.00 is not below $10.00');
});

t.test('isBelowMinimumSubtotal compares minor units exactly, and only in one currency', async (t) => {
  const usd = { cents: '1000', currency: 'USD' };
  t.equal(isBelowMinimumSubtotal('999', 'USD', usd), true);
  t.equal(isBelowMinimumSubtotal('1000', 'USD', usd), false, 'the minimum itself is enough');
  t.equal(
    isBelowMinimumSubtotal('99999999999999999998', 'USD', { cents: '99999999999999999999', currency: 'USD' }),
    true,
  );
  t.equal(isBelowMinimumSubtotal('1', 'EUR', usd), false, 'another currency is never held back');
  t.equal(isBelowMinimumSubtotal('0', 'USD', null), false, 'no minimum');
});
