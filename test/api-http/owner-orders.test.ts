/**
 * The owner's orders panel through inject() (issue 22), on the demo store
 * with orders paid by the test provider's card: the list (newest first,
 * paged, filtered by status, searched by number, email and name), one
 * order, the CSV export (formula-safe); fulfilling queues the buyer's email
 * with the tracking details and the status page shows them; cancelling
 * gives the stock, the discount use and a gift card's share back; refunds through the provider,
 * a part then the rest, more than is left refused, and a refund the
 * provider refuses changes nothing, with the test provider and with the
 * payment-intents adapter against its loopback fake. Viewers read but
 * change nothing.
 */
import { sql } from 'kysely';
import t from 'tap';
import { listOutbox } from '../../api/mail/index.ts';
import { IntentsPaymentProvider } from '../../api/payments/intents-payment-provider.ts';
import { createGiftCard, getGiftCards } from '../../api/repositories/gift-card-repository.ts';
import { DEMO_WEBSITE_ID } from '../../api/seed/demo-ids.ts';
import { DEMO_OWNERS } from '../../api/seed/demo-owners.ts';
import { newGiftCardCode } from '../../api/services/gift-card-issue.ts';
import { formatGiftCardCode } from '../../domain/checkout/gift-cards.ts';
import { FAKE_SECRET_KEY, startFakeIntentsServer } from '../api/helpers/fake-intents-server.ts';
import { readCsv } from '../shared/csv-reader.ts';
import { openDemoApp } from '../site/demo-app.ts';
import { CRUMB, PAY_WITH_TEST_CARD, productId, Visitor } from './api-helpers.ts';
import { OwnerClient } from './owner-helpers.ts';

const { app, handle } = await openDemoApp(t);
const db = handle.db;
const ORDERS = '/api/owner/orders';
const SCOOP = { itemId: productId('walnut-coffee-scoop'), quantity: 2 };

async function signedIn(owner: { email: string; password: string }, on = app): Promise<OwnerClient> {
  const client = new OwnerClient(on);
  const response = await client.ownerSignIn(owner.email, owner.password);
  if (response.statusCode !== 200) throw new Error(response.body);
  return client;
}

const manager = await signedIn(DEMO_OWNERS.storeManager);
const viewer = await signedIn(DEMO_OWNERS.viewer);

/** A shopper buys two scoops with the test card that succeeds (or the payment given); the order's number. */
async function buy(
  email: string,
  name: string,
  discountCode = '',
  on = app,
  payment: Record<string, string> = PAY_WITH_TEST_CARD,
  giftCardCode?: string,
): Promise<number> {
  const visitor = new Visitor(on);
  await visitor.add(SCOOP);
  if (giftCardCode) {
    const applied = await visitor.request('POST', '/api/commerce/shopping-cart/gift-cards', { code: giftCardCode });
    if (applied.statusCode !== 200) throw new Error(`gift card refused: ${applied.body}`);
  }
  const answer = await on.inject({
    method: 'POST',
    url: '/checkout',
    remoteAddress: visitor.address,
    headers: { host: visitor.host, cookie: visitor.cookieHeader, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      crumb: CRUMB,
      email,
      name,
      addressLine1: '12 Fore Street',
      addressLine2: '',
      city: 'Portland',
      region: 'ME',
      postalCode: '04101',
      country: 'US',
      discountCode,
      ...payment,
    }).toString(),
  });
  if (answer.statusCode !== 303 || !String(answer.headers.location).includes('order-confirmed')) {
    throw new Error(`checkout failed: ${answer.statusCode} ${answer.headers.location}`);
  }
  const row = await (on === app ? db : other.db)
    .selectFrom('orders')
    .select('orderNumber')
    .where('websiteId', '=', DEMO_WEBSITE_ID)
    .where('customerEmail', '=', email)
    .where('paymentStatus', '=', 'paid')
    .executeTakeFirstOrThrow();
  return row.orderNumber ?? 0;
}

async function orderId(orderNumber: number): Promise<string> {
  const row = await db
    .selectFrom('orders')
    .select('id')
    .where('websiteId', '=', DEMO_WEBSITE_ID)
    .where('orderNumber', '=', orderNumber)
    .executeTakeFirstOrThrow();
  return row.id;
}

async function scoopStock(): Promise<number> {
  const row = await db
    .selectFrom('productVariants')
    .select('qtyInStock')
    .where('websiteId', '=', DEMO_WEBSITE_ID)
    .where('sku', '=', 'FW-SCOOP')
    .executeTakeFirstOrThrow();
  return row.qtyInStock;
}

