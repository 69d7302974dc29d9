/**
 * Shipping, tax and discounts at checkout (issue 20), through the cart's
 * JSON calls and the checkout page's form, on the demo store's rules
 * (api/seed/demo-checkout-rules.ts): domestic standard $6.95 (free from
 * $75), express $18, local pickup; international by weight; Maine 5.5% and
 * New York 4% (on shipping too); WELCOME10 (10%, once a customer) and
 * FREESHIP (from $40).
 */
import type { LightMyRequestResponse } from 'fastify';
import t from 'tap';
import { CHECKOUT_RULES_PATH } from '../../api/http/owner-checkout-rules-routes.ts';
import { createDiscount } from '../../api/repositories/checkout-rules-repository.ts';
import { DEMO_SHIPPING } from '../../api/seed/demo-checkout-rules.ts';
import { DEMO_OWNERS } from '../../api/seed/demo-owners.ts';
import { DEMO_WEBSITE_ID } from '../../api/seed/seed-demo-site.ts';
import { type DemoApp, openDemoApp } from '../site/demo-app.ts';
import { CRUMB, PAY_WITH_TEST_CARD, productId, Visitor } from './api-helpers.ts';
import { OwnerClient } from './owner-helpers.ts';

const MUG = { itemId: productId('stoneware-mug'), sku: 'FW-MUG-SLATE', quantity: 1 };
const SCOOP = { itemId: productId('walnut-coffee-scoop'), quantity: 1 };
const GUIDE = { itemId: productId('home-barista-field-guide'), quantity: 1 };

const BUYER = {
  email: 'grace@example.com',
  name: 'Grace Hopper',
  addressLine1: '1 Main Street',
  addressLine2: '',
  city: 'Buffalo',
  region: 'NY',
  postalCode: '14201',
  country: 'US',
  ...PAY_WITH_TEST_CARD,
};

const main = (html: string) => html.slice(html.indexOf('<main'), html.indexOf('</main>'));
const fieldError = (html: string, id: string) =>
  new RegExp(`id="${id}-error"><span class="visually-hidden">Error:</span> ([^<]+)</p>`).exec(html)?.[1];
const hidden = (html: string, name: string) =>
  new RegExp(`<input type="hidden" name="${name}" value="([^"]*)"`).exec(html)?.[1];

/** The checkout form as a browser without script sends it, following the redirect back to the page. */
async function submit(visitor: Visitor, fields: Record<string, string>): Promise<LightMyRequestResponse> {
  const headers = () => ({ host: visitor.host, cookie: visitor.cookieHeader });
  const response = await visitor.app.inject({
    method: 'POST',
    url: '/checkout',
    remoteAddress: visitor.address,
    headers: { ...headers(), 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ crumb: CRUMB, ...fields }).toString(),
  });
  for (const cookie of response.cookies as Array<{ name: string; value: string; maxAge?: number }>) {
    if (cookie.maxAge === 0) visitor.cookies.delete(cookie.name);
    else visitor.cookies.set(cookie.name, cookie.value);
  }
  const location = String(response.headers.location ?? '');
  if (response.statusCode !== 303 || !location.startsWith('/checkout?')) return response;
  return visitor.app.inject({ method: 'GET', url: location, remoteAddress: visitor.address, headers: headers() });
}

const orders = (demo: DemoApp) =>
  demo.handle.db.selectFrom('orders').selectAll().where('websiteId', '=', DEMO_WEBSITE_ID).execute();

async function stockOf(demo: DemoApp, sku: string): Promise<number> {
  const row = await demo.handle.db
    .selectFrom('productVariants')
    .select('qtyInStock')
    .where('websiteId', '=', DEMO_WEBSITE_ID)
    .where('sku', '=', sku)
    .executeTakeFirstOrThrow();
  return row.qtyInStock;
}

