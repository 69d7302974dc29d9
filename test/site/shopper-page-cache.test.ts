import t from 'tap';
import { CART_COOKIE } from '../../api/cookie-names.ts';
import { productId, Visitor } from '../api-http/api-helpers.ts';
import { openDemoApp, updateDemoVariants } from './demo-app.ts';

const PRODUCT = '/shop/stoneware-mug';
const countLabel = (body: string) => /data-cart-indicator[^>]*aria-label="([^"]*)"/.exec(body)?.[1];

for (const [mode, queryContentVersion] of [
  ['carts kept by their announced versions', false],
  ['carts read on every request', true],
] as const) {
  t.test(`with ${mode}, shoppers share a page by what it shows of their carts, never a stale one`, async (t) => {
    const { app, handle, warnings } = await openDemoApp(t, { queryContentVersion });
    const ann = new Visitor(app);
    const bob = new Visitor(app);
    await ann.add({ itemId: productId('stoneware-mug'), sku: 'FW-MUG-SLATE', quantity: 2 });
    await bob.add({ itemId: productId('the-roasters-notebook'), quantity: 2 });
    t.not(ann.cookies.get(CART_COOKIE), bob.cookies.get(CART_COOKIE), 'two carts');

    const annFirst = await ann.request('GET', PRODUCT);
    t.equal(annFirst.headers['x-page-cache'], undefined, "the first shopper's page is rendered");
    t.equal(countLabel(annFirst.body), '2 items in cart');
    const bobFirst = await bob.request('GET', PRODUCT);
    t.equal(bobFirst.headers['x-page-cache'], 'hit', 'another cart with as many items gets the same page');
    t.equal(countLabel(bobFirst.body), '2 items in cart');

    await bob.add({ itemId: productId('stoneware-mug'), sku: 'FW-MUG-SLATE', quantity: 1 });
    const bobMore = await bob.request('GET', PRODUCT);
    t.equal(countLabel(bobMore.body), '3 items in cart', 'an added item shows on the very next page');
    t.equal(bobMore.headers['x-page-cache'], undefined);
    t.equal(
      countLabel((await ann.request('GET', PRODUCT)).body),
      '2 items in cart',
      'the first shopper still sees theirs',
    );

    await updateDemoVariants(handle, 'stoneware-mug', { priceMinor: '3850' });
    const repriced = await ann.request('GET', PRODUCT);
    t.equal(repriced.headers['x-page-cache'], undefined, 'a price change misses');
    t.match(repriced.body, /\$38\.50/);

    // The cart page shows the cart itself: kept for that cart alone, until it or the content changes.
    const cartPage = await ann.request('GET', '/cart');
    t.match(cartPage.body, /Quantity: 2/);
    const cartAgain = await ann.request('GET', '/cart');
    t.equal(cartAgain.headers['x-page-cache'], 'hit', "the same cart's page again is kept");
    t.equal(cartAgain.body, cartPage.body);
    const bobCart = await bob.request('GET', '/cart');
    t.equal(bobCart.headers['x-page-cache'], undefined, "never another cart's");
    t.equal(countLabel(bobCart.body), '3 items in cart');
    await ann.add({ itemId: productId('stoneware-mug'), sku: 'FW-MUG-SLATE', quantity: 1 });
    const annMore = await ann.request('GET', '/cart');
    t.equal(annMore.headers['x-page-cache'], undefined, 'a change to the cart misses');
    t.match(annMore.body, /Quantity: 3/);

    const stranger = await app.inject({ method: 'GET', url: PRODUCT, headers: { host: 'localhost' } });
    t.match(stranger.body, /aria-label="Cart"|aria-label="0 items in cart"/, 'an anonymous visitor sees no count');
    t.same(warnings, [], 'no template warnings');
  });
}