// The payment-intents adapter against its loopback fake, on a demo site of its own.
let failIntents = false;
const fake = await startFakeIntentsServer({ failNext: () => failIntents });
t.teardown(fake.close);
const intentsDemo = await openDemoApp(t, {
  server: {
    payments: new IntentsPaymentProvider({
      apiUrl: fake.url,
      secretKey: FAKE_SECRET_KEY,
      webhookSecret: 'whsec_orders',
    }),
  },
});
const other = { db: intentsDemo.handle.db };

const first = await buy('ada@example.coffee', 'Ada Lovelace');
const second = await buy('grace@example.org', '=HYPERLINK("x")');
const third = await buy('alan@example.net', 'Alan Turing', 'WELCOME10');

t.test('the list: newest first, paged, searched by number, email and name, filtered by status', async (t) => {
  const all = (await manager.request('GET', ORDERS)).json();
  t.equal(all.total, 3);
  t.same(
    all.orders.map((order: { orderNumber: number }) => order.orderNumber),
    [third, second, first],
  );
  t.match(all.orders[2], { status: 'PENDING', customerEmail: 'ada@example.coffee', customerName: 'Ada Lovelace' });
  const page = (await manager.request('GET', `${ORDERS}?offset=1&limit=1`)).json();
  t.same([page.total, page.orders.length, page.orders[0].orderNumber], [3, 1, second]);
  const search = async (text: string) =>
    (await manager.request('GET', `${ORDERS}?search=${encodeURIComponent(text)}`))
      .json()
      .orders.map((order: { orderNumber: number }) => order.orderNumber);
  t.same(await search(`#${first}`), [first], 'by number');
  t.same(await search('GRACE@'), [second], 'by email, any case');
  t.same(await search('turing'), [third], 'by name');
  t.same(await search('%'), [], 'a % is a letter, not a wildcard');
  t.same((await manager.request('GET', `${ORDERS}?status=FULFILLED`)).json().orders, []);
  const bad = await manager.request('GET', `${ORDERS}?status=SHIPPED`);
  t.equal(bad.statusCode, 400);
});

t.test('one order, and an order that does not exist', async (t) => {
  const detail = (await manager.request('GET', `${ORDERS}/${await orderId(first)}`)).json();
  t.match(detail.order, { orderNumber: first, status: 'PENDING', fulfilledOn: null, items: [{ quantity: 2 }] });
  t.match(detail.payment, { provider: 'test', refundedCents: '0' });
  t.equal(detail.payment.refundableCents, detail.payment.amountCents);
  t.same(detail.refunds, []);
  const missing = await manager.request('GET', `${ORDERS}/nosuchorder`);
  t.equal(missing.statusCode, 404);
  t.equal(missing.json().error.message, 'That order was not found.');
});

t.test('the CSV export: every order the filter shows, formulas made text', async (t) => {
  const response = await manager.request('GET', `${ORDERS}/export`);
  t.equal(response.statusCode, 200);
  t.match(response.headers['content-type'], 'text/csv');
  t.match(response.headers['content-disposition'], 'attachment; filename="orders.csv"');
  const rows = readCsv(response.body.replace(/^\uFEFF/, ''));
  t.same(rows[0], ['Order number', 'Placed on', 'Status', 'Customer name', 'Customer email', 'Currency', 'Total']);
  t.equal(rows.length, 4);
  const grace = rows.find((row) => row[4] === 'grace@example.org');
  t.equal(grace?.[3], `'=HYPERLINK("x")`, 'a name that reads as a formula is kept as text');
  t.match(rows[1]?.[6], /^\d+\.\d\d$/);
  const searched = readCsv((await manager.request('GET', `${ORDERS}/export?search=ada`)).body.replace(/^\uFEFF/, ''));
  t.equal(searched.length, 2);
});

