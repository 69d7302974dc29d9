/**
 * Order history on the account page and each order's status page (211):
 * orders placed signed in are the user's, listed newest first and opened by
 * their owner; the holder of the confirmation token opens the order too;
 * anyone else gets 404, also through ?format=json.
 */
import { sql } from 'kysely';
import t from 'tap';
import { DEMO_WEBSITE_ID } from '../../api/seed/seed-demo-site.ts';
import { PAY_WITH_TEST_CARD, productId, Visitor } from '../api-http/api-helpers.ts';
import { Member, newEmail } from '../api-http/site-user-helpers.ts';
import { openDemoApp } from './demo-app.ts';

const { app, handle } = await openDemoApp(t);

const MUG = { itemId: productId('stoneware-mug'), sku: 'FW-MUG-SLATE', quantity: 2 };
const GUIDE = { itemId: productId('home-barista-field-guide'), quantity: 1 };
const BUYER = {
  email: 'ada@example.coffee',
  name: 'Ada Lovelace',
  addressLine1: '12 Fore Street',
  addressLine2: '',
  city: 'Portland',
  region: 'ME',
  postalCode: '04101',
  country: 'US',
  ...PAY_WITH_TEST_CARD,
};

/** Checks out the visitor's cart with the form, as a browser without script does; the confirmation's token. */
async function checkOut(visitor: Visitor, item: Record<string, unknown>): Promise<string> {
  const added = await visitor.add(item);
  if (added.statusCode !== 200) throw new Error(`not added to the cart: ${added.body}`);
  const body = new URLSearchParams({ crumb: visitor.cookies.get('crumb') ?? '', ...BUYER }).toString();
  const placed = await visitor.request('POST', '/checkout', body, {
    'content-type': 'application/x-www-form-urlencoded',
  });
  const location = String(placed.headers.location);
  const token = /^\/checkout\/order-confirmed\?orderToken=([0-9a-f]{24})$/.exec(location)?.[1];
  if (placed.statusCode !== 303 || token === undefined)
    throw new Error(`no order placed: ${placed.statusCode} ${location}`);
  return token;
}

const orderRow = (id: string) =>
  handle.db
    .selectFrom('orders')
    .select(['orderNumber', 'siteUserId', 'status'])
    .where('websiteId', '=', DEMO_WEBSITE_ID)
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

const main = (html: string) => html.slice(html.indexOf('<main'), html.indexOf('</main>'));

const owner = new Member(app);
const signedUp = await owner.signUp({ email: newEmail('buyer'), password: 'orders-of-mine' });
if (signedUp.statusCode !== 201) throw new Error(`no account: ${signedUp.body}`);
const ownerId = (await owner.request('GET', '/?format=json')).json().authenticatedAccount.id as string;
const firstToken = await checkOut(owner, MUG);
const secondToken = await checkOut(owner, GUIDE);
const first = await orderRow(firstToken);
const second = await orderRow(secondToken);
// Dates of their own (the database's clock is the wall clock's), and the first one shipped since.
const setOrder = (id: string, createdOn: string, status: 'PENDING' | 'FULFILLED') =>
  sql`update orders set created_on = ${createdOn}::timestamptz, status = ${status}
      where website_id = ${DEMO_WEBSITE_ID} and id = ${id}`.execute(handle.db);
await setOrder(firstToken, '2026-10-20T15:00:00Z', 'FULFILLED');
await setOrder(secondToken, '2026-10-28T15:00:00Z', 'PENDING');

t.test('an order placed signed in is the user’s; one placed signed out is no one’s', async (t) => {
  t.equal(first.siteUserId, ownerId);
  t.equal(second.siteUserId, ownerId);
  const stranger = new Visitor(app);
  const token = await checkOut(stranger, GUIDE);
  t.equal((await orderRow(token)).siteUserId, null);
});

t.test('the account page lists the user’s orders, newest first, each linking to its status page', async (t) => {
  const page = await owner.request('GET', '/account');
  t.equal(page.statusCode, 200);
  t.equal(page.headers['cache-control'], 'no-store');
  const html = main(page.body);
  t.match(html, '<h2 class="order-history__title" id="order-history-title">Your orders</h2>');
  const rows = [
    ...html.matchAll(
      /<tr>\s*<th scope="row"><a class="text-link" href="([^"]+)">Order #(\d+)<\/a><\/th>\s*<td><time datetime="[^"]+">([^<]+)<\/time><\/td>\s*<td>([^<]+)<\/td>\s*<td>([^<]+)<\/td>/g,
    ),
  ].map((match) => match.slice(1));
  t.same(rows, [
    [`/account/orders/${second.orderNumber}`, String(second.orderNumber), 'October 28, 2026', 'Pending', '$14.00'],
    [`/account/orders/${first.orderNumber}`, String(first.orderNumber), 'October 20, 2026', 'Fulfilled', '$74.47'],
  ]);
  const json = (await owner.request('GET', '/account?format=json')).json();
  t.same(
    json.accountPage.orderHistory.orders.map((order: { orderNumber: number }) => order.orderNumber),
    [second.orderNumber, first.orderNumber],
  );
  t.match(json.accountPage.orderHistory.orders[1], {
    status: 'FULFILLED',
    statusLabel: 'Fulfilled',
    // $64.00 of mugs, Standard shipping $6.95, Maine's 5.5% on the mugs $3.52.
    grandTotal: { value: '7447', currency: 'USD' },
    fullUrl: `/account/orders/${first.orderNumber}`,
  });
});

