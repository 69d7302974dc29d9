/**
 * The public commerce API through inject(), with API keys: products,
 * stock and orders a page at a time; stock adjusted with a reason, never
 * below zero, however many adjustments run at once; a key without the
 * call's scope refused (403), a wrong, deleted or missing key 401; a
 * contributor's session acts through the same permission table.
 */
import t from 'tap';
import { CART_COOKIE } from '../../api/cookie-names.ts';
import { placeOrder } from '../../api/repositories/order-repository.ts';
import { DEMO_WEBSITE_ID, demoId } from '../../api/seed/demo-ids.ts';
import { DEMO_OWNERS } from '../../api/seed/demo-owners.ts';
import { openDemoApp } from '../site/demo-app.ts';
import { HOST, productId, Visitor } from './api-helpers.ts';
import { OwnerClient } from './owner-helpers.ts';

const { app, handle } = await openDemoApp(t);
const db = handle.db;
const API = '/api/v1/commerce';
const MUG = productId('stoneware-mug');
const OAT = demoId('variant', 'fw-mug-oat');
const CANDLE = demoId('variant', 'fw-candle-cedar');
const GUIDE = demoId('variant', 'fw-guide-pdf');

async function signedIn(owner: { email: string; password: string }): Promise<OwnerClient> {
  const client = new OwnerClient(app);
  const response = await client.ownerSignIn(owner.email, owner.password);
  if (response.statusCode !== 200) throw new Error(response.body);
  return client;
}
const admin = await signedIn(DEMO_OWNERS.admin);

async function newKey(scopes: string[]): Promise<{ key: string; id: string }> {
  const created = await admin.request('POST', '/api/owner/api-keys', { name: `Key ${scopes.join(' ')}`, scopes });
  if (created.statusCode !== 201) throw new Error(created.body);
  return { key: created.json().key, id: created.json().apiKey.id };
}

const full = await newKey(['products:read', 'inventory:read', 'inventory:write', 'orders:read']);
const productsOnly = await newKey(['products:read']);

