/**
 * The checkout page (type 201), the form behind it and the order-confirmed
 * page (type 202), as a visitor without JavaScript meets them: every step
 * is a server-rendered page or a form post.
 */
import type { LightMyRequestResponse } from 'fastify';
import t from 'tap';
import { DEMO_WEBSITE_ID } from '../../api/seed/seed-demo-site.ts';
import { CRUMB, PAY_WITH_TEST_CARD, productId, Visitor } from '../api-http/api-helpers.ts';
import { type DemoApp, openDemoApp } from './demo-app.ts';

const MUG = { itemId: productId('stoneware-mug'), sku: 'FW-MUG-SLATE', quantity: 2 };
const CANDLE = { itemId: productId('cedar-and-smoke-candle'), quantity: 2 };
const NOTEBOOK = { itemId: productId('the-roasters-notebook'), quantity: 1 };
const GUIDE = { itemId: productId('home-barista-field-guide'), quantity: 1 };

const BUYER = {
  email: 'ada@example.coffee',
  name: 'Ada Lovelace',
  addressLine1: '12 Fore Street',
  addressLine2: 'Apt 3',
  city: 'Portland',
  region: 'ME',
  postalCode: '04101',
  country: 'US',
  ...PAY_WITH_TEST_CARD,
};

const SESSION_EXPIRED = 'Your session has expired. Please reload the page and try again.';
const ENABLE_COOKIES = 'Please enable cookies in your browser, reload the page, and try again.';
const OUT_OF_STOCK = 'Sorry, we do not have enough of that item available.';

/**
 * The form as a browser sends it: form-encoded, the crumb only in its
 * hidden field (no script adds the header), the visitor's cookies. Like a
 * browser, it follows the redirect back to the checkout page when no order
 * was placed (follow: false gives the POST's own answer).
 */
async function submit(
  visitor: Visitor,
  fields: Record<string, string>,
  options: { crumb?: string | null; cookie?: string; follow?: boolean } = {},
): Promise<LightMyRequestResponse> {
  const crumb = options.crumb === undefined ? CRUMB : options.crumb;
  const body = new URLSearchParams(crumb === null ? fields : { crumb, ...fields });
  const response = await visitor.app.inject({
    method: 'POST',
    url: '/checkout',
    remoteAddress: visitor.address,
    headers: {
      host: visitor.host,
      ...((options.cookie ?? visitor.cookieHeader) ? { cookie: options.cookie ?? visitor.cookieHeader } : {}),
      'content-type': 'application/x-www-form-urlencoded',
    },
    payload: body.toString(),
  });
  for (const cookie of response.cookies as Array<{ name: string; value: string; maxAge?: number }>) {
    if (cookie.maxAge === 0) visitor.cookies.delete(cookie.name);
    else visitor.cookies.set(cookie.name, cookie.value);
  }
  const location = String(response.headers.location ?? '');
  if (options.follow === false || response.statusCode !== 303 || !location.startsWith('/checkout?')) return response;
  return visitor.app.inject({
    method: 'GET',
    url: location,
    remoteAddress: visitor.address,
    headers: {
      host: visitor.host,
      ...((options.cookie ?? visitor.cookieHeader) ? { cookie: options.cookie ?? visitor.cookieHeader } : {}),
    },
  });
}

const main = (html: string) => html.slice(html.indexOf('<main'), html.indexOf('</main>'));
const inputValue = (html: string, name: string) =>
  new RegExp(`<input[^>]*name="${name}"[^>]*value="([^"]*)"`).exec(html)?.[1];

async function stockOf(demo: DemoApp, sku: string): Promise<number> {
  const row = await demo.handle.db
    .selectFrom('productVariants')
    .select('qtyInStock')
    .where('websiteId', '=', DEMO_WEBSITE_ID)
    .where('sku', '=', sku)
    .executeTakeFirstOrThrow();
  return row.qtyInStock;
}

async function setStock(demo: DemoApp, sku: string, qtyInStock: number): Promise<void> {
  await demo.handle.db
    .updateTable('productVariants')
    .set({ qtyInStock })
    .where('websiteId', '=', DEMO_WEBSITE_ID)
    .where('sku', '=', sku)
    .execute();
}

const orders = (demo: DemoApp) =>
  demo.handle.db.selectFrom('orders').selectAll().where('websiteId', '=', DEMO_WEBSITE_ID).execute();

