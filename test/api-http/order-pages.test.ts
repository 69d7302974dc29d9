/**
 * The pages of an order's later life (issue 24), through inject() on the
 * demo store: an order whose payment is awaited shows the order received
 * page (207) at its confirmation address, which becomes the confirmation
 * (202) once paid, with the test provider's second step and with the
 * intents provider's bank return; the status page (211) from the receipt's
 * link shows each fulfilment state as the owner's order calls drive it
 * (pending, partly fulfilled line by line, fulfilled, canceled, refunded)
 * with each parcel's carrier, tracking number and link; the reviews request
 * is queued once, sent N days after fulfilment by a driven clock and not
 * before, never for cancelled or refunded orders, and its signed link opens
 * the reviews page (209), which a bad signature does not; the commerce
 * email preview (301) renders every email for the owner and refuses
 * everyone else.
 */
import { sql } from 'kysely';
import t from 'tap';
import { JobRunner } from '../../api/jobs/job-runner.ts';
import { listOutbox } from '../../api/mail/index.ts';
import { IntentsPaymentProvider } from '../../api/payments/intents-payment-provider.ts';
import { mergeStoreSettings } from '../../api/repositories/site-settings-repository.ts';
import { DEMO_WEBSITE_ID } from '../../api/seed/demo-ids.ts';
import { DEMO_OWNERS } from '../../api/seed/demo-owners.ts';
import { COMMERCE_EMAILS } from '../../api/services/commerce-email-previews.ts';
import {
  enqueueReviewsRequest,
  REVIEWS_REQUEST_JOB,
  reviewsRequestJobHandlers,
} from '../../api/services/reviews-request.ts';
import { FAKE_SECRET_KEY, startFakeIntentsServer } from '../api/helpers/fake-intents-server.ts';
import { openDemoApp } from '../site/demo-app.ts';
import { CRUMB, PAY_WITH_TEST_CARD, productId, TEST_SECRET, Visitor } from './api-helpers.ts';
import { OwnerClient } from './owner-helpers.ts';

const { app, handle } = await openDemoApp(t);
const db = handle.db;
const ORDERS = '/api/owner/orders';
const DAY = 24 * 60 * 60 * 1000;
const SCOOP = { itemId: productId('walnut-coffee-scoop'), quantity: 2 };
const MUG = { itemId: productId('stoneware-mug'), sku: 'FW-MUG-SLATE', quantity: 3 };
const ADDRESS = {
  addressLine1: '12 Fore Street',
  addressLine2: '',
  city: 'Portland',
  region: 'ME',
  postalCode: '04101',
  country: 'US',
};

const main = (html: string) => html.slice(html.indexOf('<main'), html.indexOf('</main>'));

async function signedIn(owner: { email: string; password: string }): Promise<OwnerClient> {
  const client = new OwnerClient(app);
  const response = await client.ownerSignIn(owner.email, owner.password);
  if (response.statusCode !== 200) throw new Error(response.body);
  return client;
}
const manager = await signedIn(DEMO_OWNERS.storeManager);

/** The checkout form posted as a browser without script posts it; the answer before its redirect. */
async function checkout(visitor: Visitor, fields: Record<string, string>, on = app) {
  return on.inject({
    method: 'POST',
    url: '/checkout',
    remoteAddress: visitor.address,
    headers: { host: visitor.host, cookie: visitor.cookieHeader, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ crumb: CRUMB, ...ADDRESS, ...fields }).toString(),
  });
}

interface Bought {
  id: string;
  orderNumber: number;
  /** The receipt email's link to the status page, as the buyer gets it (path and query). */
  statusLink: string;
}