function call(key: string | undefined, method: 'GET' | 'POST', url: string, body?: unknown) {
  return app.inject({
    method,
    url,
    headers: {
      host: HOST,
      ...(key === undefined ? {} : { authorization: `Bearer ${key}` }),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

async function stockOf(variantId: string): Promise<number> {
  const row = await db
    .selectFrom('productVariants')
    .select('qtyInStock')
    .where('websiteId', '=', DEMO_WEBSITE_ID)
    .where('id', '=', variantId)
    .executeTakeFirstOrThrow();
  return row.qtyInStock;
}

t.test('products: every one, a page at a time, and one by id', async (t) => {
  const seen: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const query: string = cursor === null ? '?limit=3' : `?limit=3&cursor=${encodeURIComponent(cursor)}`;
    const response = await call(full.key, 'GET', `${API}/products${query}`);
    t.equal(response.statusCode, 200, response.body.slice(0, 200));
    const body = response.json();
    t.ok(body.products.length <= 3);
    seen.push(...body.products.map((p: { id: string }) => p.id));
    t.equal(body.pagination.hasNextPage, body.pagination.nextPageCursor !== null);
    cursor = body.pagination.nextPageCursor;
    pages++;
  } while (cursor !== null && pages < 50);
  const stored = await db.selectFrom('products').select('itemId').where('websiteId', '=', DEMO_WEBSITE_ID).execute();
  t.same([...seen].sort(), stored.map((row) => row.itemId).sort(), 'each product exactly once');
  t.ok(pages > 1, `${pages} pages`);

  const mug = await call(productsOnly.key, 'GET', `${API}/products/${MUG}`);
  t.equal(mug.statusCode, 200);
  const { product } = mug.json();
  t.equal(product.name, 'Stoneware Mug');
  t.equal(product.url, '/shop/stoneware-mug');
  t.equal(product.productType, 'physical');
  const oat = product.variants.find((v: { sku: string }) => v.sku === 'FW-MUG-OAT');
  t.same(oat.price, { value: '3200', currency: 'USD', decimalValue: '32.00' });
  t.same(oat.attributes, { Color: 'Oat' });
  t.equal(oat.quantity, await stockOf(OAT));

  const missing = await call(full.key, 'GET', `${API}/products/no-such-product`);
  t.equal(missing.statusCode, 404);
  t.same(missing.json(), { error: { code: 'product-not-found', message: 'That product was not found.' } });
  const badCursor = await call(full.key, 'GET', `${API}/products?cursor=not-a-cursor`);
  t.equal(badCursor.statusCode, 400);
  t.equal(badCursor.json().error.code, 'invalid-cursor');
  const badLimit = await call(full.key, 'GET', `${API}/products?limit=0`);
  t.equal(badLimit.statusCode, 400);
  t.ok(badLimit.json().error.fields.limit, 'the limit is named');
});

t.test('inventory: read, adjusted with a reason, never below zero', async (t) => {
  const listed = await call(full.key, 'GET', `${API}/inventory?limit=100`);
  t.equal(listed.statusCode, 200);
  const candle = listed.json().inventory.find((row: { variantId: string }) => row.variantId === CANDLE);
  t.same(candle, {
    variantId: CANDLE,
    productId: productId('cedar-and-smoke-candle'),
    productName: 'Cedar & Smoke Candle',
    sku: 'FW-CANDLE-CEDAR',
    unlimited: false,
    quantity: 3,
  });

  const delivered = await call(full.key, 'POST', `${API}/inventory/${CANDLE}/adjustments`, {
    quantity: 12,
    reason: '  Delivery from the chandler  ',
  });
  t.equal(delivered.statusCode, 201, delivered.body);
  t.equal(delivered.json().inventory.quantity, 15);
  t.match(delivered.json().adjustment, {
    variantId: CANDLE,
    quantityChange: 12,
    quantityAfter: 15,
    reason: 'Delivery from the chandler',
    madeBy: { kind: 'api-key' },
  });
  t.equal(await stockOf(CANDLE), 15);

  const tooMany = await call(full.key, 'POST', `${API}/inventory/${CANDLE}/adjustments`, {
    quantity: -16,
    reason: 'Breakage',
  });
  t.equal(tooMany.statusCode, 409);
  t.same(tooMany.json().error, {
    code: 'inventory-below-zero',
    message: 'Stock cannot go below zero: 15 in stock, and the adjustment is -16.',
  });
  t.equal(await stockOf(CANDLE), 15, 'a refused adjustment changes nothing');

  const unlimited = await call(full.key, 'POST', `${API}/inventory/${GUIDE}/adjustments`, {
    quantity: 1,
    reason: 'x',
  });
  t.equal(unlimited.statusCode, 409);
  t.equal(unlimited.json().error.code, 'inventory-unlimited');
  const unknown = await call(full.key, 'POST', `${API}/inventory/no-such-variant/adjustments`, {
    quantity: 1,
    reason: 'x',
  });
  t.equal(unknown.statusCode, 404);
  t.equal(unknown.json().error.code, 'variant-not-found');
  const bad = await call(full.key, 'POST', `${API}/inventory/${CANDLE}/adjustments`, { quantity: 0.5, reason: ' ' });
  t.equal(bad.statusCode, 400);
  t.same(bad.json().error.fields, {
    quantity: 'Give the change as a whole number other than 0, from -1000000 to 1000000.',
    reason: 'Please give a reason for the adjustment.',
  });
  const zero = await call(full.key, 'POST', `${API}/inventory/${CANDLE}/adjustments`, { quantity: 0, reason: 'x' });
  t.equal(zero.statusCode, 400);
  t.equal(await stockOf(CANDLE), 15);

  const read = await call(full.key, 'GET', `${API}/inventory/${CANDLE}`);
  t.equal(read.statusCode, 200);
  t.equal(read.json().inventory.quantity, 15);
  t.same(
    read.json().recentAdjustments.map((a: { quantityChange: number; reason: string }) => [a.quantityChange, a.reason]),
    [[12, 'Delivery from the chandler']],
    'only the adjustment that was made is recorded',
  );
  t.equal((await call(full.key, 'GET', `${API}/inventory/no-such-variant`)).statusCode, 404);
});

t.test('twenty-five concurrent adjustments of -1 against 10 in stock', async (t) => {
  await db
    .updateTable('productVariants')
    .set({ qtyInStock: 10 })
    .where('websiteId', '=', DEMO_WEBSITE_ID)
    .where('id', '=', OAT)
    .execute();
  const answers = await Promise.all(
    Array.from({ length: 25 }, (_, n) =>
      call(full.key, 'POST', `${API}/inventory/${OAT}/adjustments`, { quantity: -1, reason: `Count ${n}` }),
    ),
  );
  t.equal(answers.filter((a) => a.statusCode === 201).length, 10, 'exactly the stock is taken');
  t.equal(answers.filter((a) => a.statusCode === 409).length, 15, 'the rest are refused');
  t.equal(await stockOf(OAT), 0, 'never below zero');
  const recorded = await db
    .selectFrom('inventoryAdjustments')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('websiteId', '=', DEMO_WEBSITE_ID)
    .where('variantId', '=', OAT)
    .executeTakeFirstOrThrow();
  t.equal(Number(recorded.n), 10, 'one record per adjustment made');
  const afters = answers
    .filter((a) => a.statusCode === 201)
    .map((a) => a.json().adjustment.quantityAfter)
    .sort((a: number, b: number) => a - b);
  t.same(afters, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], 'each saw the count the one before it left');
});

t.test('orders: listed newest first and read with their lines', async (t) => {
  const shopper = new Visitor(app);
  const added = await shopper.add({ itemId: MUG, sku: 'FW-MUG-SLATE', quantity: 2 });
  t.equal(added.statusCode, 200, added.body);
  const cartId = shopper.cookies.get(CART_COOKIE)!;
  const placed = await placeOrder(db, DEMO_WEBSITE_ID, cartId, { customerEmail: 'ann@example.com', testMode: true });
  if (!placed.ok) throw new Error(JSON.stringify(placed));

  const listed = await call(full.key, 'GET', `${API}/orders?limit=1`);
  t.equal(listed.statusCode, 200);
  const [first] = listed.json().orders;
  t.match(first, {
    id: placed.order.id,
    orderNumber: placed.order.orderNumber,
    status: 'PENDING',
    testMode: true,
    customerEmail: 'ann@example.com',
    grandTotal: { currency: 'USD' },
  });
  const fulfilled = await call(full.key, 'GET', `${API}/orders?status=FULFILLED`);
  t.notOk(
    fulfilled.json().orders.some((o: { id: string }) => o.id === placed.order.id),
    'the status filter holds',
  );
  const badStatus = await call(full.key, 'GET', `${API}/orders?status=LOST`);
  t.equal(badStatus.statusCode, 400);

  const read = await call(full.key, 'GET', `${API}/orders/${placed.order.id}`);
  t.equal(read.statusCode, 200);
  const { order } = read.json();
  t.same(
    order.lines.map((line: { sku: string; quantity: number; unitPrice: { value: string } }) => [
      line.sku,
      line.quantity,
      line.unitPrice.value,
    ]),
    [['FW-MUG-SLATE', 2, '3200']],
  );
  t.equal(order.subtotal.decimalValue, '64.00');
  t.equal((await call(full.key, 'GET', `${API}/orders/no-such-order`)).json().error.code, 'order-not-found');
});

t.test('keys: scope, wrong, deleted, none; contributors through the same table', async (t) => {
  const forbidden = await call(productsOnly.key, 'GET', `${API}/inventory`);
  t.equal(forbidden.statusCode, 403);
  t.equal(forbidden.json().error.code, 'api-key-forbidden');
  t.equal((await call(productsOnly.key, 'GET', `${API}/orders`)).statusCode, 403);
  t.equal(
    (await call(productsOnly.key, 'POST', `${API}/inventory/${CANDLE}/adjustments`, { quantity: 1, reason: 'x' }))
      .statusCode,
    403,
  );
  t.equal(await stockOf(CANDLE), 15, 'a refused key changed nothing');

  const wrong = await call(`${full.key.slice(0, -2)}xx`, 'GET', `${API}/products`);
  t.equal(wrong.statusCode, 401);
  t.equal(wrong.json().error.code, 'api-key-refused');
  const none = await call(undefined, 'GET', `${API}/products`);
  t.equal(none.statusCode, 401);
  t.equal(none.json().error.code, 'owner-not-signed-in');

  const doomed = await newKey(['products:read']);
  t.equal((await call(doomed.key, 'GET', `${API}/products`)).statusCode, 200);
  t.equal((await admin.request('DELETE', `/api/owner/api-keys/${doomed.id}`)).statusCode, 200);
  const revoked = await call(doomed.key, 'GET', `${API}/products`);
  t.equal(revoked.statusCode, 401, 'a deleted key is refused at once');
  t.equal(revoked.json().error.code, 'api-key-refused');

  const storeManager = await signedIn(DEMO_OWNERS.storeManager);
  t.equal((await storeManager.request('GET', `${API}/inventory`)).statusCode, 200);
  const adjusted = await storeManager.request('POST', `${API}/inventory/${CANDLE}/adjustments`, {
    quantity: -1,
    reason: 'Shop display',
  });
  t.equal(adjusted.statusCode, 201);
  t.equal(adjusted.json().adjustment.madeBy.kind, 'contributor', 'made by a contributor, not a key');
  const editor = await signedIn(DEMO_OWNERS.editor);
  t.equal((await editor.request('GET', `${API}/orders`)).json().error.code, 'owner-forbidden');
});