t.test('the cart calls: where it goes, how, and its codes', async (t) => {
  const demo = await openDemoApp(t);
  const visitor = new Visitor(demo.app);
  const noCart = await visitor.request('PUT', '/api/commerce/shopping-cart/shipping-location', { country: 'US' });
  t.equal(noCart.statusCode, 404, 'no cart to change');
  await visitor.add(MUG);

  const empty = await visitor.cart();
  t.same(
    [empty.shippingOptions, empty.selectedShippingOption, empty.shippingLocation, empty.applicableTaxRules],
    [[], null, null, []],
    'no place yet: no options, no tax',
  );
  t.match(empty, { requiresShipping: true, purelyDigital: false, subtotalCents: '3200', grandTotalCents: '3200' });

  const narnia = await visitor.request('PUT', '/api/commerce/shopping-cart/shipping-location', {
    country: 'Narnia',
    postalCode: '!!',
  });
  t.equal(narnia.statusCode, 400);
  t.same(narnia.json().error.fields, { country: 'Select a country from the list.' });
  const badZip = await visitor.request('PUT', '/api/commerce/shopping-cart/shipping-location', {
    country: 'US',
    region: 'NY',
    postalCode: '!!',
  });
  t.same(badZip.json().error.fields, { postalCode: 'Enter a valid ZIP code for United States, like 94107.' });
  t.equal((await visitor.cart()).shippingLocation, null, 'a refused change writes nothing');

  const placed = await visitor.request('PUT', '/api/commerce/shopping-cart/shipping-location', {
    country: 'us',
    region: 'New York',
    postalCode: '14201',
  });
  t.equal(placed.statusCode, 200);
  const cart = placed.json().shoppingCart;
  t.match(cart.shippingLocation, { country: 'US', region: 'NY', postalCode: '14201', countryName: 'United States' });
  t.same(
    cart.shippingOptions.map((option: { id: string; costCents: string }) => [option.id, option.costCents]),
    [
      [DEMO_SHIPPING.domestic.pickup, '0'],
      [DEMO_SHIPPING.domestic.standard, '695'],
      [DEMO_SHIPPING.domestic.express, '1800'],
    ],
  );
  t.equal(cart.selectedShippingOption.id, DEMO_SHIPPING.domestic.standard, 'standard by default, not pickup');
  // $32.00 + $6.95; New York's 4% taxes shipping too: 128 + 27.8 → 156.
  t.match(cart, { shippingCostCents: '695', taxCents: '156', discountCents: '0', grandTotalCents: '4051' });
  t.match(cart.applicableTaxRules, [{ name: 'New York sales tax', ratePercent: '4', taxCents: '156' }]);

  const wrongOption = await visitor.request('PUT', '/api/commerce/shopping-cart/shipping-option', {
    shippingOptionId: DEMO_SHIPPING.international.byWeight,
  });
  t.equal(wrongOption.statusCode, 400, 'an option of another zone');
  t.equal(wrongOption.json().error.code, 'shipping-option-unavailable');
  const express = await visitor.request('PUT', '/api/commerce/shopping-cart/shipping-option', {
    shippingOptionId: DEMO_SHIPPING.domestic.express,
  });
  t.match(express.json().shoppingCart, { shippingCostCents: '1800', taxCents: '200', grandTotalCents: '5200' });

  const unknown = await visitor.request('POST', '/api/commerce/shopping-cart/coupons', { code: 'nope' });
  t.equal(unknown.statusCode, 400);
  t.same(unknown.json().error.fields, { code: 'The code NOPE is not one we know. Check it and try again.' });
  t.same((await visitor.cart()).coupons, [], 'an unknown code is not kept');
  const blank = await visitor.request('POST', '/api/commerce/shopping-cart/coupons', { code: '  ' });
  t.equal(blank.json().error.code, 'discount-code-blank');

  const below = (await visitor.request('POST', '/api/commerce/shopping-cart/coupons', { code: 'freeship' })).json()
    .shoppingCart;
  t.same(below.coupons, ['FREESHIP']);
  t.same(below.validCoupons, []);
  t.same(below.invalidCoupons, [
    {
      code: 'FREESHIP',
      reason: 'below-minimum',
      message: 'The code FREESHIP needs an order subtotal of $40.00 or more.',
    },
  ]);
  const welcome = (await visitor.request('POST', '/api/commerce/shopping-cart/coupons', { code: 'Welcome10' })).json()
    .shoppingCart;
  t.same(welcome.coupons, ['WELCOME10'], 'one code at a time: the new one replaces the old');
  t.match(welcome.validCoupons, [{ code: 'WELCOME10', kind: 'percentage', discountCents: '320' }]);
  // 3200 - 320 = 2880, express 1800; 4% of 2880 (115.2) and of 1800 (72).
  t.match(welcome, { discountCents: '320', taxCents: '187', grandTotalCents: '4867' });
  const removed = (await visitor.request('DELETE', '/api/commerce/shopping-cart/coupons/welcome10')).json()
    .shoppingCart;
  t.same([removed.coupons, removed.discountCents], [[], '0']);

  const abroad = await visitor.request('PUT', '/api/commerce/shopping-cart/shipping-location', {
    country: 'FR',
    postalCode: '75008',
  });
  const world = abroad.json().shoppingCart;
  t.same(
    world.shippingOptions.map((option: { id: string; costCents: string }) => [option.id, option.costCents]),
    [[DEMO_SHIPPING.international.byWeight, '1400']],
    'a 450 g mug abroad: the first weight band',
  );
  t.equal(
    world.selectedShippingOption.id,
    DEMO_SHIPPING.international.byWeight,
    'the old choice is not on offer there',
  );
  t.same(world.applicableTaxRules, [], 'no tax rate for France');

  const reader = new Visitor(demo.app);
  await reader.add(GUIDE);
  const digital = await reader.cart();
  t.match(digital, { purelyDigital: true, requiresShipping: false, shippingOptions: [], shippingCostCents: '0' });
});

