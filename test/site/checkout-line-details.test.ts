/**
 * What a line says beyond its product on the checkout and order-confirmed
 * pages (issue 19): a subscription that it recurs and how often, in the
 * spec's wording ('$19.00 every month'), and a gift card its denomination,
 * recipient and note, on both pages and kept with the order.
 */
import t from 'tap';
import { DEMO_WEBSITE_ID } from '../../api/seed/seed-demo-site.ts';
import { CRUMB, PAY_WITH_TEST_CARD, productId, Visitor } from '../api-http/api-helpers.ts';
import { openDemoApp } from './demo-app.ts';

const BUYER = {
  email: 'ada@example.coffee',
  name: 'Ada Lovelace',
  addressLine1: '12 Fore Street',
  city: 'Portland',
  region: 'ME',
  postalCode: '04101',
  country: 'US',
  ...PAY_WITH_TEST_CARD,
};

const main = (html: string) => html.slice(html.indexOf('<main'), html.indexOf('</main>'));

/** Places the order as the checkout form does and gives the confirmation page's main. */
async function placeOrder(visitor: Visitor, fields: Record<string, string>): Promise<string> {
  const answer = await visitor.app.inject({
    method: 'POST',
    url: '/checkout',
    remoteAddress: visitor.address,
    headers: { host: visitor.host, cookie: visitor.cookieHeader, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ crumb: CRUMB, ...fields }).toString(),
  });
  const location = String(answer.headers.location ?? '');
  // A subscription's order is confirmed on its own page (206), any other on the order's (202).
  if (answer.statusCode !== 303 || !/^\/checkout\/(order|subscription)-confirmed\?/.test(location)) {
    throw new Error(`no order placed: ${answer.statusCode} ${location}`);
  }
  return main((await visitor.request('GET', location)).body);
}

t.test('a subscription says it recurs, and how often, on checkout and the confirmation', async (t) => {
  const demo = await openDemoApp(t);
  const visitor = new Visitor(demo.app);
  const subscribed = await visitor.request('POST', '/api/3/commerce/cart/subscription', {
    itemId: productId('house-blend-coffee'),
    sku: 'FW-HB-12-WB',
    qty: 1,
  });
  const { cartToken } = subscribed.json() as { cartToken: string };
  const checkout = main((await visitor.request('GET', `/checkout?cartToken=${cartToken}`)).body);
  t.match(
    checkout,
    /<p class="checkout-line__recurs"><span class="checkout-line__label">Recurring order:<\/span> \$19\.00 every month<\/p>/,
    'checkout: the line recurs every month',
  );

  const confirmed = await placeOrder(visitor, { ...BUYER, cartToken });
  t.match(confirmed, /\$19\.00 every month/, 'the confirmation (206) says so too');
  // Its first order's totals as the order confirmation gives them, not the total alone.
  t.match(confirmed, /<dt>Subtotal<\/dt><dd>\$19\.00<\/dd>/);
  t.match(confirmed, /<dt>Shipping \([^)]+\)<\/dt><dd>\$\d+\.\d\d<\/dd>/, 'with its shipping');
  const line = await demo.handle.db
    .selectFrom('orderLines')
    .select(['subscriptionPlan', 'additionalFields'])
    .where('websiteId', '=', DEMO_WEBSITE_ID)
    .executeTakeFirstOrThrow();
  t.match(line.subscriptionPlan, { billingPeriod: { value: 1, unit: 'MONTH' } }, 'the order line keeps the plan');
  t.equal(line.additionalFields, null);

  // A one-off purchase says nothing of the kind.
  const other = new Visitor(demo.app);
  await other.add({ itemId: productId('stoneware-mug'), sku: 'FW-MUG-OAT', quantity: 1 });
  t.notMatch(main((await other.request('GET', '/checkout')).body), /Recurring order/);
});

t.test("a gift card's denomination, recipient and note show on checkout and the confirmation", async (t) => {
  const demo = await openDemoApp(t);
  const visitor = new Visitor(demo.app);
  const added = await visitor.add({
    itemId: productId('fernwood-gift-card'),
    sku: 'FW-GIFT-50',
    quantity: 1,
    additionalFields: JSON.stringify({
      recipientName: 'Grace <Hopper>',
      recipientEmail: 'grace@example.com',
      note: 'Happy birthday & many more',
    }),
  });
  t.equal(added.statusCode, 200);
  const checkout = main((await visitor.request('GET', '/checkout')).body);
  t.match(checkout, /Fernwood Gift Card/);
  t.match(checkout, /\$50/, 'the chosen denomination');
  t.match(checkout, /For:<\/span> Grace &lt;Hopper&gt; \(grace@example\.com\)/, 'the recipient, escaped');
  t.match(checkout, /Note:<\/span> Happy birthday &amp; many more/, 'the note');

  const confirmed = await placeOrder(visitor, { email: BUYER.email, name: BUYER.name, ...PAY_WITH_TEST_CARD });
  t.match(
    confirmed,
    /For:<\/span> Grace &lt;Hopper&gt; \(grace@example\.com\)/,
    'the confirmation names the recipient',
  );
  t.match(confirmed, /Note:<\/span> Happy birthday &amp; many more/);
  const line = await demo.handle.db
    .selectFrom('orderLines')
    .select(['additionalFields', 'subscriptionPlan'])
    .where('websiteId', '=', DEMO_WEBSITE_ID)
    .executeTakeFirstOrThrow();
  t.same(line.additionalFields, {
    recipientName: 'Grace <Hopper>',
    recipientEmail: 'grace@example.com',
    note: 'Happy birthday & many more',
  });
  t.equal(line.subscriptionPlan, null);
});