/** A shopper buys the items with the card that succeeds; the order and its receipt's status link. */
async function buy(email: string, name: string, items: Array<Record<string, unknown>>): Promise<Bought> {
  const visitor = new Visitor(app);
  for (const item of items) {
    const added = await visitor.add(item);
    if (added.statusCode !== 200) throw new Error(added.body);
  }
  const answer = await checkout(visitor, { email, name, ...PAY_WITH_TEST_CARD });
  const id = /orderToken=([0-9a-f]{24})$/.exec(String(answer.headers.location))?.[1];
  if (answer.statusCode !== 303 || !id) throw new Error(`checkout failed: ${answer.statusCode} ${answer.body}`);
  const row = await db
    .selectFrom('orders')
    .select('orderNumber')
    .where('websiteId', '=', DEMO_WEBSITE_ID)
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const receipt = (await listOutbox(db, { websiteId: DEMO_WEBSITE_ID })).find(
    (mail) => mail.kind === 'order-confirmation' && mail.to === email,
  );
  const link = /https?:\/\/\S+\/account\/orders\/\S+/.exec(receipt?.text ?? '')?.[0];
  if (!link) throw new Error('no status link in the receipt');
  const url = new URL(link);
  return { id, orderNumber: row.orderNumber ?? 0, statusLink: `${url.pathname}${url.search}` };
}

const statusJson = async (order: Bought) =>
  (await new Visitor(app).request('GET', `${order.statusLink}&format=json`)).json();
const statusHtml = async (order: Bought) => main((await new Visitor(app).request('GET', order.statusLink)).body);

const fulfil = (order: Bought, body: Record<string, unknown>) =>
  manager.request('POST', `${ORDERS}/${order.id}/fulfil`, body);

t.test('an order awaiting its payment shows the order received page (207); paid, the confirmation (202)', async (t) => {
  const visitor = new Visitor(app);
  await visitor.add(SCOOP);
  const held = await checkout(visitor, {
    email: 'pending@example.coffee',
    name: 'Penny Pending',
    cardNumber: '4000 0025 0000 3155',
    cardExpiry: '12/49',
    cardCvc: '123',
  });
  const stepUrl = String(held.headers.location);
  t.match(stepUrl, /^\/checkout\/payment-step\?payment=tp_/);
  const row = await db
    .selectFrom('orders')
    .select(['id', 'paymentStatus'])
    .where('websiteId', '=', DEMO_WEBSITE_ID)
    .where('customerEmail', '=', 'pending@example.coffee')
    .executeTakeFirstOrThrow();
  t.equal(row.paymentStatus, 'awaiting');
  const address = `/checkout/order-confirmed?orderToken=${row.id}`;

  const waiting = await visitor.request('GET', address);
  t.equal(waiting.statusCode, 200);
  t.equal(waiting.headers['cache-control'], 'no-store');
  const html = main(waiting.body);
  t.match(html, '<h1 class="page-title">Your order is received</h1>');
  t.match(html, 'Payment is pending.');
  t.match(html, '<p class="checkout-line__title">Walnut Coffee Scoop</p>');
  t.match(html, /<div class="checkout-totals__grand"><dt>Total<\/dt><dd>\$[\d.]+<\/dd><\/div>/);
  t.match(html, `<a class="button" href="${stepUrl}">Finish paying</a>`, 'back to the bank’s step');
  t.match(html, `<a class="text-link" href="${address}">Check the payment again</a>`, 'a refresh without script');
  t.notMatch(html, 'Thank you, your order is placed');
  const json = (await visitor.request('GET', `${address}&format=json`)).json();
  t.equal(json.pageType, 207);
  t.match(json.order, { orderNumber: null, email: 'pending@example.coffee', items: [{ quantity: 2 }] });
  t.equal(
    (await new Visitor(app).request('GET', '/checkout/order-confirmed?orderToken=0123456789abcdef01234567')).statusCode,
    404,
  );

  const paymentId = /payment=(tp_[0-9a-f]{24})/.exec(stepUrl)?.[1] ?? '';
  const completed = await visitor.request(
    'POST',
    '/checkout/payment-step',
    new URLSearchParams({ crumb: CRUMB, payment: paymentId, decision: 'complete' }).toString(),
    { 'content-type': 'application/x-www-form-urlencoded' },
  );
  t.equal(completed.headers.location, address);
  const paid = await visitor.request('GET', address);
  t.match(main(paid.body), 'Thank you, your order is placed');
  t.equal((await visitor.request('GET', `${address}&format=json`)).json().pageType, 202);
});