t.test('fulfilling: the buyer’s email with the tracking details, the status page shows them, once only', async (t) => {
  const id = await orderId(first);
  const refusedViewer = await viewer.request('POST', `${ORDERS}/${id}/fulfil`, {});
  t.equal(refusedViewer.statusCode, 403, 'a viewer may not');
  const badUrl = await manager.request('POST', `${ORDERS}/${id}/fulfil`, { trackingUrl: 'javascript:alert(1)' });
  t.equal(badUrl.statusCode, 400);
  t.equal(badUrl.json().error.fields.trackingUrl, 'Enter a tracking address starting with https:// or http://.');
  t.equal(
    (await manager.request('GET', `${ORDERS}/${id}`)).json().order.status,
    'PENDING',
    'a refusal changes nothing',
  );

  const before = (await listOutbox(db, { websiteId: DEMO_WEBSITE_ID })).length;
  const fulfilled = await manager.request('POST', `${ORDERS}/${id}/fulfil`, {
    trackingNumber: '1Z999AA10123456784',
    carrier: 'UPS',
    trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
  });
  t.equal(fulfilled.statusCode, 200, fulfilled.body);
  t.match(fulfilled.json().order, { status: 'FULFILLED', trackingNumber: '1Z999AA10123456784', carrier: 'UPS' });
  t.ok(fulfilled.json().order.fulfilledOn);
  const mail = await listOutbox(db, { websiteId: DEMO_WEBSITE_ID });
  t.equal(mail.length, before + 1, 'one email');
  const shipped = mail.find((entry) => entry.kind === 'order-fulfilled');
  t.match(shipped, {
    to: 'ada@example.coffee',
    subject: `Your order #${first} from Fernwood Coffee & Home is on its way`,
  });
  t.match(shipped?.text, 'Carrier: UPS\nTracking number: 1Z999AA10123456784\nTrack it: https://www.ups.com/track?');
  const link = /http:\/\/localhost(\/account\/orders\/\d+\?orderToken=[0-9a-f]{32})/.exec(shipped?.text ?? '');
  t.ok(link, 'with the status page’s link');
  const status = await new Visitor(app).request('GET', link?.[1] ?? '/');
  t.equal(status.statusCode, 200);
  t.match(status.body, 'Fulfilled');
  t.match(status.body, '1Z999AA10123456784');

  const again = await manager.request('POST', `${ORDERS}/${id}/fulfil`, {});
  t.equal(again.statusCode, 409);
  t.equal(again.json().error.message, 'This order has already been fulfilled.');
  t.equal((await listOutbox(db, { websiteId: DEMO_WEBSITE_ID })).length, before + 1, 'no second email');
  const cancel = await manager.request('POST', `${ORDERS}/${id}/cancel`, {});
  t.equal(cancel.statusCode, 409);
  t.equal(cancel.json().error.message, 'Only an order that has not been fulfilled can be cancelled.');
  const filtered = (await manager.request('GET', `${ORDERS}?status=FULFILLED`)).json().orders;
  t.same(
    filtered.map((order: { orderNumber: number }) => order.orderNumber),
    [first],
  );
});

t.test('cancelling gives back the stock and the discount use; a cancelled order cannot be fulfilled', async (t) => {
  const id = await orderId(third);
  const stock = await scoopStock();
  const uses = async () =>
    (
      await db
        .selectFrom('discounts')
        .select('timesUsed')
        .where('websiteId', '=', DEMO_WEBSITE_ID)
        .where('code', '=', 'WELCOME10')
        .executeTakeFirstOrThrow()
    ).timesUsed;
  const usesBefore = await uses();
  t.equal((await viewer.request('POST', `${ORDERS}/${id}/cancel`, {})).statusCode, 403);
  const canceled = await manager.request('POST', `${ORDERS}/${id}/cancel`, {});
  t.equal(canceled.statusCode, 200, canceled.body);
  t.match(canceled.json().order, { status: 'CANCELED' });
  t.ok(canceled.json().order.canceledOn);
  t.equal(await scoopStock(), stock + 2, 'the two scoops are back in stock');
  t.equal(await uses(), usesBefore - 1, 'the discount use no longer counts');
  const again = await manager.request('POST', `${ORDERS}/${id}/cancel`, {});
  t.equal(again.json().error.message, 'This order has been cancelled.');
  t.equal(await scoopStock(), stock + 2, 'and is not given back twice');
  const fulfil = await manager.request('POST', `${ORDERS}/${id}/fulfil`, {});
  t.equal(fulfil.statusCode, 409);
  t.equal(fulfil.json().error.message, 'This order has been cancelled.');
});