t.test("the checkout form refuses name 'A', postal code '!!' and country 'Narnia', field by field", async (t) => {
  const demo = await openDemoApp(t);
  const visitor = new Visitor(demo.app);
  await visitor.add(MUG);
  const html = main((await submit(visitor, { ...BUYER, name: 'A', postalCode: '!!', country: 'Narnia' })).body);
  t.equal(fieldError(html, 'checkout-name'), 'Enter your full name, with at least 2 letters.');
  t.equal(fieldError(html, 'checkout-country'), 'Select a country from the list.');
  t.match(html, /<a href="#checkout-country">Select a country from the list\.<\/a>/, 'in the summary too');
  const zip = main((await submit(visitor, { ...BUYER, postalCode: '!!' })).body);
  t.equal(fieldError(zip, 'checkout-postal-code'), 'Enter a valid ZIP code for United States, like 94107.');
  const state = main((await submit(visitor, { ...BUYER, region: '' })).body);
  t.equal(fieldError(state, 'checkout-region'), 'Select a state.');
  const canada = main((await submit(visitor, { ...BUYER, country: 'CA', postalCode: '14201' })).body);
  t.equal(fieldError(canada, 'checkout-region'), 'Select a province or territory.');
  t.equal(fieldError(canada, 'checkout-postal-code'), 'Enter a valid postal code for Canada, like K1A 0B1.');
  t.match(canada, /<select class="input" id="checkout-region" name="region"[^>]*>[\s\S]*<option value="QC">Quebec</);
  t.same(await orders(demo), [], 'no order');
  t.equal(await stockOf(demo, 'FW-MUG-SLATE'), 9);
});