t.test('the intents provider: back from the bank with the step unfinished lands on 207, then 202', async (t) => {
  const fake = await startFakeIntentsServer();
  t.teardown(fake.close);
  const intents = await openDemoApp(t, {
    server: {
      payments: new IntentsPaymentProvider({
        apiUrl: fake.url,
        secretKey: FAKE_SECRET_KEY,
        webhookSecret: 'whsec_pages',
      }),
    },
  });
  const visitor = new Visitor(intents.app);
  await visitor.add(SCOOP);
  const held = await checkout(
    visitor,
    { email: 'grace@example.com', name: 'Grace Hopper', paymentMethod: 'pm_card_threeDSecureRequired' },
    intents.app,
  );
  const bank = String(held.headers.location);
  const intentId = /\/3ds\/(pi_\d+)/.exec(bank)?.[1] ?? '';
  t.ok(intentId, 'sent to the bank');
  const back = await visitor.request('GET', `/checkout/payment-step?payment_intent=${intentId}`);
  const address = String(back.headers.location);
  t.match(address, /^\/checkout\/order-confirmed\?orderToken=[0-9a-f]{24}$/);
  const received = await visitor.request('GET', address);
  t.match(main(received.body), 'Your order is received');
  t.match(main(received.body), `href="${bank}">Finish paying</a>`);
  fake.finishAction(intentId, true);
  t.match(
    (await visitor.request('GET', `/checkout/payment-step?payment_intent=${intentId}`)).headers.location,
    address,
  );
  t.equal((await visitor.request('GET', `${address}&format=json`)).json().pageType, 202);
});

