/**
 * Subscriptions through the site (issue 24), on the demo store with the
 * test provider: the add-to-cart call's cartToken checked out with a test
 * card lands on the subscription confirmed page (206) with the plan in the
 * spec's wording, and the order is period 1 of a subscription. Then the
 * buyer's no-script forms at POST /account/subscription: by the signed
 * link of the emails (pause, resume, a new date, cancel), refused with a
 * clear message and nothing changed for a bad signature, an expired link,
 * a missing crumb, a date in the past or beyond a period, nobody signed in,
 * and another account's subscription; and from the account page, where the
 * signed-in buyer sees and manages their own. And the owner's list of
 * subscriptions, and orders that say which subscription they start or renew.
 */
import type { LightMyRequestResponse } from 'fastify';
import t from 'tap';
import { listOutbox } from '../../api/mail/index.ts';
import { TestPaymentProvider } from '../../api/payments/test-payment-provider.ts';
import { getSubscription, subscriptionsOfOrder } from '../../api/repositories/subscription-repository.ts';
import { DEMO_WEBSITE_ID } from '../../api/seed/demo-ids.ts';
import { DEMO_OWNERS } from '../../api/seed/demo-owners.ts';
import { LINK_MESSAGES, signSubscriptionLink, subscriptionLinkUrl } from '../../api/services/subscription-links.ts';
import { MANAGE_MESSAGES, MANAGE_NOTICES } from '../../api/services/subscription-management.ts';
import { renewSubscription } from '../../api/services/subscription-renewal.ts';
import { SIGN_IN_TO_MANAGE } from '../../renderer/subscription-routes.ts';
import { DEMO_NOW, type DemoApp, openDemoApp } from '../site/demo-app.ts';
import { CRUMB, PAY_WITH_TEST_CARD, productId, TEST_SECRET, Visitor } from './api-helpers.ts';
import { OwnerClient } from './owner-helpers.ts';
import { Member, newEmail } from './site-user-helpers.ts';

const HOUSE_BLEND = { itemId: productId('house-blend-coffee'), sku: 'FW-HB-12-WB', qty: 1 };
const BUYER = {
  email: 'ada@example.coffee',
  name: 'Ada Lovelace',
  addressLine1: '12 Fore Street',
  addressLine2: '',
  city: 'Portland',
  region: 'ME',
  postalCode: '04101',
  country: 'US',
};
const DAY = 86_400_000;
const NOW = new Date(DEMO_NOW);

const main = (html: string) => html.slice(html.indexOf('<main'), html.indexOf('</main>'));