t.test(
  'without script: update the totals, pick shipping, apply a code, place the order at the total shown',
  async (t) => {
    const demo = await openDemoApp(t);
    const visitor = new Visitor(demo.app);
    await visitor.add({ ...MUG, quantity: 2 });

    const first = main((await visitor.request('GET', '/checkout')).body);
    t.match(first, /Choose your country and press Update shipping and totals to see the shipping options\./);
    t.match(first, /<dt>Shipping<\/dt><dd>From your address<\/dd>/);

    const updated = main((await submit(visitor, { ...BUYER, action: 'update' })).body);
    t.notMatch(updated, /class="checkout-errors"/, 'no problem');
    t.match(updated, /<option value="US" selected>United States<\/option>/);
    t.match(updated, /<option value="NY" selected>New York<\/option>/);
    t.match(
      updated,
      new RegExp(
        `<input type="radio" id="checkout-shipping-option-2" name="shippingOption" value="${DEMO_SHIPPING.domestic.standard}" checked`,
      ),
      'standard chosen',
    );
    t.match(updated, /Local pickup<\/span> <span class="checkout-shipping__cost">Free</);
    // $64.00 + $6.95 shipping + 4% of both ($2.56 + $0.28).
    t.match(updated, /<dt>Shipping<\/dt><dd>\$6\.95<\/dd>/);
    t.match(updated, /<dt>New York sales tax \(4%\)<\/dt><dd>\$2\.84<\/dd>/);
    t.match(updated, /<dt>Total<\/dt><dd>\$73\.79<\/dd>/);
    t.equal(hidden(updated, 'expectedTotalCents'), '7379');
    t.same(await orders(demo), [], 'Update places no order');

    const unknown = main((await submit(visitor, { ...BUYER, discountCode: 'bogus', action: 'update' })).body);
    t.equal(
      fieldError(unknown, 'checkout-discount-code'),
      'The code BOGUS is not one we know. Check it and try again.',
    );
    const applied = main(
      (
        await submit(visitor, {
          ...BUYER,
          shippingOption: DEMO_SHIPPING.domestic.express,
          discountCode: 'welcome10',
          action: 'update',
        })
      ).body,
    );
    t.match(applied, /10% off your first order \(<strong>WELCOME10<\/strong>\): −\$6\.40/);
    t.match(applied, /<dt>Discount <span class="checkout-code">WELCOME10<\/span><\/dt><dd>−\$6\.40<\/dd>/);
    // 6400 - 640 = 5760; express 1800; 4% of 5760 (230.4) and 1800 (72) → 302.
    t.match(applied, /<dt>Total<\/dt><dd>\$78\.62<\/dd>/);
    t.equal(hidden(applied, 'expectedTotalCents'), '7862');

    // The shopper switches to Maine without pressing Update: the tax and so the total move, so no order yet.
    const moved = main(
      (
        await submit(visitor, {
          ...BUYER,
          region: 'ME',
          postalCode: '04101',
          shippingOption: DEMO_SHIPPING.domestic.express,
          expectedTotalCents: '7862',
        })
      ).body,
    );
    t.match(moved, /Your order total is now \$78\.77, after the latest shipping, tax and discounts\./);
    t.same(await orders(demo), [], 'not placed at a total the shopper did not see');
    const shown = hidden(moved, 'expectedTotalCents');
    t.equal(shown, '7877', '5760 + 1800 express (Maine taxes no shipping) + 5.5% of 5760 (316.8) → 7877');

    const placed = await submit(visitor, {
      ...BUYER,
      region: 'ME',
      postalCode: '04101',
      shippingOption: DEMO_SHIPPING.domestic.express,
      expectedTotalCents: shown ?? '',
    });
    t.equal(placed.statusCode, 303);
    const [order] = await orders(demo);
    t.match(order, {
      subtotalMinor: '6400',
      discountMinor: '640',
      shippingMinor: '1800',
      taxMinor: '317',
      grandTotalMinor: '7877',
      shippingCountry: 'US',
      shippingRegion: 'ME',
      shippingMethod: { id: DEMO_SHIPPING.domestic.express, name: 'Express shipping', costCents: '1800' },
      taxLines: [{ name: 'Maine sales tax', ratePercent: '5.5', taxCents: '317' }],
      discountLines: [{ code: 'WELCOME10', kind: 'percentage', amountCents: '640' }],
    });
    const confirmation = main((await visitor.request('GET', String(placed.headers.location))).body);
    t.match(confirmation, /<dt>Discount <span class="checkout-code">WELCOME10<\/span><\/dt><dd>−\$6\.40<\/dd>/);
    t.match(confirmation, /<dt>Shipping \(Express shipping\)<\/dt><dd>\$18\.00<\/dd>/);
    t.match(confirmation, /<dt>Maine sales tax \(5\.5%\)<\/dt><dd>\$3\.17<\/dd>/);
    t.match(confirmation, /<dt>Total<\/dt><dd>\$78\.77<\/dd>/);
    t.match(confirmation, /Buffalo, Maine 04101<br>United States/);

    // WELCOME10 is once a customer: the same email (in any case) cannot use it again.
    const again = new Visitor(demo.app);
    await again.add(MUG);
    const refused = main(
      (await submit(again, { ...BUYER, email: 'GRACE@example.com', discountCode: 'WELCOME10' })).body,
    );
    t.match(refused, /You have already used the code WELCOME10 as often as it allows\./);
    t.equal((await orders(demo)).length, 1, 'no second order');
    t.equal(await stockOf(demo, 'FW-MUG-SLATE'), 7, 'only the first order’s two mugs are taken');
    const other = await submit(again, { ...BUYER, email: 'ada@example.com', discountCode: 'WELCOME10' });
    t.equal(other.statusCode, 303, 'another customer may use it');
  },
);