/**
 * One server for the tests that place no order (a demo database costs about half a
 * second to open): each has visitors of its own, with their own carts and addresses,
 * none takes stock another reads, and so "no order" and "stock 9" stay true for all
 * of them. A test that places an order, and then counts orders or reads their
 * numbers, opens a server of its own.
 */
let noOrderServer: Promise<DemoApp> | undefined;
const openNoOrderServer = () => (noOrderServer ??= openDemoApp(t));

t.test('with no cart there is nothing to check out, and no browser keeps the page', async (t) => {
  const demo = await openNoOrderServer();
  const stranger = () => demo.app.inject({ method: 'GET', url: '/checkout', headers: { host: 'localhost' } });
  const page = await stranger();
  t.equal(page.statusCode, 200);
  t.equal(page.headers['cache-control'], 'no-store');
  t.match(main(page.body), /<h1 class="page-title">Checkout<\/h1>/);
  t.equal((page.body.match(/<h1[\s>]/g) ?? []).length, 1, 'one h1');
  t.match(main(page.body), /Your cart is empty, so there is nothing to check out\./);
  t.match(main(page.body), /<a class="button" href="\/cart">Back to cart<\/a>/);
  t.notMatch(page.body, /<form class="checkout-form"/, 'no form');
  const repeat = await stranger();
  t.equal(repeat.headers['x-page-cache'], 'hit', "the server keeps the empty checkout: it holds nobody's details");
  t.equal(repeat.headers['cache-control'], 'no-store', 'the browser keeps no checkout page, kept or not');

  const unknown = await demo.app.inject({
    method: 'GET',
    url: '/checkout?cartToken=0123456789abcdef01234567',
    headers: { host: 'localhost' },
  });
  t.match(main(unknown.body), /nothing to check out/, 'an unknown cart token is no cart');

  const json = await demo.app.inject({ method: 'GET', url: '/checkout?format=json', headers: { host: 'localhost' } });
  t.equal(json.json().pageType, 201, 'page type 201');
  t.equal(json.headers['cache-control'], 'no-store');
  t.same(demo.warnings, [], 'no template warnings');
});

t.test("the checkout page shows the visitor's cart and the form", async (t) => {
  const demo = await openNoOrderServer();
  const visitor = new Visitor(demo.app);
  t.equal((await visitor.add(MUG)).statusCode, 200);
  const page = await visitor.request('GET', '/checkout');
  t.equal(page.statusCode, 200);
  t.equal(page.headers['cache-control'], 'no-store');
  const html = main(page.body);
  t.match(html, /Test mode:<\/strong> pay with a test card; no money moves\./, 'the test-mode notice');
  t.match(html, /<p class="checkout-line__title">Stoneware Mug<\/p>/);
  t.match(html, /<p class="checkout-line__variant">Slate<\/p>/);
  t.match(html, /Quantity: 2 × \$32\.00/);
  t.match(html, /<p class="checkout-line__total">\$64\.00<\/p>/, 'the line total');
  t.match(html, /<dt>Subtotal<\/dt><dd>\$64\.00<\/dd>/);
  t.match(html, /<dt>Shipping<\/dt><dd>From your address<\/dd>/, 'no address yet: shipping is not known');
  t.match(html, /<dt>Total<\/dt><dd>\$64\.00<\/dd>/, 'and no tax without a place: the total is the subtotal');
  t.match(html, /<legend class="checkout-address__legend">Payment<\/legend>/, 'a payment section');
  t.match(html, /<li><span class="checkout-code">4242 4242 4242 4242<\/span> Succeeds<\/li>/, 'the test cards');
  for (const [id, name, autocomplete] of [
    ['checkout-card-number', 'cardNumber', 'cc-number'],
    ['checkout-card-expiry', 'cardExpiry', 'cc-exp'],
    ['checkout-card-cvc', 'cardCvc', 'cc-csc'],
  ]) {
    t.match(html, new RegExp(`<label class="field-label" for="${id}">`), `${id} is labelled`);
    t.match(html, new RegExp(`id="${id}" name="${name}"[^>]*autocomplete="${autocomplete}"`), `${id} autocompletes`);
  }
  t.match(html, /id="checkout-card-number"[^>]*aria-describedby="checkout-test-cards"/, 'the test cards describe it');
  t.equal(inputValue(html, 'crumb'), CRUMB, "the visitor's crumb in a hidden field");
  t.equal(inputValue(html, 'cartToken'), undefined, 'no cart token for the cookie cart');
  for (const [id, autocomplete] of [
    ['checkout-email', 'email'],
    ['checkout-name', 'name'],
    ['checkout-address-line1', 'shipping address-line1'],
    ['checkout-address-line2', 'shipping address-line2'],
    ['checkout-city', 'shipping address-level2'],
    ['checkout-postal-code', 'shipping postal-code'],
    ['checkout-country', 'shipping country'],
    ['checkout-region', 'shipping address-level1'],
  ]) {
    t.match(html, new RegExp(`<label class="field-label" for="${id}">`), `${id} is labelled`);
    t.match(html, new RegExp(`id="${id}"[^>]*autocomplete="${autocomplete}"`), `${id} autocompletes`);
  }
  t.match(html, /<legend class="checkout-address__legend">Shipping address<\/legend>/, 'a physical order ships');
  t.match(html, /<button class="button checkout-form__button" type="submit">Place test order<\/button>/);

  const reader = new Visitor(demo.app);
  await reader.add(GUIDE);
  const digital = main((await reader.request('GET', '/checkout')).body);
  t.match(digital, /Home Barista Field Guide/);
  t.match(digital, /id="checkout-email"/);
  t.notMatch(digital, /Shipping address|name="addressLine1"/, 'nothing to ship, no address');
  t.same(demo.warnings, []);
});