t.test('the status page (211) shows each fulfilment state, per line and overall, with tracking', async (t) => {
  const order = await buy('lines@example.coffee', 'Lin Parcel', [SCOOP, MUG]);
  let json = await statusJson(order);
  t.equal(json.pageType, 211);
  t.match(json.order.fulfillment, { state: 'pending', stateLabel: 'Pending', shipments: [] });
  t.same(
    json.order.items.map((item: { fulfillment: { state: string } }) => item.fulfillment.state),
    ['pending', 'pending'],
  );
  const lineOf = (name: string) =>
    json.order.items.findIndex((item: { productName: string }) => item.productName === name) + 1;
  const scoopLine = lineOf('Walnut Coffee Scoop');
  const mugLine = lineOf('Stoneware Mug');

  // Bad parcels change nothing.
  const noLine = await fulfil(order, { lines: [{ lineNumber: 9, quantity: 1 }] });
  t.equal(noLine.statusCode, 400);
  t.equal(noLine.json().error.message, 'This order has no line 9.');
  const tooMany = await fulfil(order, { lines: [{ lineNumber: mugLine, quantity: 4 }] });
  t.equal(tooMany.statusCode, 409);
  t.equal(tooMany.json().error.message, `Line ${mugLine} has fewer items left to fulfil.`);
  t.equal((await statusJson(order)).order.fulfillment.state, 'pending');

  const first = await fulfil(order, {
    lines: [
      { lineNumber: scoopLine, quantity: 2 },
      { lineNumber: mugLine, quantity: 1 },
    ],
    carrier: 'UPS',
    trackingNumber: '1Z999AA10123456784',
  });
  t.equal(first.statusCode, 200, first.body);
  t.match(first.json(), { order: { status: 'PENDING' }, shipments: [{ carrier: 'UPS', lines: [{}, {}] }] });
  json = await statusJson(order);
  t.match(json.order.fulfillment, {
    state: 'partly-fulfilled',
    text: 'Partly shipped: the rest follows.',
    shipments: [
      {
        carrier: 'UPS',
        trackingNumber: '1Z999AA10123456784',
        trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
      },
    ],
  });
  t.match(json.order.items[scoopLine - 1].fulfillment, { state: 'fulfilled', fulfilledQuantity: 2 });
  t.match(json.order.items[mugLine - 1].fulfillment, { state: 'partly-fulfilled', fulfilledQuantity: 1 });
  let html = await statusHtml(order);
  t.match(html, '<dd class="order-status__state order-status__state--partly-fulfilled">Partly fulfilled</dd>');
  t.match(html, 'Partly fulfilled: 1 of 3 sent');
  t.match(html, '<span class="order-status__tracking">1Z999AA10123456784</span>');
  t.match(html, '<a class="text-link" href="https://www.ups.com/track?tracknum=1Z999AA10123456784"');

  const shippedMails = async () =>
    (await listOutbox(db, { websiteId: DEMO_WEBSITE_ID })).filter(
      (mail) => mail.kind === 'order-fulfilled' && mail.to === 'lines@example.coffee',
    );
  const [partMail, ...noOther] = await shippedMails();
  t.equal(noOther.length, 0);
  t.equal(partMail?.subject, `Part of your order #${order.orderNumber} from Fernwood Coffee & Home is on its way`);
  t.match(partMail?.text, 'has been sent. The rest follows.\n\n  2 × Walnut Coffee Scoop\n  1 × Stoneware Mug\n');
  t.match(partMail?.text, 'Tracking number: 1Z999AA10123456784');

  const cancel = await manager.request('POST', `${ORDERS}/${order.id}/cancel`);
  t.equal(cancel.statusCode, 409, 'a parcel has gone: no cancelling');

  const rest = await fulfil(order, {
    carrier: 'Harbor Couriers',
    trackingNumber: 'HC-42',
    trackingUrl: 'https://track.example/HC-42',
  });
  t.equal(rest.statusCode, 200, rest.body);
  json = await statusJson(order);
  t.match(json.order, { status: 'FULFILLED', fulfillment: { state: 'fulfilled', text: 'Shipped.' } });
  t.equal(json.order.fulfillment.shipments.length, 2);
  t.match(json.order.fulfillment.shipments[1], {
    carrier: 'Harbor Couriers',
    trackingUrl: 'https://track.example/HC-42',
    items: [{ productName: 'Stoneware Mug', quantity: 2 }],
  });
  html = await statusHtml(order);
  t.match(html, 'Fulfilled</dd>');
  t.match(html, '<a class="text-link" href="https://track.example/HC-42"');
  t.equal((await fulfil(order, {})).statusCode, 409, 'nothing left to fulfil');
  const mails = await shippedMails();
  t.equal(mails.length, 2);
  const restMail = mails.find((mail) => mail.id !== partMail?.id);
  t.equal(restMail?.subject, `The rest of your order #${order.orderNumber} from Fernwood Coffee & Home is on its way`);
  t.match(restMail?.text, 'has been sent.\n\n  2 × Stoneware Mug\n');

  // An unknown carrier without an address of the owner's has no link: it would be a guess.
  const unknown = await buy('unknown@example.coffee', 'Una Known', [SCOOP]);
  await fulfil(unknown, { carrier: 'Harbor Couriers', trackingNumber: 'HC-7' });
  json = await statusJson(unknown);
  t.match(json.order.fulfillment, { state: 'fulfilled', trackingNumber: 'HC-7', trackingUrl: null });
  t.match(await statusHtml(unknown), '<span class="order-status__tracking">HC-7</span>');
  t.notMatch(await statusHtml(unknown), 'Track this parcel');

  const canceled = await buy('cancel@example.coffee', 'Cass Cancel', [SCOOP]);
  t.equal((await manager.request('POST', `${ORDERS}/${canceled.id}/cancel`)).statusCode, 200);
  json = await statusJson(canceled);
  t.match(json.order.fulfillment, { state: 'canceled', stateLabel: 'Canceled' });
  t.equal(json.order.items[0].fulfillment.state, 'canceled');

  const refunded = await buy('refund@example.coffee', 'Rufus Refund', [SCOOP]);
  const detail = (await manager.request('GET', `${ORDERS}/${refunded.id}`)).json();
  const half = (BigInt(detail.payment.amountCents) / 2n).toString();
  t.equal((await manager.request('POST', `${ORDERS}/${refunded.id}/refunds`, { amountCents: half })).statusCode, 200);
  json = await statusJson(refunded);
  t.equal(json.order.fulfillment.state, 'pending', 'a part refunded is not refunded');
  t.match(json.order.refunded, { value: half });
  const left = (BigInt(detail.payment.amountCents) - BigInt(half)).toString();
  t.equal((await manager.request('POST', `${ORDERS}/${refunded.id}/refunds`, { amountCents: left })).statusCode, 200);
  json = await statusJson(refunded);
  t.match(json.order.fulfillment, { state: 'refunded', stateLabel: 'Refunded' });
  t.match(await statusHtml(refunded), 'order-status__state--refunded">Refunded</dd>');
});