t.test('a digital-only order asks for no address and pays no shipping', async (t) => {
  const demo = await openDemoApp(t);
  const visitor = new Visitor(demo.app);
  await visitor.add(GUIDE);
  const page = main((await visitor.request('GET', '/checkout')).body);
  t.notMatch(page, /name="country"|Shipping method/);
  t.match(page, /id="checkout-discount-code"/, 'a code can still be applied');
  const placed = await submit(visitor, { email: 'ada@example.com', name: 'Ada Lovelace', ...PAY_WITH_TEST_CARD });
  t.equal(placed.statusCode, 303);
  const [order] = await orders(demo);
  t.match(order, { grandTotalMinor: '1400', shippingMinor: '0', taxMinor: '0', shippingMethod: null });
});

t.test('20 parallel checkouts with a code limited to 5 uses: exactly 5 orders use it', async (t) => {
  const demo = await openDemoApp(t);
  await createDiscount(demo.handle.db, DEMO_WEBSITE_ID, {
    code: 'FIRST5',
    name: 'First five',
    kind: 'fixed',
    value: '500',
    usageLimit: 5,
  });
  const visitors = Array.from({ length: 20 }, () => new Visitor(demo.app));
  for (const visitor of visitors) {
    await visitor.add(SCOOP);
    const coded = await visitor.request('POST', '/api/commerce/shopping-cart/coupons', { code: 'FIRST5' });
    t.equal(coded.statusCode, 200);
  }
  const stockBefore = await stockOf(demo, 'FW-SCOOP');
  const answers = await Promise.all(
    visitors.map((visitor, index) => submit(visitor, { ...BUYER, email: `buyer${index}@example.com` })),
  );
  const placed = answers.filter((answer) => answer.statusCode === 303);
  t.equal(placed.length, 5, 'five orders');
  for (const answer of answers.filter((candidate) => candidate.statusCode !== 303)) {
    t.match(main(answer.body), /The code FIRST5 has reached its usage limit\./);
  }
  const row = await demo.handle.db
    .selectFrom('discounts')
    .select('timesUsed')
    .where('websiteId', '=', DEMO_WEBSITE_ID)
    .where('code', '=', 'FIRST5')
    .executeTakeFirstOrThrow();
  t.equal(row.timesUsed, 5, 'counted five times, never more');
  const uses = await demo.handle.db
    .selectFrom('discountUses')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('websiteId', '=', DEMO_WEBSITE_ID)
    .executeTakeFirstOrThrow();
  t.equal(Number(uses.n), 5);
  t.equal(await stockOf(demo, 'FW-SCOOP'), stockBefore - 5, 'refused orders took no stock');
  t.equal((await orders(demo)).length, 5);
});