t.test('a form with problems comes back with them, and with what the visitor typed', async (t) => {
  const demo = await openNoOrderServer();
  const visitor = new Visitor(demo.app);
  await visitor.add(MUG);
  const problems = { ...BUYER, email: 'ada@', name: '', city: '  ', postalCode: 'x'.repeat(21) };
  const posted = await submit(visitor, problems, { follow: false });
  t.equal(posted.statusCode, 303, 'post/redirect/get: Back and reload never send the form again');
  t.match(posted.headers.location, /^\/checkout\?attempt=[0-9a-f]{32}$/);
  t.equal(posted.headers['cache-control'], 'no-store');
  const stranger = await demo.app.inject({
    method: 'GET',
    url: String(posted.headers.location),
    headers: { host: visitor.host, cookie: `sb_cart=${visitor.cookies.get('sb_cart')}` },
  });
  t.notMatch(stranger.body, /ada@/, "another visitor holding the address sees none of this visitor's details");
  const answer = await submit(visitor, problems);
  t.equal(answer.statusCode, 200, 'the page after the redirect');
  t.equal(answer.headers['cache-control'], 'no-store');
  const html = main(answer.body);
  const summary = /<div class="checkout-errors" role="alert"[^>]*>([\s\S]*?)<\/div>/.exec(html)?.[1] ?? '';
  t.match(summary, /There is a problem/);
  t.same(
    [...summary.matchAll(/<a href="#([^"]+)">([^<]+)<\/a>/g)].map((m) => [m[1], m[2]]),
    [
      ['checkout-email', 'Email is not valid. Email addresses should follow the format name@example.com.'],
      ['checkout-name', 'Enter your full name.'],
      ['checkout-city', 'Enter your town or city.'],
      ['checkout-postal-code', 'Use 20 characters or fewer.'],
    ],
    'the summary links each problem to its field, in page order',
  );
  t.match(html, /id="checkout-email-error"><span class="visually-hidden">Error:<\/span> Email is not valid\./);
  t.match(html, /id="checkout-email"[^>]*value="ada@" aria-invalid="true" aria-describedby="checkout-email-error"/);
  t.match(html, /id="checkout-name"[^>]*value="" aria-invalid="true" aria-describedby="checkout-name-error"/);
  t.match(html, /id="checkout-address-line1"[^>]*value="12 Fore Street">/, 'a good field is kept, and not flagged');
  t.match(html, /id="checkout-address-line2"[^>]*value="Apt 3">/);
  t.match(html, /<option value="US" selected>United States<\/option>/, 'the country stays chosen');
  t.match(html, /<option value="ME" selected>Maine<\/option>/, "and the country's region list with the state");
  t.equal(inputValue(html, 'crumb'), CRUMB, 'the crumb is there for the next try');
  t.same(await orders(demo), [], 'no order');
  t.equal(await stockOf(demo, 'FW-MUG-SLATE'), 9, 'no stock taken');

  const escaped = await submit(visitor, { ...BUYER, name: '<script>alert(1)</script>', email: '' });
  t.match(main(escaped.body), /value="&lt;script&gt;alert\(1\)&lt;\/script&gt;"/, 'typed text is escaped');
  t.match(main(escaped.body), /<a href="#checkout-email">Enter your email address\.<\/a>/);
});

