import t from 'tap';
import { openDemoApp } from '../site/demo-app.ts';
import { CART_PATH, CRUMB, ENTRIES_PATH, productId, Visitor } from './api-helpers.ts';

const MUG = productId('stoneware-mug');

// One server for the file: each test's visitors have carts and addresses of their own.
const { app } = await openDemoApp(t);

t.test('the crumb', async (t) => {
  t.test('the first page view sets it; a page view with one keeps it', async (t) => {
    const first = await app.inject({ method: 'GET', url: '/', headers: { host: 'localhost' } });
    t.equal(first.statusCode, 200);
    const crumb = (first.cookies as Array<{ name: string; value: string; sameSite?: string }>).find(
      (cookie) => cookie.name === 'crumb',
    );
    t.match(crumb, { value: /^[0-9a-f]{64}$/, sameSite: 'Lax', path: '/' });
    const again = await app.inject({
      method: 'GET',
      url: '/',
      headers: { host: 'localhost', cookie: `crumb=${crumb!.value}` },
    });
    t.equal(again.headers['set-cookie'], undefined);
    const json = await app.inject({ method: 'GET', url: CART_PATH, headers: { host: 'localhost' } });
    t.equal(json.headers['set-cookie'], undefined, 'JSON answers do not set it');

    // The crumb the page set works for a write.
    const visitor = new Visitor(app);
    visitor.cookies.set('crumb', crumb!.value);
    t.equal((await visitor.add({ itemId: MUG, sku: 'FW-MUG-OAT' })).statusCode, 200);
  });

  t.test('a write without cookies at all', async (t) => {
    const response = await app.inject({
      method: 'POST',
      url: ENTRIES_PATH,
      headers: { host: 'localhost', 'content-type': 'application/json' },
      payload: JSON.stringify({ itemId: MUG, sku: 'FW-MUG-OAT' }),
    });
    t.equal(response.statusCode, 403);
    t.same(response.json().error, {
      code: 'cookies-disabled',
      message: 'Please enable cookies in your browser, reload the page, and try again.',
    });
  });

  t.test('a missing or different crumb', async (t) => {
    const visitor = new Visitor(app);
    const missing = await visitor.add({ itemId: MUG, sku: 'FW-MUG-OAT' });
    t.equal(missing.statusCode, 200, 'the helper sends it');
    const wrong = await visitor.request(
      'POST',
      ENTRIES_PATH,
      { itemId: MUG, sku: 'FW-MUG-OAT' },
      { 'x-csrf-token': 'f'.repeat(32) },
    );
    t.equal(wrong.statusCode, 403);
    t.same(wrong.json().error, {
      code: 'crumb-failed',
      message: 'Your session has expired. Please reload the page and try again.',
    });
    const none = await visitor.request(
      'POST',
      ENTRIES_PATH,
      { itemId: MUG, sku: 'FW-MUG-OAT' },
      { 'x-csrf-token': '' },
    );
    t.equal(none.json().error.code, 'crumb-failed');
    const entryId = (await visitor.cart()).entries[0].id;
    const del = await visitor.request('DELETE', `${ENTRIES_PATH}/${entryId}`, undefined, { 'x-csrf-token': 'nope' });
    t.equal(del.statusCode, 403);
    t.equal((await visitor.cart()).totalQuantity, 1, 'the cart is unchanged');
  });

  t.test('a crumb the server did not sign is refused, even when cookie and header agree', async (t) => {
    const visitor = new Visitor(app);
    for (const forged of ['f'.repeat(32), 'f'.repeat(64), `${CRUMB.slice(0, 32)}${'0'.repeat(32)}`]) {
      visitor.cookies.set('crumb', forged);
      const response = await visitor.add({ itemId: MUG, sku: 'FW-MUG-OAT' });
      t.equal(response.statusCode, 403, forged);
      t.equal(response.json().error.code, 'crumb-failed');
    }
    const page = await app.inject({
      method: 'GET',
      url: '/',
      headers: { host: 'localhost', cookie: visitor.cookieHeader },
    });
    const fresh = (page.cookies as Array<{ name: string; value: string }>).find((cookie) => cookie.name === 'crumb');
    t.not(fresh?.value, undefined, 'the next page replaces a forged crumb with a signed one');
    t.not(fresh?.value, visitor.cookies.get('crumb'));
  });

  t.test('a form-encoded write may send the crumb as a field', async (t) => {
    const visitor = new Visitor(app);
    const body = new URLSearchParams({
      itemId: MUG,
      sku: 'FW-MUG-OAT',
      quantity: '2',
      crumb: visitor.cookies.get('crumb')!,
    });
    const response = await app.inject({
      method: 'POST',
      url: ENTRIES_PATH,
      headers: { host: 'localhost', cookie: visitor.cookieHeader, 'content-type': 'application/x-www-form-urlencoded' },
      payload: body.toString(),
    });
    t.equal(response.statusCode, 200);
    t.equal(response.json().newlyAdded.quantity, 2);
    body.set('crumb', 'a'.repeat(32));
    const wrong = await app.inject({
      method: 'POST',
      url: ENTRIES_PATH,
      headers: { host: 'localhost', cookie: visitor.cookieHeader, 'content-type': 'application/x-www-form-urlencoded' },
      payload: body.toString(),
    });
    t.equal(wrong.statusCode, 403);
  });
});

