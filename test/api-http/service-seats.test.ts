/**
 * Services count seats (issue 24), on the demo's pour-over class: each
 * session is a variant whose stock is its free seats. Twenty buyers check
 * out one seat of a five-seat session at once and exactly five are sold;
 * the others are sent back to checkout with nothing taken. The product page
 * says the seats left and which session is sold out, and the owner's
 * service sessions call lists each session with its attendees.
 */
import t from 'tap';
import { API_ERRORS } from '../../api/api-errors.ts';
import { SERVICE_SESSIONS_PATH } from '../../api/http/owner-download-routes.ts';
import { DEMO_WEBSITE_ID } from '../../api/seed/demo-ids.ts';
import { DEMO_OWNERS } from '../../api/seed/demo-owners.ts';
import { openDemoApp } from '../site/demo-app.ts';
import { CRUMB, PAY_WITH_TEST_CARD, productId, Visitor } from './api-helpers.ts';
import { OwnerClient } from './owner-helpers.ts';

const { app, handle } = await openDemoApp(t);
const db = handle.db;
const CLASS = productId('pour-over-fundamentals-class');
const main = (html: string) => html.slice(html.indexOf('<main'), html.indexOf('</main>'));

const variantOf = (sku: string) =>
  db
    .selectFrom('productVariants')
    .select(['id', 'qtyInStock'])
    .where('websiteId', '=', DEMO_WEBSITE_ID)
    .where('sku', '=', sku)
    .executeTakeFirstOrThrow();

t.test('twenty parallel checkouts for a five-seat session sell exactly five seats', async (t) => {
  const saturday = await variantOf('FW-CLASS-SAT-AM');
  await db
    .updateTable('productVariants')
    .set({ qtyInStock: 5 })
    .where('websiteId', '=', DEMO_WEBSITE_ID)
    .where('id', '=', saturday.id)
    .execute();
  const buyers = Array.from({ length: 20 }, () => new Visitor(app));
  for (const buyer of buyers) {
    const added = await buyer.add({ itemId: CLASS, sku: 'FW-CLASS-SAT-AM', quantity: 1 });
    t.equal(added.statusCode, 200, added.body.slice(0, 200));
  }
  const answers = await Promise.all(
    buyers.map((buyer, index) =>
      app.inject({
        method: 'POST',
        url: '/checkout',
        remoteAddress: buyer.address,
        headers: { host: buyer.host, cookie: buyer.cookieHeader, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          crumb: CRUMB,
          email: `student${index + 1}@example.com`,
          name: `Student ${index + 1}`,
          ...PAY_WITH_TEST_CARD,
        }).toString(),
      }),
    ),
  );
  const placed = answers.filter((answer) => String(answer.headers.location).startsWith('/checkout/order-confirmed'));
  t.equal(placed.length, 5, 'five orders placed');
  t.equal(
    answers.filter((answer) => answer.statusCode === 303 && String(answer.headers.location).startsWith('/checkout?'))
      .length,
    15,
    'fifteen sent back to checkout',
  );
  t.equal((await variantOf('FW-CLASS-SAT-AM')).qtyInStock, 0, 'no seat sold twice, none left over');
  const sold = await db
    .selectFrom('orderLines as l')
    .innerJoin('orders as o', (join) => join.onRef('o.websiteId', '=', 'l.websiteId').onRef('o.id', '=', 'l.orderId'))
    .select((eb) => eb.fn.sum<string>('l.quantity').as('seats'))
    .where('l.websiteId', '=', DEMO_WEBSITE_ID)
    .where('l.variantId', '=', saturday.id)
    .where('o.paymentStatus', '=', 'paid')
    .executeTakeFirstOrThrow();
  t.equal(Number(sold.seats), 5);
  // A refused buyer's checkout page says why.
  const refused = answers.find((answer) => String(answer.headers.location).startsWith('/checkout?'))!;
  const buyer = buyers[answers.indexOf(refused)]!;
  const page = main((await buyer.request('GET', String(refused.headers.location))).body);
  t.match(page, API_ERRORS['out-of-stock'].message);
});

t.test('the product page shows the seats left and the sold-out session', async (t) => {
  const page = main((await new Visitor(app).request('GET', '/shop/pour-over-fundamentals-class')).body);
  t.match(page, /<h2 class="product__sessions-title" id="product-sessions-title">Seats<\/h2>/);
  t.match(page, /Saturday, 10 am: <strong>sold out<\/strong>/);
  t.match(page, /Thursday, 6 pm: 6 seats left/);
});

t.test("the owner's orders panel lists each session with its attendees", async (t) => {
  const visitor = new OwnerClient(app);
  t.equal((await visitor.request('GET', SERVICE_SESSIONS_PATH)).statusCode, 401, 'not for visitors');
  const owner = new OwnerClient(app);
  await owner.ownerSignIn(DEMO_OWNERS.storeManager.email, DEMO_OWNERS.storeManager.password);
  const answer = await owner.request('GET', SERVICE_SESSIONS_PATH);
  t.equal(answer.statusCode, 200);
  const sessions = answer.json().sessions as Array<
    Record<string, unknown> & { attendees: Array<Record<string, unknown>> }
  >;
  t.same(
    sessions.map((session) => [session.productTitle, session.session, session.seatsLeft, session.seatsTaken]),
    [
      ['Pour-Over Fundamentals Class', 'Session: Saturday, 10 am', 0, 5],
      ['Pour-Over Fundamentals Class', 'Session: Thursday, 6 pm', 6, 0],
    ],
  );
  const attendees = sessions[0]!.attendees;
  t.equal(attendees.length, 5);
  for (const attendee of attendees) {
    t.match(attendee, { seats: 1, name: /^Student \d+$/, email: /^student\d+@example\.com$/, orderNumber: Number });
  }
  t.same(
    attendees.map((attendee) => attendee.orderNumber),
    [...attendees.map((attendee) => attendee.orderNumber as number)].sort((a, b) => a - b),
    'in order of their orders',
  );
  // A cancelled order's seat is free again, and its buyer is no longer listed.
  const cancelled = await owner.request('POST', `/api/owner/orders/${attendees[0]!.orderId}/cancel`, {});
  t.equal(cancelled.statusCode, 200, cancelled.body.slice(0, 200));
  const after = (await owner.request('GET', SERVICE_SESSIONS_PATH)).json().sessions[0];
  t.match(after, { seatsLeft: 1, seatsTaken: 4 });
  t.equal(after.attendees.length, 4);
});
