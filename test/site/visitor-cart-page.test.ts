import t from 'tap';
import { productId, Visitor } from '../api-http/api-helpers.ts';
import { openDemoApp } from './demo-app.ts';

t.test("pages show the visitor's own cart before any script runs", async (t) => {
  const { app, warnings } = await openDemoApp(t);
  const visitor = new Visitor(app);
  const added = await visitor.add({ itemId: productId('stoneware-mug'), sku: 'FW-MUG-SLATE', quantity: 2 });
  t.equal(added.statusCode, 200);

  const cart = await visitor.request('GET', '/cart');
  t.equal(cart.statusCode, 200);
  const fallback = cart.body.slice(cart.body.indexOf('class="cart-fallback"'));
  t.match(fallback, /<a href="\/shop\/stoneware-mug">Stoneware Mug<\/a>/);
  t.match(fallback, /<p class="cart-line__variant">Slate<\/p>/);
  t.match(fallback, /src="\/content\/demo\/product-mug-slate\.svg\?format=100w"/, "the variant's picture");
  t.match(fallback, /Quantity: 2/);
  t.match(fallback, /<strong>\$64\.00<\/strong>/, 'subtotal');
  t.notMatch(fallback, /To check out, your order subtotal must be/, 'above the $10.00 minimum');
  t.match(cart.body, /data-cart-indicator aria-label="2 items in cart"/, 'the header counts the cart');

  const product = await visitor.request('GET', '/shop/stoneware-mug');
  t.match(product.body, /aria-label="2 items in cart"/, 'on every page');
  t.equal(product.headers['x-page-cache'], undefined, 'a page with a cart is never shared');

  const stranger = await app.inject({ method: 'GET', url: '/cart', headers: { host: 'localhost' } });
  t.match(stranger.body, /Your cart is empty\./, 'another visitor sees an empty cart');
  const forged = await app.inject({
    method: 'GET',
    url: '/cart',
    headers: { host: 'localhost', cookie: 'sb_cart=../../etc' },
  });
  t.equal(forged.statusCode, 200, 'a malformed cart cookie is no cart');
  t.match(forged.body, /Your cart is empty\./);

  const small = new Visitor(app);
  await small.add({ itemId: productId('the-roasters-notebook'), quantity: 1 });
  const below = await small.request('GET', '/cart');
  t.match(below.body, /To check out, your order subtotal must be \$10\.00 or more\./, 'below the minimum');
  t.same(warnings, [], 'no template warnings');
});