t.test('cancelling an order part paid by gift card gives the card its share back', async (t) => {
  const code = newGiftCardCode();
  const card = await createGiftCard(db, DEMO_WEBSITE_ID, { code, currency: 'USD', amountCents: '1000' });
  const balance = async () => (await getGiftCards(db, DEMO_WEBSITE_ID, [card.id]))[0]?.balanceCents;
  const number = await buy('kay@example.com', 'Kay McNulty', '', app, PAY_WITH_TEST_CARD, formatGiftCardCode(code));
  t.equal(await balance(), '0', 'the card paid its $10');
  const canceled = await manager.request('POST', `${ORDERS}/${await orderId(number)}/cancel`, {});
  t.equal(canceled.statusCode, 200, canceled.body);
  t.equal(await balance(), '1000', 'and has it back');
});

t.test('refunds through the provider: a part, then the rest; more than is left refused', async (t) => {
  const id = await orderId(second);
  const url = `${ORDERS}/${id}/refunds`;
  const { payment } = (await manager.request('GET', `${ORDERS}/${id}`)).json();
  const total = BigInt(payment.amountCents);
  t.equal((await viewer.request('POST', url, { amountCents: '100' })).statusCode, 403);
  const zero = await manager.request('POST', url, { amountCents: '0' });
  t.equal(zero.json().error.fields.amountCents, 'Enter an amount to refund greater than zero.');

  const part = await manager.request('POST', url, { amountCents: '1000', reason: 'One scoop was chipped' });
  t.equal(part.statusCode, 200, part.body);
  t.match(part.json().payment, { refundedCents: '1000', refundableCents: String(total - 1000n) });
  t.match(part.json().refunds, [{ amountCents: '1000', reason: 'One scoop was chipped', actorName: /./ }]);
  t.match(part.json().refunds[0].providerRefundId, /^tr_/);

  const tooMuch = await manager.request('POST', url, { amountCents: String(total) });
  t.equal(tooMuch.statusCode, 409);
  t.match(tooMuch.json().error.message, /^The refund is more than what is left to refund: at most \d+\.\d\d USD\.$/);

  const rest = await manager.request('POST', url, { amountCents: String(total - 1000n) });
  t.equal(rest.statusCode, 200, rest.body);
  t.match(rest.json().payment, { refundedCents: String(total), refundableCents: '0' });
  t.equal(rest.json().refunds.length, 2);
  const none = await manager.request('POST', url, { amountCents: '1' });
  t.equal(none.statusCode, 409, 'nothing is left');
});

t.test('a refund the provider refuses changes nothing', async (t) => {
  const number = await buy('hedy@example.com', 'Hedy Lamarr');
  const id = await orderId(number);
  // The provider's own record says it refunded all already (a refund made in its dashboard), so it refuses.
  await sql`UPDATE test_provider_payments SET refunded_minor = amount_minor`.execute(db);
  const answer = await manager.request('POST', `${ORDERS}/${id}/refunds`, { amountCents: '500' });
  t.equal(answer.statusCode, 502);
  t.equal(
    answer.json().error.message,
    'The payment provider did not make the refund, so nothing was refunded. Please try again.',
  );
  const detail = (await manager.request('GET', `${ORDERS}/${id}`)).json();
  t.equal(detail.payment.refundedCents, '0');
  t.same(detail.refunds, []);
});

t.test(
  'refunds through the payment-intents adapter: asked of the provider with a key; its refusal records nothing',
  async (t) => {
    const number = await buy('ida@example.com', 'Ida Rhodes', '', intentsDemo.app, { paymentMethod: 'pm_card_visa' });
    const owner = await signedIn(DEMO_OWNERS.storeManager, intentsDemo.app);
    const row = await other.db
      .selectFrom('orders')
      .select('id')
      .where('orderNumber', '=', number)
      .executeTakeFirstOrThrow();
    const url = `${ORDERS}/${row.id}/refunds`;

    failIntents = true;
    const failed = await owner.request('POST', url, { amountCents: '500' });
    failIntents = false;
    t.equal(failed.statusCode, 502);
    t.same((await owner.request('GET', `${ORDERS}/${row.id}`)).json().refunds, [], 'nothing recorded');

    const made = await owner.request('POST', url, { amountCents: '500', reason: 'Late' });
    t.equal(made.statusCode, 200, made.body);
    t.match(made.json().refunds, [{ amountCents: '500', reason: 'Late', providerRefundId: /^re_\d+$/ }]);
    t.equal(made.json().payment.refundedCents, '500');
    const asked = fake.requests.findLast((request) => request.path === '/v1/refunds');
    t.match(asked, { method: 'POST', form: { amount: '500', payment_intent: /^pi_\d+$/ } });
    t.match(asked?.idempotencyKey, /^refund-[0-9a-f]{24}$/, 'with an idempotency key of its own');
  },
);