t.test('a user without orders is told so; a visitor’s account page has no history', async (t) => {
  const fresh = new Member(app);
  t.equal((await fresh.signUp({ email: newEmail('fresh'), password: 'no-orders-yet' })).statusCode, 201);
  t.match((await fresh.request('GET', '/account')).body, 'You have not placed any orders while signed in yet.');
  const visitor = await new Visitor(app).request('GET', '/account');
  t.notMatch(visitor.body, 'order-history');
  t.notOk((await new Visitor(app).request('GET', '/account?format=json')).json().accountPage.orderHistory);
});

t.test('the status page (211) shows the order’s lines, totals, status and fulfillment to its owner', async (t) => {
  const path = `/account/orders/${first.orderNumber}`;
  const page = await owner.request('GET', path);
  t.equal(page.statusCode, 200);
  t.equal(page.headers['cache-control'], 'no-store', 'a buyer’s details are kept nowhere');
  t.equal(page.headers['x-page-cache'], undefined);
  const html = main(page.body);
  t.match(html, `<h1 class="page-title">Order #${first.orderNumber}</h1>`);
  t.match(html, '<p class="checkout-line__title">Stoneware Mug</p>');
  t.match(html, /<p class="checkout-line__quantity">Quantity: 2 × \$32\.00<\/p>/);
  t.match(html, /<div><dt>Shipping<\/dt><dd>\$6\.95<\/dd><\/div>/);
  t.match(html, /<div><dt>Tax<\/dt><dd>\$3\.52<\/dd><\/div>/);
  t.match(html, /<div class="checkout-totals__grand"><dt>Total<\/dt><dd>\$74\.47<\/dd><\/div>/);
  t.match(html, '<dd class="order-status__status">Fulfilled</dd>');
  t.match(html, '<dd class="order-status__fulfillment">Shipped.</dd>');
  t.match(html, '12 Fore Street');
  const json = (await owner.request('GET', `${path}?format=json`)).json();
  t.equal(json.pageType, 211);
  t.match(json.order, {
    orderNumber: first.orderNumber,
    status: 'FULFILLED',
    fulfillment: { fulfilled: true, canceled: false, requiresShipping: true },
    items: [{ productName: 'Stoneware Mug', quantity: 2 }],
    grandTotal: { value: '7447' },
  });
  const digital = (await owner.request('GET', `/account/orders/${second.orderNumber}?format=json`)).json();
  t.match(digital.order, { status: 'PENDING', fulfillment: { requiresShipping: false, text: 'Being prepared.' } });
});

t.test('anyone else gets 404, through ?format=json too; the confirmation token opens the order', async (t) => {
  const path = `/account/orders/${first.orderNumber}`;
  const other = new Member(app);
  t.equal((await other.signUp({ email: newEmail('other'), password: 'not-my-order' })).statusCode, 201);
  for (const viewer of [other, new Visitor(app)]) {
    for (const url of [path, `${path}?format=json`, `${path}?orderToken=${secondToken}`, `${path}?orderToken=x`]) {
      const answer = await viewer.request('GET', url);
      t.equal(answer.statusCode, 404, url);
      t.notMatch(answer.body, 'Stoneware Mug');
      t.notMatch(answer.body, 'Ada Lovelace');
    }
  }
  const withToken = await new Visitor(app).request('GET', `${path}?orderToken=${firstToken}`);
  t.equal(withToken.statusCode, 200);
  t.match(withToken.body, 'Stoneware Mug');
  t.equal((await new Visitor(app).request('GET', `${path}?orderToken=${firstToken}&format=json`)).json().pageType, 211);
  // Signed out, the owner's browser is a visitor again.
  await owner.signOut();
  t.equal((await owner.request('GET', path)).statusCode, 404);
});

t.test('an address that names no order is not found', async (t) => {
  const visitor = new Visitor(app);
  for (const path of [
    '/account/orders/0',
    '/account/orders/007',
    '/account/orders/abc',
    '/account/orders/99999999999',
    '/account/orders',
    '/account/orders/1/x',
  ]) {
    t.equal((await visitor.request('GET', path)).statusCode, 404, path);
  }
});