t.test(
  'the reviews request: queued once at fulfilment, sent N days after, never for cancelled or refunded orders',
  async (t) => {
    // The store setting, as the settings panel saves it.
    const admin = await signedIn(DEMO_OWNERS.admin);
    const store = (await admin.request('GET', '/api/owner/site-settings')).json().store;
    t.equal(store.reviewsRequestDays, '7', 'a week unless the owner says otherwise');
    const bad = await admin.request('PUT', '/api/owner/store-settings', { ...store, reviewsRequestDays: '400' });
    t.equal(bad.statusCode, 400);
    t.same(bad.json().error.fields, {
      reviewsRequestDays: 'Enter a number of days from 0 to 365 (0 sends no reviews requests).',
    });
    const saved = await admin.request('PUT', '/api/owner/store-settings', { ...store, reviewsRequestDays: '5' });
    t.equal(saved.json().store.reviewsRequestDays, '5');
    t.teardown(() => mergeStoreSettings(db, DEMO_WEBSITE_ID, { reviewsRequestDays: 7 }));
    // This test's buyers only: orders fulfilled by the tests before have requests of their own.
    const buyers = ['reviewer@example.coffee', 'no-review@example.coffee', 'refunded-review@example.coffee'];
    const reviewMails = async () =>
      (await listOutbox(db, { websiteId: DEMO_WEBSITE_ID })).filter(
        (mail) => mail.kind === 'reviews-request' && buyers.includes(mail.to),
      );
    const jobsOf = async (orderId: string) => {
      const key = `${REVIEWS_REQUEST_JOB}:${DEMO_WEBSITE_ID}:${orderId}`;
      return (await sql<{ runAt: Date }>`select run_at as "runAt" from jobs where unique_key = ${key}`.execute(db))
        .rows;
    };

    const kept = await buy('reviewer@example.coffee', 'Ada Lovelace', [SCOOP, MUG]);
    const canceled = await buy('no-review@example.coffee', 'Nell Never', [SCOOP]);
    const refunded = await buy('refunded-review@example.coffee', 'Rex Refunded', [SCOOP]);
    const before = Date.now();
    t.equal((await fulfil(kept, {})).statusCode, 200);
    t.equal((await fulfil(refunded, {})).statusCode, 200);
    const after = Date.now();
    t.equal((await manager.request('POST', `${ORDERS}/${canceled.id}/cancel`)).statusCode, 200);
    const amount = (await manager.request('GET', `${ORDERS}/${refunded.id}`)).json().payment.amountCents;
    t.equal(
      (await manager.request('POST', `${ORDERS}/${refunded.id}/refunds`, { amountCents: amount })).statusCode,
      200,
    );

    const [job] = await jobsOf(kept.id);
    t.ok(job, 'queued with the fulfilment');
    const runAt = new Date(job!.runAt).getTime();
    t.ok(runAt >= before + 5 * DAY && runAt <= after + 5 * DAY, 'five days after, as the store setting says');
    t.same(await jobsOf(canceled.id), [], 'a cancelled order is never fulfilled, so never asked');
    t.equal(
      await enqueueReviewsRequest(db, {
        websiteId: DEMO_WEBSITE_ID,
        orderId: kept.id,
        fulfilledAt: new Date(),
        days: 5,
        origin: 'http://localhost',
      }),
      undefined,
      'a second request for the order is not queued',
    );

    let now = after;
    const runner = new JobRunner(db, { handlers: reviewsRequestJobHandlers(TEST_SECRET), now: () => new Date(now) });
    now = before + 5 * DAY - 60_000;
    t.equal(await runner.runDue(), 0, 'not before its day');
    t.same(await reviewMails(), []);
    now = after + 5 * DAY + 60_000;
    t.equal(await runner.runDue(), 2, 'the two fulfilled orders’ jobs run');
    let mails = await reviewMails();
    t.equal(mails.length, 1, 'one email: the refunded order is not asked');
    t.match(mails[0], {
      to: 'reviewer@example.coffee',
      subject: 'How do you like your order from Fernwood Coffee & Home?',
    });
    t.match(mails[0]!.text, 'Walnut Coffee Scoop');
    now += 30 * DAY;
    await runner.runDue();
    mails = await reviewMails();
    t.equal(mails.length, 1, 'sent once');
    // A run again of the same job (as after a crash before it was marked done) sends nothing twice.
    const handler = reviewsRequestJobHandlers(TEST_SECRET)[REVIEWS_REQUEST_JOB]!;
    const again = { id: '0', kind: REVIEWS_REQUEST_JOB, websiteId: DEMO_WEBSITE_ID, attempts: 2, maxAttempts: 5 };
    await handler({ ...again, payload: { orderId: kept.id, origin: 'http://localhost' } }, { db, now: new Date(now) });
    t.equal((await reviewMails()).length, 1, 'still once');

    const link = /https?:\/\/\S+\/commerce\/reviews-request\?\S+/.exec(mails[0]!.text)?.[0] ?? '';
    const url = new URL(link);
    const path = `${url.pathname}${url.search}`;
    const page = await new Visitor(app).request('GET', path);
    t.equal(page.statusCode, 200);
    t.equal(page.headers['cache-control'], 'no-store');
    const html = main(page.body);
    t.match(html, '<h1 class="page-title">How did we do?</h1>');
    t.match(html, 'Thank you, Ada Lovelace.');
    t.match(html, `order #${kept.orderNumber}`);
    t.match(
      html,
      '<a class="button" href="/shop/walnut-coffee-scoop?reviewer=Ada+Lovelace#reviews">Review Walnut Coffee Scoop</a>',
    );
    t.match(
      html,
      '<a class="button" href="/shop/stoneware-mug?reviewer=Ada+Lovelace#reviews">Review Stoneware Mug</a>',
    );
    const json = (await new Visitor(app).request('GET', `${path}&format=json`)).json();
    t.equal(json.pageType, 209);
    t.match(json.reviewsRequest, { orderNumber: kept.orderNumber, email: 'reviewer@example.coffee' });
    t.equal(json.reviewsRequest.products.length, 2);

    const signature = url.searchParams.get('signature') ?? '';
    const forged = signature.replace(/.$/, (c) => (c === '0' ? '1' : '0'));
    for (const bad of [
      `/commerce/reviews-request?order=${kept.orderNumber}&signature=${forged}`,
      `/commerce/reviews-request?order=${canceled.orderNumber}&signature=${signature}`,
      `/commerce/reviews-request?order=${kept.orderNumber}`,
      `/commerce/reviews-request?order=${kept.orderNumber}&signature=${forged}&format=json`,
    ]) {
      const answer = await new Visitor(app).request('GET', bad);
      t.equal(answer.statusCode, 404, bad);
      t.notMatch(answer.body, 'Ada Lovelace');
    }
  },
);

