import t from 'tap';
import { DEMO_WEBSITE_ID } from '../../api/seed/seed-demo-site.ts';
import { buildWebsite } from '../api/helpers/build-site.ts';
import { openDemoApp } from '../site/demo-app.ts';
import { CART_PATH, ENTRIES_PATH, productId, Visitor } from './api-helpers.ts';

const MUG = productId('stoneware-mug');
const CART_FIELDS = [
  'id',
  'websiteId',
  'orderId',
  'created',
  'currency',
  'isPurchased',
  'hasDigital',
  'purelyDigital',
  'requiresShipping',
  'entries',
  'shippingOptions',
  'selectedShippingOption',
  'shippingLocation',
  'applicableTaxRules',
  'coupons',
  'validCoupons',
  'invalidCoupons',
  'subtotalCents',
  'taxCents',
  'shippingCostCents',
  'discountCents',
  'grandTotalCents',
  'totalQuantity',
  // Beside the spec's fields (issue 20): gift cards at checkout.
  'giftCards',
  'giftCardCents',
  'amountDueCents',
];

t.test('the cart calls', async (t) => {
  const { app, handle } = await openDemoApp(t);

  t.test('GET answers an empty cart without creating one', async (t) => {
    const visitor = new Visitor(app);
    const response = await visitor.request('GET', `${CART_PATH}?calculateSubtotal=true`);
    t.equal(response.statusCode, 200);
    t.equal(response.headers['set-cookie'], undefined);
    const cart = response.json();
    t.same(Object.keys(cart).sort(), [...CART_FIELDS].sort());
    t.equal(cart.id, null);
    t.equal(cart.totalQuantity, 0);
    t.equal(cart.subtotalCents, '0');
    t.same(cart.entries, []);
    const count = await handle.db
      .selectFrom('carts')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    t.equal(Number(count.n), 0);
  });

  t.test("an entry shows its variant's own picture, else the product's", async (t) => {
    const visitor = new Visitor(app);
    await visitor.add({ itemId: MUG, sku: 'FW-MUG-SLATE', quantity: 1 });
    await visitor.add({ itemId: productId('walnut-serving-board'), sku: 'FW-BOARD-SM', quantity: 1 });
    const [mug, board] = (await visitor.cart()).entries;
    t.match(mug.image.assetUrl, /product-mug-slate\.svg$/);
    t.match(board.image.assetUrl, /product-walnut-board\.svg$/);
  });

  t.test('GET answers every field of a cart with entries, money as exact strings', async (t) => {
    const visitor = new Visitor(app);
    await visitor.add({ itemId: MUG, sku: 'FW-MUG-OAT', quantity: 2 });
    await visitor.add({ itemId: productId('walnut-serving-board'), sku: 'FW-BOARD-SM', quantity: 1 });
    const cart = await visitor.cart();
    t.same(Object.keys(cart).sort(), [...CART_FIELDS].sort());
    t.equal(cart.websiteId, DEMO_WEBSITE_ID);
    t.equal(cart.totalQuantity, 3);
    t.equal(cart.subtotalCents, '10600', '2 x 3200 + sale 4200');
    t.equal(cart.grandTotalCents, '10600');
    t.equal(cart.requiresShipping, true);
    t.match(cart.entries[0], {
      itemId: MUG,
      quantity: 2,
      chosenVariant: { sku: 'FW-MUG-OAT', attributes: { Color: 'Oat' } },
      productType: 1,
      unitPriceCents: '3200',
    });
  });

  t.test('additional fields update, quantity change and remove', async (t) => {
    const visitor = new Visitor(app);
    const scoop = productId('walnut-coffee-scoop');
    const added = (await visitor.add({ itemId: scoop, quantity: 1, additionalFields: '{"engraving":"AB"}' })).json();
    const entryId = added.newlyAdded.id;

    const fields = await visitor.request('PUT', `${ENTRIES_PATH}/${entryId}/additionalFields`, {
      itemId: scoop,
      sku: 'FW-SCOOP',
      additionalFields: '{"engraving":"XY"}',
    });
    t.equal(fields.statusCode, 200);
    t.same(fields.json().updatedEntry.additionalFields, { engraving: 'XY' });
    t.same(fields.json().shoppingCart.entries[0].additionalFields, { engraving: 'XY' });

    const quantity = await visitor.request('PUT', `${ENTRIES_PATH}/${entryId}`, { quantity: 5 });
    t.equal(quantity.statusCode, 200);
    t.same(Object.keys(quantity.json()), ['shoppingCart']);
    t.equal(quantity.json().shoppingCart.totalQuantity, 5);
    t.equal(quantity.json().shoppingCart.subtotalCents, '12000');

    const tooMany = await visitor.request('PUT', `${ENTRIES_PATH}/${entryId}`, { quantity: 26 });
    t.equal(tooMany.statusCode, 409, 'the scoop has 25 in stock');
    const fraction = await visitor.request('PUT', `${ENTRIES_PATH}/${entryId}`, { quantity: 2.5 });
    t.equal(fraction.json().error.message, 'Quantity must be a whole number.');
    t.equal((await visitor.cart()).totalQuantity, 5);

    const stranger = new Visitor(app);
    const foreign = await stranger.request('DELETE', `${ENTRIES_PATH}/${entryId}`);
    t.equal(foreign.statusCode, 404, "another visitor cannot remove this visitor's entry");

    const removed = await visitor.request('DELETE', `${ENTRIES_PATH}/${entryId}`);
    t.equal(removed.statusCode, 200);
    t.equal(removed.json().shoppingCart.totalQuantity, 0);
    t.equal((await visitor.request('DELETE', `${ENTRIES_PATH}/${entryId}`)).statusCode, 404);
    t.equal((await visitor.request('PUT', `${ENTRIES_PATH}/nope`, { quantity: 1 })).statusCode, 404);
  });

  t.test('a subscription gets a cart of its own', async (t) => {
    const visitor = new Visitor(app);
    const response = await visitor.request('POST', '/api/3/commerce/cart/subscription', {
      itemId: productId('house-blend-coffee'),
      sku: 'FW-HB-12-WB',
      qty: 1,
      additionalFields: null,
    });
    t.equal(response.statusCode, 200);
    t.match(response.json(), { cartToken: /^[0-9a-f]{24}$/ });
    t.equal(response.headers['set-cookie'], undefined, "the visitor's cart is untouched");
    const stored = await handle.db
      .selectFrom('cartEntries')
      .selectAll()
      .where('cartId', '=', response.json().cartToken)
      .execute();
    t.equal(stored.length, 1);

    const refused = await visitor.request('POST', '/api/3/commerce/cart/subscription', {
      itemId: MUG,
      sku: 'FW-MUG-OAT',
      qty: 1,
    });
    t.equal(refused.statusCode, 400);
    t.equal(refused.json().error.code, 'not-subscribable');
    const options = await visitor.request('POST', '/api/3/commerce/cart/subscription', {
      itemId: productId('house-blend-coffee'),
      qty: 1,
    });
    t.equal(options.json().error.message, 'Please select the Size and Grind options.');
  });

  t.test('the stock call', async (t) => {
    const visitor = new Visitor(app);
    const response = await visitor.request('GET', `/api/commerce/inventory/stock/?itemId=${MUG}`);
    t.equal(response.statusCode, 200);
    const results = response.json().results;
    t.equal(results.length, 3);
    t.same(Object.keys(results[0]).sort(), ['qtyInStock', 'sku', 'unlimited', 'variantId']);
    t.match(results[2], { sku: 'FW-MUG-TERRA', unlimited: false, qtyInStock: 0 });
    const gift = (
      await visitor.request('GET', `/api/commerce/inventory/stock/?itemId=${productId('fernwood-gift-card')}`)
    ).json();
    t.equal(gift.results[0].unlimited, true);
    t.equal((await visitor.request('GET', '/api/commerce/inventory/stock/')).statusCode, 400);
    t.equal(
      (await visitor.request('GET', '/api/commerce/inventory/stock/?itemId=aaaaaaaaaaaaaaaaaaaaaaaa')).statusCode,
      404,
    );
  });

  t.test('a cart cookie of another website, a purchased cart or a missing cart is no cart', async (t) => {
    const other = await buildWebsite(handle.db, { host: 'other.example.test' });
    const foreignCart = await handle.db
      .insertInto('carts')
      .values({ websiteId: other.websiteId, id: 'abcdefabcdefabcdefabcdef' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const visitor = new Visitor(app);
    visitor.cookies.set('sb_cart', foreignCart.id);
    const cart = await visitor.cart();
    t.equal(cart.id, null);
    const added = await visitor.add({ itemId: MUG, sku: 'FW-MUG-OAT', quantity: 1 });
    t.equal(added.statusCode, 200);
    t.not(added.json().shoppingCart.id, foreignCart.id, 'a new cart of this site');
    t.equal(visitor.cookies.get('sb_cart'), added.json().shoppingCart.id);

    await handle.db
      .updateTable('carts')
      .set({ isPurchased: true })
      .where('id', '=', added.json().shoppingCart.id)
      .execute();
    t.equal((await visitor.cart()).id, null, 'a purchased cart');
    visitor.cookies.set('sb_cart', 'not-a-cart');
    t.equal((await visitor.cart()).id, null, 'a malformed cookie');
  });

  t.test('an unknown host is a 404', async (t) => {
    const visitor = new Visitor(app, 'nowhere.example.test');
    const response = await visitor.request('GET', CART_PATH);
    t.equal(response.statusCode, 404);
    t.equal(response.json().error.code, 'website-not-found');
    t.equal((await visitor.add({ itemId: MUG, sku: 'FW-MUG-OAT' })).statusCode, 404);
  });
});