async function post(visitor: Visitor, url: string, fields: Record<string, string>): Promise<LightMyRequestResponse> {
  const response = await visitor.app.inject({
    method: 'POST',
    url,
    remoteAddress: visitor.address,
    headers: { host: visitor.host, cookie: visitor.cookieHeader, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
  for (const cookie of response.cookies as Array<{ name: string; value: string }>) {
    visitor.cookies.set(cookie.name, cookie.value);
  }
  return response;
}

/** Buys the demo's monthly house blend through the subscription cart and the checkout form; the answer and the subscription. */
async function subscribe(demo: DemoApp, visitor: Visitor) {
  const { cartToken } = (await visitor.request('POST', '/api/3/commerce/cart/subscription', HOUSE_BLEND)).json();
  const placed = await post(visitor, '/checkout', { crumb: CRUMB, cartToken, ...BUYER, ...PAY_WITH_TEST_CARD });
  const orderId = /orderToken=([0-9a-f]{24})/.exec(String(placed.headers.location))?.[1] ?? '';
  const [subscription] = await subscriptionsOfOrder(demo.handle.db, DEMO_WEBSITE_ID, orderId);
  if (!subscription) throw new Error(`no subscription: ${placed.statusCode} ${placed.headers.location}`);
  return { placed, subscription };
}

const linkFields = (id: string, now = NOW) => {
  const link = signSubscriptionLink(TEST_SECRET, DEMO_WEBSITE_ID, id, now);
  return { subscription: id, expires: String(link.expires), signature: link.signature };
};

t.test('a subscription checkout lands on 206, and its emailed link manages it', async (t) => {
  const demo = await openDemoApp(t);
  const db = demo.handle.db;
  const visitor = new Visitor(demo.app);
  const { placed, subscription } = await subscribe(demo, visitor);
  t.equal(placed.statusCode, 303);
  t.match(placed.headers.location, /^\/checkout\/subscription-confirmed\?orderToken=[0-9a-f]{24}$/);
  const page = await visitor.request('GET', String(placed.headers.location));
  t.equal(page.statusCode, 200);
  t.equal(page.headers['cache-control'], 'no-store');
  const shown = main(page.body);
  t.match(shown, 'Thank you, your subscription is confirmed');
  t.notMatch(shown, 'Thank you, your order is placed');
  t.match(shown, '<dt>Plan</dt><dd>$19.00 every month</dd>', 'the plan in the spec’s wording');
  t.match(shown, /<dt>Next billing date<\/dt><dd><time datetime="\d{4}-\d{2}-\d{2}">/);
  const json = (await visitor.request('GET', `${placed.headers.location}&format=json`)).json();
  t.equal(json.pageType, 206);
  t.match(json.subscriptions[0], {
    productName: 'House Blend Coffee',
    plan: { before: '', after: ' every month', price: { value: '1900', currency: 'USD' } },
    stateLabel: 'Active',
  });
  t.match(subscription, { state: 'active', periodsBilled: 1, paymentMethod: 'card_4242424242424242' });

  const stranger = new Visitor(demo.app);
  const fields = linkFields(subscription.id);
  const linkPage = await stranger.request(
    'GET',
    new URL(
      subscriptionLinkUrl('http://localhost', {
        subscriptionId: subscription.id,
        expires: Number(fields.expires),
        signature: fields.signature,
      }),
    ).search.replace(/^/, '/account/subscription'),
  );
  t.equal(linkPage.statusCode, 200, 'the emailed link opens the subscription without signing in');
  t.match(main(linkPage.body), /<form method="post" action="\/account\/subscription"/);
  t.match(main(linkPage.body), 'name="action" value="pause"');

  const paused = await post(stranger, '/account/subscription', { crumb: CRUMB, ...fields, action: 'pause' });
  t.equal(paused.statusCode, 303);
  t.match(paused.headers.location, /^\/account\/subscription\?subscription=.*subscriptionNotice=pause/);
  t.match(await getSubscription(db, DEMO_WEBSITE_ID, subscription.id), { state: 'paused', pausedFor: 'buyer' });
  const after = await stranger.request('GET', String(paused.headers.location));
  t.match(main(after.body), MANAGE_NOTICES.pause);
  t.match(main(after.body), 'name="action" value="resume"');

  const refusals: Array<[string, Record<string, string>, number, string]> = [
    ['a bad signature', { ...fields, signature: `${fields.signature.slice(0, -2)}xx` }, 403, LINK_MESSAGES.invalid],
    ['another subscription’s signature', { ...fields, subscription: 'f'.repeat(24) }, 403, LINK_MESSAGES.invalid],
    ['an expired link', linkFields(subscription.id, new Date(DEMO_NOW - 31 * DAY)), 403, LINK_MESSAGES.expired],
    ['no link and nobody signed in', { subscription: subscription.id }, 403, SIGN_IN_TO_MANAGE],
  ];
  for (const [what, sent, status, message] of refusals) {
    const refused = await post(stranger, '/account/subscription', { crumb: CRUMB, ...sent, action: 'resume' });
    t.equal(refused.statusCode, status, what);
    t.match(refused.body, message, `${what}: says why`);
    t.match(await getSubscription(db, DEMO_WEBSITE_ID, subscription.id), { state: 'paused' }, `${what}: no change`);
  }
  const noCrumb = await post(stranger, '/account/subscription', { ...fields, action: 'resume' });
  t.equal(noCrumb.statusCode, 403, 'a form without the crumb is refused');
  t.match(await getSubscription(db, DEMO_WEBSITE_ID, subscription.id), { state: 'paused' });
  const badLinkPage = await stranger.request(
    'GET',
    `/account/subscription?subscription=${subscription.id}&expires=${fields.expires}&signature=nope`,
  );
  t.equal(badLinkPage.statusCode, 403);
  t.match(main(badLinkPage.body), LINK_MESSAGES.invalid);
  t.notMatch(main(badLinkPage.body), 'House Blend', 'a bad link shows nothing of the subscription');

  t.equal(
    (await post(stranger, '/account/subscription', { crumb: CRUMB, ...fields, action: 'resume' })).statusCode,
    303,
  );
  const before = (await getSubscription(db, DEMO_WEBSITE_ID, subscription.id))!;
  t.equal(before.state, 'active');
  const dates: Array<[string, string]> = [
    ['2026-10-31', MANAGE_MESSAGES.datePast],
    ['2026-12-02', MANAGE_MESSAGES.dateTooLate('2026-12-01')],
    ['2026-02-30', MANAGE_MESSAGES.dateInvalid],
    ['', MANAGE_MESSAGES.dateMissing],
  ];
  for (const [nextDate, message] of dates) {
    const refused = await post(stranger, '/account/subscription', {
      crumb: CRUMB,
      ...fields,
      action: 'reschedule',
      nextDate,
    });
    t.equal(refused.statusCode, 400, `${nextDate || 'no date'} is refused`);
    t.match(refused.body, message);
  }
  t.same(
    (await getSubscription(db, DEMO_WEBSITE_ID, subscription.id))?.nextBillingOn,
    before.nextBillingOn,
    'no change',
  );
  const moved = await post(stranger, '/account/subscription', {
    crumb: CRUMB,
    ...fields,
    action: 'reschedule',
    nextDate: '2026-12-01',
  });
  t.equal(moved.statusCode, 303, 'a date one period ahead is taken');
  t.match(await getSubscription(db, DEMO_WEBSITE_ID, subscription.id), {
    nextBillingOn: new Date('2026-12-01T00:00:00Z'),
    anchor: { on: new Date('2026-12-01T00:00:00Z'), period: 2 },
  });

  t.equal(
    (await post(stranger, '/account/subscription', { crumb: CRUMB, ...fields, action: 'cancel' })).statusCode,
    303,
  );
  t.match(await getSubscription(db, DEMO_WEBSITE_ID, subscription.id), { state: 'canceled', nextBillingOn: null });
  const again = await post(stranger, '/account/subscription', { crumb: CRUMB, ...fields, action: 'resume' });
  t.equal(again.statusCode, 400);
  t.match(again.body, MANAGE_MESSAGES.canceled, 'a cancelled subscription stays cancelled');
});

t.test('the account page lists the buyer’s subscriptions; another account’s cannot be touched', async (t) => {
  const demo = await openDemoApp(t);
  const db = demo.handle.db;
  const buyer = new Member(demo.app);
  t.equal((await buyer.signUp({ email: newEmail('subscriber'), password: 'roasting-secrets' })).statusCode, 201);
  const { subscription } = await subscribe(demo, buyer);
  t.ok(subscription.siteUserId, 'bought signed in: the subscription is the account’s');

  const account = main((await buyer.request('GET', '/account')).body);
  t.match(account, 'Your subscriptions');
  t.match(account, 'House Blend Coffee');
  t.match(account, /every month/);
  t.match(account, `name="subscription" value="${subscription.id}"`);
  t.notMatch(account, 'name="signature"', 'the account’s forms need no link');

  const other = new Member(demo.app);
  t.equal((await other.signUp({ email: newEmail('other'), password: 'roasting-secrets' })).statusCode, 201);
  const refused = await post(other, '/account/subscription', {
    crumb: CRUMB,
    subscription: subscription.id,
    action: 'cancel',
  });
  t.equal(refused.statusCode, 403);
  t.match(refused.body, MANAGE_MESSAGES.notYours);
  t.match(await getSubscription(db, DEMO_WEBSITE_ID, subscription.id), { state: 'active' }, 'no change');
  t.notMatch(main((await other.request('GET', '/account')).body), 'House Blend Coffee', 'nor is it listed for them');
  const unknown = await post(other, '/account/subscription', {
    crumb: CRUMB,
    subscription: 'a'.repeat(24),
    action: 'cancel',
  });
  t.equal(unknown.statusCode, 404);
  t.match(unknown.body, MANAGE_MESSAGES.notFound);

  const cancelled = await post(buyer, '/account/subscription', {
    crumb: CRUMB,
    subscription: subscription.id,
    action: 'cancel',
  });
  t.equal(cancelled.statusCode, 303);
  t.equal(cancelled.headers.location, '/account?subscriptionNotice=cancel#subscriptions');
  t.match(await getSubscription(db, DEMO_WEBSITE_ID, subscription.id), { state: 'canceled' });
  const shown = main((await buyer.request('GET', String(cancelled.headers.location))).body);
  t.match(shown, MANAGE_NOTICES.cancel);
  t.match(shown, 'Cancelled');
});

t.test('the owner sees the subscriptions, and each order says which it started or renews', async (t) => {
  const demo = await openDemoApp(t);
  const db = demo.handle.db;
  const { subscription, placed } = await subscribe(demo, new Visitor(demo.app));
  const firstOrderId = /orderToken=([0-9a-f]{24})/.exec(String(placed.headers.location))?.[1];
  // The second month renewed by the scheduler's own code, at its due date.
  const renewed = await renewSubscription(
    db,
    {
      provider: new TestPaymentProvider(db, { webhookSecret: 'whsec_owner' }),
      secret: TEST_SECRET,
      now: subscription.nextBillingOn!,
    },
    { websiteId: DEMO_WEBSITE_ID, subscriptionId: subscription.id, period: 2, attempt: 0 },
  );
  t.equal(renewed, 'renewed');
  const renewal = await db
    .selectFrom('orders')
    .select(['id', 'orderNumber'])
    .where('websiteId', '=', DEMO_WEBSITE_ID)
    .where('subscriptionId', '=', subscription.id)
    .executeTakeFirstOrThrow();

  const owner = new OwnerClient(demo.app);
  t.equal((await owner.ownerSignIn(DEMO_OWNERS.storeManager.email, DEMO_OWNERS.storeManager.password)).statusCode, 200);
  const list = await owner.request('GET', '/api/owner/subscriptions');
  t.equal(list.statusCode, 200);
  t.match(list.json().subscriptions, [
    {
      id: subscription.id,
      productName: 'House Blend Coffee',
      customerEmail: 'ada@example.coffee',
      plan: '$19.00 every month',
      state: 'active',
      periodsBilled: 2,
    },
  ]);
  const first = (await owner.request('GET', `/api/owner/orders/${firstOrderId}`)).json();
  t.match(first.subscriptions, [{ id: subscription.id, period: 1 }], 'the first order started it');
  const second = (await owner.request('GET', `/api/owner/orders/${renewal.id}`)).json();
  t.match(second.order, { orderNumber: renewal.orderNumber });
  t.match(second.subscriptions, [{ id: subscription.id, period: 2, plan: '$19.00 every month' }], 'a renewal says so');
  const orders = (await owner.request('GET', '/api/owner/orders')).json().orders;
  t.ok(
    orders.some((order: { id: string }) => order.id === renewal.id),
    'renewals are in the orders list like any paid order',
  );
  const mail = await listOutbox(db, { websiteId: DEMO_WEBSITE_ID });
  t.match(
    mail.find((entry) => entry.kind === 'new-order' && entry.subject.startsWith(`New order #${renewal.orderNumber}:`)),
    { to: 'nora@example.com' },
    'the owner is told of the renewal’s order, to fulfil it',
  );
  t.match(
    mail.find((entry) => entry.kind === 'subscription-renewed'),
    { to: 'ada@example.coffee', subject: /has renewed$/ },
    'and the buyer that it renewed',
  );
  const stranger = new Visitor(demo.app);
  t.equal((await stranger.request('GET', '/api/owner/subscriptions')).statusCode, 401, 'only for the owner');
});