t.test('the form needs its crumb, with the spec’s messages', async (t) => {
  const demo = await openNoOrderServer();
  const visitor = new Visitor(demo.app);
  await visitor.add(MUG);

  const missing = await submit(visitor, BUYER, { crumb: null });
  t.equal(missing.statusCode, 200);
  t.match(
    main(missing.body),
    new RegExp(`<div class="checkout-alert" role="alert"[^>]*>\\s*<p[^>]*>${SESSION_EXPIRED}`),
  );
  t.equal(inputValue(main(missing.body), 'email'), BUYER.email, 'values kept');

  const wrong = await submit(visitor, BUYER, { crumb: 'f'.repeat(32) });
  t.equal(wrong.statusCode, 200);
  t.match(main(wrong.body), SESSION_EXPIRED);

  const noCookies = await submit(visitor, BUYER, { cookie: '' });
  t.equal(noCookies.statusCode, 200);
  t.match(main(noCookies.body), ENABLE_COOKIES);

  t.same(await orders(demo), [], 'no order');
  t.equal(await stockOf(demo, 'FW-MUG-SLATE'), 9);

  // A visitor whose first page is the checkout itself: the crumb the page echoes is the cookie it sets.
  const cart = visitor.cookies.get('sb_cart')!;
  const first = await demo.app.inject({
    method: 'GET',
    url: '/checkout',
    headers: { host: visitor.host, cookie: `sb_cart=${cart}` },
  });
  const set = (first.cookies as Array<{ name: string; value: string }>).find((c) => c.name === 'crumb');
  t.ok(set, 'the first page sets a crumb');
  t.equal(inputValue(main(first.body), 'crumb'), set?.value, 'and its form already carries it');
});

t.test("below the store's minimum subtotal there is no order", async (t) => {
  const demo = await openNoOrderServer();
  const visitor = new Visitor(demo.app);
  await visitor.add(NOTEBOOK);
  const page = main((await visitor.request('GET', '/checkout')).body);
  t.match(page, /To check out, your order subtotal must be \$10\.00 or more\./);
  t.notMatch(page, /<form class="checkout-form"/, 'no form to send');
  t.match(page, /href="\/cart">Back to cart</);

  const answer = await submit(visitor, BUYER);
  t.equal(answer.statusCode, 200);
  t.match(main(answer.body), /To check out, your order subtotal must be \$10\.00 or more\./);
  t.same(await orders(demo), []);
});