t.test('the owner sets the rules: zones, tax rates, discounts and prices with tax in them', async (t) => {
  const demo = await openDemoApp(t);
  const owner = async (who: { email: string; password: string }) => {
    const client = new OwnerClient(demo.app);
    t.equal((await client.ownerSignIn(who.email, who.password)).statusCode, 200);
    return client;
  };
  const manager = await owner(DEMO_OWNERS.storeManager);
  const rules = (await manager.request('GET', CHECKOUT_RULES_PATH)).json();
  t.same(
    rules.zones.map((zone: { name: string; rates: unknown[] }) => [zone.name, zone.rates.length]),
    [
      ['United States', 3],
      ['Rest of the world', 1],
    ],
  );
  t.equal(rules.taxRates.length, 4);
  t.same(
    rules.discounts.map((discount: { code: string }) => discount.code),
    ['WELCOME10', 'FREESHIP'],
  );
  t.same(rules.tax, { pricesIncludeTax: false, taxRounding: 'line' });

  const editor = await owner(DEMO_OWNERS.editor);
  const refused = await editor.request('PUT', `${CHECKOUT_RULES_PATH}/tax-settings`, {
    pricesIncludeTax: true,
    taxRounding: 'line',
  });
  t.equal(refused.statusCode, 403, 'an editor may not change the store’s rules');

  const zoneId = 'a1b2c3d4e5f6a1b2c3d4e5f6';
  const badZone = await manager.request('PUT', `${CHECKOUT_RULES_PATH}/shipping-zones/${zoneId}`, {
    name: 'Europe',
    areas: [{ country: 'Narnia' }],
    rates: [],
  });
  t.equal(badZone.statusCode, 400);
  t.match(badZone.json().error.fields, {
    'areas.0.country': 'Use a country code (ISO 3166-1), or * for everywhere else.',
  });
  const europe = await manager.request('PUT', `${CHECKOUT_RULES_PATH}/shipping-zones/${zoneId}`, {
    name: 'Germany and France',
    areas: [{ country: 'DE' }, { country: 'FR' }],
    rates: [{ name: 'DHL', kind: 'flat', amountCents: '900', description: '3 to 6 days' }],
  });
  t.equal(europe.statusCode, 200);
  const taxId = 'b1b2c3d4e5f6a1b2c3d4e5f6';
  t.equal(
    (
      await manager.request('PUT', `${CHECKOUT_RULES_PATH}/tax-rates/${taxId}`, {
        name: 'German VAT',
        country: 'DE',
        region: null,
        ratePercent: '19',
        appliesToShipping: true,
      })
    ).statusCode,
    200,
  );
  const withTax = await manager.request('PUT', `${CHECKOUT_RULES_PATH}/tax-settings`, {
    pricesIncludeTax: true,
    taxRounding: 'order',
  });
  t.same(withTax.json().tax, { pricesIncludeTax: true, taxRounding: 'order' });

  const badCode = await manager.request('PUT', `${CHECKOUT_RULES_PATH}/discounts/c1b2c3d4e5f6a1b2c3d4e5f6`, {
    code: 'WELCOME10',
    name: 'Copy',
    kind: 'percentage',
    value: '150',
  });
  t.equal(badCode.statusCode, 400);
  t.same(badCode.json().error.fields, { value: 'Enter a percentage from 0.01 to 100.' });
  const taken = await manager.request('PUT', `${CHECKOUT_RULES_PATH}/discounts/c1b2c3d4e5f6a1b2c3d4e5f6`, {
    code: 'welcome10',
    name: 'Copy',
    kind: 'percentage',
    value: '15',
  });
  t.same(taken.json().error.fields, { code: 'Another discount has this code.' });
  const auto = await manager.request('PUT', `${CHECKOUT_RULES_PATH}/discounts/c1b2c3d4e5f6a1b2c3d4e5f6`, {
    code: null,
    name: 'Five off',
    kind: 'fixed',
    value: '500',
  });
  t.equal(auto.statusCode, 200, 'an automatic discount');

  // A German shopper: €-free demo in dollars, prices with VAT in them; $32.00 − $5.00 automatic, DHL $9.00.
  const visitor = new Visitor(demo.app);
  await visitor.add(MUG);
  const cart = (
    await visitor.request('PUT', '/api/commerce/shopping-cart/shipping-location', {
      country: 'DE',
      postalCode: '10115',
    })
  ).json().shoppingCart;
  t.same(
    cart.shippingOptions.map((option: { name: string }) => option.name),
    ['DHL'],
    'the most precise zone wins',
  );
  // Tax in 2700 + 900 at 19/119, rounded once: 574.79… → 575; nothing is added to the total.
  t.match(cart, { discountCents: '500', shippingCostCents: '900', taxCents: '575', grandTotalCents: '3600' });
  t.match(cart.applicableTaxRules, [{ name: 'German VAT', taxCents: '575' }]);

  t.equal((await manager.request('DELETE', `${CHECKOUT_RULES_PATH}/shipping-zones/${zoneId}`)).statusCode, 200);
  t.equal((await manager.request('DELETE', `${CHECKOUT_RULES_PATH}/shipping-zones/${zoneId}`)).statusCode, 404);
  const after = (await visitor.cart()).shippingOptions.map((option: { name: string }) => option.name);
  t.same(after, ['International shipping'], 'without the zone, Germany is the rest of the world again');
});