t.test('the commerce email preview (301): every email for the owner, with the sample or a real order', async (t) => {
  const sample = await manager.request('GET', '/commerce/email-preview');
  t.equal(sample.statusCode, 200);
  t.equal(sample.headers['cache-control'], 'no-store');
  t.match(sample.body, '<h1>Store emails</h1>');
  t.match(sample.body, 'Rendered with a sample order.');
  for (const title of [
    'Order receipt',
    'New order notification',
    'Order shipped',
    'Part of an order shipped',
    'Gift card (to the buyer)',
    'Gift card (to a recipient)',
    'Back in stock',
    'Reviews request',
    'Subscription started',
    'Subscription renewed',
    'Subscription payment declined',
    'Subscription paused',
    'Donation receipt',
  ]) {
    t.match(sample.body, `>${title}</h2>`, title);
  }
  t.equal(sample.body.split('<h3>Text part</h3>').length - 1, COMMERCE_EMAILS.length, 'each text part shown');
  t.match(sample.body, '<label for="preview-order">Order number</label>');

  const json = (await manager.request('GET', '/commerce/email-preview?format=json')).json();
  t.equal(json.pageType, 301);
  t.same(
    json.emails.map((email: { kind: string }) => email.kind),
    [...COMMERCE_EMAILS],
  );
  for (const email of json.emails) {
    t.ok(email.message?.subject, `${email.kind} has a subject`);
    t.ok(email.message?.text, `${email.kind} has a text part`);
  }
  t.match(json.emails.find((e: { kind: string }) => e.kind === 'order-confirmation').message.text, 'Ada Lovelace');
  const textOf = (kind: string) => json.emails.find((e: { kind: string }) => e.kind === kind).message.text;
  // The sample's first line, 2 × $25.00, on a monthly plan, each with the signed link that manages it.
  t.match(textOf('subscription-started'), 'Plan: $50.00 every month');
  t.match(textOf('subscription-renewed'), 'has renewed as order #1001');
  t.match(textOf('subscription-payment-failed'), 'Your card was declined.');
  t.match(textOf('subscription-paused'), 'Your subscription is paused');
  for (const kind of ['subscription-started', 'subscription-renewed', 'subscription-paused']) {
    t.match(textOf(kind), /\/account\/subscription\?/, `${kind} carries its management link`);
  }
  t.match(textOf('donation-receipt'), 'Thank you for your donation of $25.00');

  const order = await buy('preview@example.coffee', 'Pru Preview', [SCOOP]);
  const outboxSize = (await listOutbox(db, { websiteId: DEMO_WEBSITE_ID })).length;
  const real = (await manager.request('GET', `/commerce/email-preview?order=${order.orderNumber}&format=json`)).json();
  t.equal(real.orderNumber, order.orderNumber);
  const receipt = real.emails.find((e: { kind: string }) => e.kind === 'order-confirmation').message;
  t.match(receipt, {
    to: 'preview@example.coffee',
    subject: `Your order #${order.orderNumber} at Fernwood Coffee & Home`,
  });
  const html = (await manager.request('GET', `/commerce/email-preview?order=${order.orderNumber}`)).body;
  t.match(html, `Rendered with order #${order.orderNumber}.`);
  t.match(html, 'Pru Preview');
  t.equal((await listOutbox(db, { websiteId: DEMO_WEBSITE_ID })).length, outboxSize, 'a preview sends nothing');

  const missing = await manager.request('GET', '/commerce/email-preview?order=999999');
  t.equal(missing.statusCode, 404);
  t.match(missing.body, 'There is no order #999999');
});