t.test('an order is placed in test mode, takes the stock and ends the cart', async (t) => {
  const demo = await openDemoApp(t);
  const visitor = new Visitor(demo.app);
  await visitor.add(MUG);
  await visitor.add(GUIDE);
  const cartId = visitor.cookies.get('sb_cart')!;
  t.ok(cartId);

  const answer = await submit(visitor, BUYER);
  t.equal(answer.statusCode, 303);
  t.equal(answer.headers['cache-control'], 'no-store');
  const location = String(answer.headers.location);
  t.match(location, /^\/checkout\/order-confirmed\?orderToken=[0-9a-f]{24}$/);
  t.match(
    String(answer.headers['set-cookie']),
    /sb_cart=; Max-Age=0; Path=\/;.*HttpOnly/,
    'the cart cookie is cleared',
  );
  t.notOk(visitor.cookies.has('sb_cart'));

  const [order, ...others] = await orders(demo);
  t.same(others, [], 'one order');
  t.equal(location, `/checkout/order-confirmed?orderToken=${order!.id}`, 'the token is the random order id');
  t.match(order, {
    orderNumber: 1001,
    cartId,
    testMode: true,
    currency: 'USD',
    subtotalMinor: '7800',
    grandTotalMinor: '8229',
    customerEmail: BUYER.email,
    customerName: BUYER.name,
    shippingAddressLine1: BUYER.addressLine1,
    shippingAddressLine2: BUYER.addressLine2,
    shippingCity: BUYER.city,
    shippingPostalCode: BUYER.postalCode,
    shippingCountry: 'US',
    shippingRegion: 'ME',
    // $78 ships free by Standard shipping; Maine's 5.5% on each line: $3.52 on $64.00, $0.77 on $14.00.
    shippingMinor: '0',
    taxMinor: '429',
  });
  const lines = await demo.handle.db
    .selectFrom('orderLines')
    .select(['sku', 'productName', 'quantity', 'unitPriceMinor', 'optionValues'])
    .where('websiteId', '=', DEMO_WEBSITE_ID)
    .where('orderId', '=', order!.id)
    .orderBy('lineNumber')
    .execute();
  t.same(lines, [
    {
      sku: 'FW-MUG-SLATE',
      productName: 'Stoneware Mug',
      quantity: 2,
      unitPriceMinor: '3200',
      optionValues: [{ optionName: 'Color', value: 'Slate' }],
    },
    {
      sku: 'FW-GUIDE-PDF',
      productName: 'Home Barista Field Guide',
      quantity: 1,
      unitPriceMinor: '1400',
      optionValues: [],
    },
  ]);
  t.equal(await stockOf(demo, 'FW-MUG-SLATE'), 7, 'two mugs taken from 9');
  const cart = await demo.handle.db
    .selectFrom('carts')
    .select(['isPurchased', 'orderId'])
    .where('websiteId', '=', DEMO_WEBSITE_ID)
    .where('id', '=', cartId)
    .executeTakeFirstOrThrow();
  t.same(cart, { isPurchased: true, orderId: order!.id }, 'the cart is purchased');

  // A second click, sent with the old cookie before the first answer came back.
  const again = await submit(visitor, BUYER, { cookie: `crumb=${CRUMB}; sb_cart=${cartId}` });
  t.equal(again.statusCode, 303);
  t.equal(again.headers.location, location, 'the same confirmation');
  t.equal((await orders(demo)).length, 1, 'and no second order');
  t.equal(await stockOf(demo, 'FW-MUG-SLATE'), 7);

  const after = main((await visitor.request('GET', '/checkout')).body);
  t.match(after, /nothing to check out/, 'the cart is gone from checkout');
  t.match((await visitor.request('GET', '/cart')).body, /Your cart is empty\./);
});