t.test('malformed input is a 4xx and the cart stays as it was', async (t) => {
  const visitor = new Visitor(app);
  await visitor.add({ itemId: MUG, sku: 'FW-MUG-OAT', quantity: 1 });
  const before = await visitor.cart();
  const entryId = before.entries[0].id;

  const json = { 'content-type': 'application/json' };
  const bad = await visitor.request('POST', ENTRIES_PATH, '{"itemId": ', json);
  t.equal(bad.statusCode, 400);
  t.equal(bad.json().error.code, 'invalid-json');
  const array = await visitor.request('POST', ENTRIES_PATH, [1, 2]);
  t.equal(array.statusCode, 400);
  t.equal(array.json().error.code, 'invalid-body');
  const types = await visitor.add({ itemId: 42, sku: ['FW-MUG-OAT'], quantity: 1 });
  t.equal(types.statusCode, 400);
  t.same(Object.keys(types.json().error.fields).sort(), ['itemId', 'sku']);
  const fields = await visitor.add({ itemId: MUG, sku: 'FW-MUG-OAT', additionalFields: { a: 1 } });
  t.equal(fields.statusCode, 400, 'additionalFields must be JSON text');
  const unparsable = await visitor.add({ itemId: MUG, sku: 'FW-MUG-OAT', additionalFields: '{oops' });
  t.equal(unparsable.statusCode, 400);
  const empty = await visitor.request('POST', ENTRIES_PATH, '', json);
  t.equal(empty.statusCode, 400);
  const xml = await visitor.request('POST', ENTRIES_PATH, '<cart/>', { 'content-type': 'application/xml' });
  t.equal(xml.statusCode, 415);
  const big = await visitor.request('POST', ENTRIES_PATH, { itemId: MUG, sku: 'x'.repeat(400_000) });
  t.equal(big.statusCode, 413);
  const negative = await visitor.request('PUT', `${ENTRIES_PATH}/${entryId}`, { quantity: -5 });
  t.equal(negative.statusCode, 400);
  const huge = await visitor.request('PUT', `${ENTRIES_PATH}/${entryId}`, { quantity: 1e12 });
  t.equal(huge.statusCode, 400);
  const noQuantity = await visitor.request('PUT', `${ENTRIES_PATH}/${entryId}`, {});
  t.equal(noQuantity.statusCode, 400, 'a quantity change names the quantity');
  const wrongFields = await visitor.request('PUT', `${ENTRIES_PATH}/${entryId}/additionalFields`, {
    additionalFields: 7,
  });
  t.equal(wrongFields.statusCode, 400);
  const proto = await visitor.request(
    'POST',
    ENTRIES_PATH,
    `{"__proto__":{"x":1},"itemId":"${MUG}","sku":"FW-MUG-OAT","quantity":"a"}`,
    json,
  );
  t.equal(proto.statusCode, 400);

  const after = await visitor.cart();
  t.same(after, before, 'nothing changed');
});
