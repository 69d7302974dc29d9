/**
 * Issue 17: pages of a shopper (a visitor with a cart) are rendered each time
 * from data kept per content version (renderer/page-context/page-data.ts and
 * site-data-memo.ts). A price or stock change must show on the very next
 * request, and nothing of one visitor may reach another.
 */
import t from 'tap';
import { CART_COOKIE } from '../../api/cookie-names.ts';
import { productId, Visitor } from '../api-http/api-helpers.ts';
import { openDemoApp, updateDemoVariants } from './demo-app.ts';

const PRODUCT = '/shop/cedar-and-smoke-candle';

for (const [mode, queryContentVersion] of [
  ['the embedded database change count', false],
  ['the content version read from the database', true],
] as const) {
  t.test(`with ${mode}, a shopper sees a price or stock change on the next request`, async (t) => {
    const { app, handle, warnings } = await openDemoApp(t, { queryContentVersion });
    const shopper = new Visitor(app);
    t.equal((await shopper.add({ itemId: productId('cedar-and-smoke-candle'), quantity: 1 })).statusCode, 200);

    const first = await shopper.request('GET', PRODUCT);
    t.equal(first.headers['x-page-cache'], undefined, 'a shopper is never served from the page cache');
    t.match(first.body, /\$26\.00/);
    t.match(first.body, /aria-label="One item in cart"/);
    // The second render is made from the kept data: the same page.
    t.equal((await shopper.request('GET', PRODUCT)).body, first.body);
    t.match((await shopper.request('GET', '/cart')).body, /<strong>\$26\.00<\/strong>/, 'the cart at the old price');

    await updateDemoVariants(handle, 'cedar-and-smoke-candle', { priceMinor: '2950' });
    const repriced = await shopper.request('GET', PRODUCT);
    t.match(repriced.body, /\$29\.50/, 'the new price on the product page at once');
    t.notMatch(repriced.body, /\$26\.00/);
    const cart = await shopper.request('GET', '/cart');
    t.match(cart.body, /<strong>\$29\.50<\/strong>/, 'and in the cart, whose entries show the catalog');
    t.notMatch(cart.body, /\$26\.00/);
    const checkout = await shopper.request('GET', '/checkout');
    t.match(checkout.body, /\$29\.50/, 'and at checkout');

    await updateDemoVariants(handle, 'cedar-and-smoke-candle', { qtyInStock: 0 });
    const soldOut = await shopper.request('GET', PRODUCT);
    t.match(soldOut.body, /sold out/i, 'a stock change shows on the very next request');
    t.notMatch(soldOut.body, /Only \d+ left/);

    await updateDemoVariants(handle, 'cedar-and-smoke-candle', { qtyInStock: 2 });
    t.match((await shopper.request('GET', PRODUCT)).body, /Only 2 left/i, 'and back in stock at once');
    t.same(warnings, [], 'no template warnings');
  });
}

t.test('the kept data holds nothing of a visitor: each shopper sees their own cart', async (t) => {
  const { app, handle } = await openDemoApp(t);
  const one = new Visitor(app);
  const two = new Visitor(app);
  await one.add({ itemId: productId('stoneware-mug'), sku: 'FW-MUG-SLATE', quantity: 2 });
  await two.add({ itemId: productId('cedar-and-smoke-candle'), quantity: 1 });

  for (const url of [PRODUCT, '/journal', '/search?q=mug', '/cart']) {
    const [a, b] = await Promise.all([one.request('GET', url), two.request('GET', url)]);
    t.match(a.body, /aria-label="2 items in cart"/, `${url}: the first shopper's count`);
    t.match(b.body, /aria-label="One item in cart"/, `${url}: the second shopper's count`);
  }
  const [cartOne, cartTwo] = await Promise.all([one.request('GET', '/cart'), two.request('GET', '/cart')]);
  t.match(cartOne.body, /Stoneware Mug/);
  t.notMatch(cartOne.body, /cart-line[\s\S]*Cedar &amp; Smoke Candle/, "not the other shopper's line");
  t.match(cartTwo.body, /Cedar &amp; Smoke Candle/);
  t.notMatch(cartTwo.body.slice(cartTwo.body.indexOf('class="cart-fallback"')), /Stoneware Mug/);

  // The cart changes without any content change: the next page shows it.
  await one.add({ itemId: productId('stoneware-mug'), sku: 'FW-MUG-SLATE', quantity: 1 });
  t.match((await one.request('GET', PRODUCT)).body, /aria-label="3 items in cart"/, 'a cart change shows at once');
  // Written straight to the database (another process's order, an operator's fix): the next page shows it too.
  await handle.db
    .updateTable('cartEntries')
    .set({ quantity: 5 })
    .where('cartId', '=', one.cookies.get(CART_COOKIE)!)
    .execute();
  t.match((await one.request('GET', PRODUCT)).body, /aria-label="5 items in cart"/, 'so does a change in the database');
  await handle.db.deleteFrom('carts').where('id', '=', two.cookies.get(CART_COOKIE)!).execute();
  t.match((await two.request('GET', PRODUCT)).body, /aria-label="Cart"/, 'and a cart removed');
  const stranger = await app.inject({ method: 'GET', url: '/cart', headers: { host: 'localhost' } });
  t.match(stranger.body, /Your cart is empty\./, 'a visitor without a cart has none');
});