t.test('the confirmation page answers to the order token only', async (t) => {
  const demo = await openDemoApp(t);
  const visitor = new Visitor(demo.app);
  await visitor.add(MUG);
  const location = String((await submit(visitor, BUYER)).headers.location);

  const page = await visitor.request('GET', location);
  t.equal(page.statusCode, 200);
  t.equal(page.headers['cache-control'], 'no-store');
  const html = main(page.body);
  t.equal((page.body.match(/<h1[\s>]/g) ?? []).length, 1, 'one h1');
  t.match(html, /Test order:<\/strong> paid with a test card, so no money moved\./, 'a test order says so');
  t.match(html, /A confirmation is on its way to <strong>ada@example\.coffee<\/strong>/);
  t.match(html, /<p class="order-confirmed__number">Order number <strong>#1001<\/strong><\/p>/);
  t.equal((html.match(/1001/g) ?? []).length, 1, 'the number is said once');
  t.match(html, /<p class="checkout-line__title">Stoneware Mug<\/p>/);
  t.match(html, /<p class="checkout-line__variant">Slate<\/p>/);
  t.match(html, /Quantity: 2 × \$32\.00/);
  // $64.00, Standard shipping $6.95 (under $75), Maine's 5.5% on the goods only: $3.52.
  t.match(html, /<dt>Shipping \(Standard shipping\)<\/dt><dd>\$6\.95<\/dd>/);
  t.match(html, /<dt>Maine sales tax \(5\.5%\)<\/dt><dd>\$3\.52<\/dd>/);
  t.match(html, /<dt>Total<\/dt><dd>\$74\.47<\/dd>/);
  t.match(html, /<dt>Email<\/dt><dd>ada@example\.coffee<\/dd>/);
  t.match(html, /12 Fore Street<br>Apt 3<br>Portland, Maine 04101<br>United States/);
  const json = await visitor.request('GET', `${location}&format=json`);
  t.equal(json.json().pageType, 202, 'page type 202');

  // Anyone with the link sees it (it is a bearer token), so an anonymous request is not cached either.
  const anonymous = () => demo.app.inject({ method: 'GET', url: location, headers: { host: 'localhost' } });
  t.equal((await anonymous()).statusCode, 200);
  t.equal((await anonymous()).headers['x-page-cache'], undefined);

  for (const token of ['1', '0123456789abcdef01234567', '', 'ZZZ']) {
    const wrong = await demo.app.inject({
      method: 'GET',
      url: `/checkout/order-confirmed?orderToken=${token}`,
      headers: { host: 'localhost' },
    });
    t.equal(wrong.statusCode, 404, `token ${JSON.stringify(token)} is not found`);
    t.notMatch(wrong.body, /Stoneware Mug|ada@example/, 'and shows nothing of the order');
  }
  const none = await demo.app.inject({
    method: 'GET',
    url: '/checkout/order-confirmed',
    headers: { host: 'localhost' },
  });
  t.equal(none.statusCode, 404);
});

t.test("a subscription cart is checked out by its cartToken, leaving the visitor's own cart alone", async (t) => {
  const demo = await openDemoApp(t);
  const visitor = new Visitor(demo.app);
  await visitor.add(MUG);
  const ownCart = visitor.cookies.get('sb_cart')!;
  const subscribed = await visitor.request('POST', '/api/3/commerce/cart/subscription', {
    itemId: productId('house-blend-coffee'),
    sku: 'FW-HB-12-WB',
    qty: 1,
  });
  t.equal(subscribed.statusCode, 200);
  const { cartToken } = subscribed.json() as { cartToken: string };
  t.match(cartToken, /^[0-9a-f]{24}$/);

  const page = main((await visitor.request('GET', `/checkout?cartToken=${cartToken}`)).body);
  t.match(page, /House Blend/);
  t.notMatch(page, /Stoneware Mug/, "the named cart, not the visitor's own");
  t.equal(inputValue(page, 'cartToken'), cartToken, 'the form posts the token back');

  const invalid = await submit(visitor, { ...BUYER, cartToken, email: '' });
  t.equal(invalid.statusCode, 200);
  t.equal(inputValue(main(invalid.body), 'cartToken'), cartToken, 'kept when the form comes back');
  t.match(main(invalid.body), /House Blend/);

  const answer = await submit(visitor, { ...BUYER, cartToken });
  t.equal(answer.statusCode, 303);
  t.equal(answer.headers['set-cookie'], undefined, 'the cart cookie stays');
  const [order] = await orders(demo);
  t.equal(order?.cartId, cartToken);
  // $19.00, Standard shipping $6.95, Maine's 5.5% on the coffee: $1.05.
  t.equal(order?.grandTotalMinor, '2700');
  t.equal(await stockOf(demo, 'FW-HB-12-WB'), 39);
  t.equal(visitor.cookies.get('sb_cart'), ownCart);
  const own = await visitor.cart();
  t.equal(own.id, ownCart, "the visitor's own cart is still open");
  t.equal(own.entries[0].productName, 'Stoneware Mug');

  const bought = main((await visitor.request('GET', `/checkout?cartToken=${cartToken}`)).body);
  t.match(bought, /This cart has already been checked out\./);
  t.match(bought, /href="\/cart">Back to cart</);
});

t.test('stock sold between the page and the order refuses the order and keeps the form', async (t) => {
  const demo = await openNoOrderServer();
  const visitor = new Visitor(demo.app);
  await visitor.add(CANDLE);
  t.match(main((await visitor.request('GET', '/checkout')).body), /Cedar &amp; Smoke Candle/);
  await setStock(demo, 'FW-CANDLE-CEDAR', 1);

  const answer = await submit(visitor, BUYER);
  t.equal(answer.statusCode, 200);
  const html = main(answer.body);
  t.match(html, new RegExp(`<div class="checkout-alert" role="alert"[^>]*>\\s*<p[^>]*>${OUT_OF_STOCK}</p>`));
  t.match(html, /<p class="checkout-alert__detail">Cedar &amp; Smoke Candle<\/p>/, 'names the item');
  t.equal(inputValue(html, 'email'), BUYER.email, 'values kept');
  t.match(html, /<form class="checkout-form"/, 'the visitor can change the cart or try again');
  t.same(await orders(demo), []);
  t.equal(await stockOf(demo, 'FW-CANDLE-CEDAR'), 1, 'nothing taken');
  t.equal(visitor.cookies.has('sb_cart'), true, 'the cart stays');
});