t.test(
  "the checkout page shows the owner's new rules on its next request, and a limited code's uses as they are now",
  async (t) => {
    const demo = await openDemoApp(t);
    const manager = new OwnerClient(demo.app);
    t.equal(
      (await manager.ownerSignIn(DEMO_OWNERS.storeManager.email, DEMO_OWNERS.storeManager.password)).statusCode,
      200,
    );
    const rules = (await manager.request('GET', CHECKOUT_RULES_PATH)).json();
    const newYork = rules.taxRates.find((rate: { region: string }) => rate.region === 'NY');
    const limitedId = 'd1b2c3d4e5f6a1b2c3d4e5f6';
    const limited = { code: 'ONCEONLY', name: 'Two off, once', kind: 'fixed', value: '200', usageLimit: 1 };
    t.equal((await manager.request('PUT', `${CHECKOUT_RULES_PATH}/discounts/${limitedId}`, limited)).statusCode, 200);

    const visitor = new Visitor(demo.app);
    await visitor.add(MUG);
    const first = main((await submit(visitor, { ...BUYER, discountCode: 'ONCEONLY', action: 'update' })).body);
    // $32.00 − $2.00, Standard shipping $6.95; New York's 4% on both: $1.20 + $0.28.
    t.match(first, /<dt>New York sales tax \(4%\)<\/dt><dd>\$1\.48<\/dd>/);
    t.match(first, /<dt>Discount <span class="checkout-code">ONCEONLY<\/span><\/dt><dd>−\$2\.00<\/dd>/);
    const again = () => visitor.request('GET', '/checkout').then((page) => main(page.body));
    t.match(await again(), /<dt>New York sales tax \(4%\)<\/dt><dd>\$1\.48<\/dd>/, 'again: the rules as they were');

    const changed = await manager.request('PUT', `${CHECKOUT_RULES_PATH}/tax-rates/${newYork.id}`, {
      ...newYork,
      ratePercent: '8',
    });
    t.equal(changed.statusCode, 200);
    t.match(await again(), /<dt>New York sales tax \(8%\)<\/dt><dd>\$2\.96<\/dd>/, "the owner's new rate at once");
    const kept = await visitor.request('GET', '/checkout');
    t.equal(kept.headers['x-page-cache'], 'hit', 'the page is kept for this cart while nothing it shows changes');
    t.equal(kept.headers['cache-control'], 'no-store');

    // Another order used the code up: that moves its count, not the content version.
    await demo.handle.db
      .updateTable('discounts')
      .set({ timesUsed: 1 })
      .where('websiteId', '=', DEMO_WEBSITE_ID)
      .where('id', '=', limitedId)
      .execute();
    const usedUp = await again();
    t.notMatch(usedUp, /<dt>Discount <span class="checkout-code">ONCEONLY/, 'the used-up code takes nothing off');
    t.match(usedUp, /The code ONCEONLY has reached its usage limit\./);
  },
);