t.test('the commerce email preview refuses visitors and owners who may not read orders', async (t) => {
  const visitor = await new Visitor(app).request('GET', '/commerce/email-preview');
  t.equal(visitor.statusCode, 401);
  t.notMatch(visitor.body, 'Order receipt');
  t.match(visitor.body, 'Sign in to the site administration');
  const visitorJson = await new Visitor(app).request('GET', '/commerce/email-preview?format=json');
  t.equal(visitorJson.statusCode, 401);
  t.equal(visitorJson.json().error.code, 'owner-not-signed-in');
  const editor = await signedIn(DEMO_OWNERS.editor);
  const refused = await editor.request('GET', '/commerce/email-preview');
  t.equal(refused.statusCode, 403);
  t.notMatch(refused.body, 'Order receipt');
});

t.test('cart v2 (205) is the cart page: the same full-page cart root under its own number', async (t) => {
  const visitor = new Visitor(app);
  await visitor.add(SCOOP);
  const cart = await visitor.request('GET', '/cart');
  const v2 = await visitor.request('GET', '/commerce/cart');
  t.equal(v2.statusCode, 200);
  for (const page of [cart, v2]) {
    t.match(page.body, /<div id="sqs-cart-root"[^>]*><\/div>/);
    t.match(main(page.body), 'Walnut Coffee Scoop');
    t.equal(page.headers['x-page-cache'], undefined, 'a shopper’s cart is never kept');
  }
  t.equal((await visitor.request('GET', '/cart?format=json')).json().pageType, 200);
  t.equal((await visitor.request('GET', '/commerce/cart?format=json')).json().pageType, 205);
});
