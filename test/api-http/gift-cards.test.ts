/**
 * Gift cards at checkout (issue 20), through the cart's JSON calls and the
 * checkout page's form, on the demo store: its card FERN-GLEN-CARD-2468
 * ($100, api/seed/demo-gift-card.ts), the Home Barista Field Guide ($14,
 * digital, so no shipping or tax) and the Fernwood Gift Card.
 */
import type { LightMyRequestResponse } from 'fastify';
import t from 'tap';
import { listOutbox } from '../../api/mail/index.ts';
import { createGiftCard, getGiftCards, giftCardLedger } from '../../api/repositories/gift-card-repository.ts';
import { DEMO_GIFT_CARD } from '../../api/seed/demo-gift-card.ts';
import { DEMO_WEBSITE_ID } from '../../api/seed/seed-demo-site.ts';
import { newGiftCardCode } from '../../api/services/gift-card-issue.ts';
import { formatGiftCardCode } from '../../domain/checkout/gift-cards.ts';
import { type DemoApp, openDemoApp } from '../site/demo-app.ts';
import { CRUMB, PAY_WITH_TEST_CARD, productId, Visitor } from './api-helpers.ts';

const GIFT_CARDS = '/api/commerce/shopping-cart/gift-cards';
const GUIDE = { itemId: productId('home-barista-field-guide'), quantity: 1 };
const RECIPIENT = { recipientName: 'Grace Hopper', recipientEmail: 'grace@example.com', note: 'Happy birthday!' };
const GIFT_CARD_50 = {
  itemId: productId('fernwood-gift-card'),
  sku: 'FW-GIFT-50',
  quantity: 1,
  additionalFields: JSON.stringify(RECIPIENT),
};
const BUYER = { email: 'ada@example.com', name: 'Ada Lovelace', ...PAY_WITH_TEST_CARD };

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

/** A card made on the demo site, with its code as a shopper would type it. */
async function giftCard(demo: DemoApp, amountCents: string, currency = 'USD') {
  const code = newGiftCardCode();
  const card = await createGiftCard(demo.handle.db, DEMO_WEBSITE_ID, { code, currency, amountCents });
  return { ...card, typed: formatGiftCardCode(code) };
}

const balanceOf = async (demo: DemoApp, id: string) =>
  (await getGiftCards(demo.handle.db, DEMO_WEBSITE_ID, [id]))[0]!.balanceCents;

const orders = (demo: DemoApp) =>
  demo.handle.db
    .selectFrom('orders')
    .selectAll()
    .where('websiteId', '=', DEMO_WEBSITE_ID)
    .orderBy('orderNumber')
    .execute();

t.test(
  'the cart calls: apply a card, see what it pays and the rest, take it off; refusals write nothing',
  async (t) => {
    const demo = await openDemoApp(t);
    const visitor = new Visitor(demo.app);
    const noCart = await visitor.request('POST', GIFT_CARDS, { code: DEMO_GIFT_CARD.code });
    t.equal(noCart.statusCode, 404, 'no cart to apply it to');
    await visitor.add(GUIDE);

    const refusals: [string, number, string, string][] = [
      ['  ', 400, 'gift-card-code-blank', 'Enter a gift card code.'],
      [
        'AAAA-BBBB-CCCC-DDDD',
        400,
        'gift-card-unknown',
        'The gift card code AAAA-BBBB-CCCC-DDDD is not one we know. Check it and try again.',
      ],
      [
        'welcome10',
        400,
        'gift-card-unknown',
        'The gift card code WELCOME10 is not one we know. Check it and try again.',
      ],
    ];
    for (const [code, status, errorCode, message] of refusals) {
      const refused = await visitor.request('POST', GIFT_CARDS, { code });
      t.equal(refused.statusCode, status, `'${code}'`);
      t.same(refused.json().error, { code: errorCode, message, fields: { code: message } });
    }
    const euros = await giftCard(demo, '5000', 'EUR');
    const foreign = await visitor.request('POST', GIFT_CARDS, { code: euros.typed });
    t.same(foreign.json().error, {
      code: 'gift-card-other-currency',
      message: 'This gift card is in EUR and your order is in USD, so it cannot pay for it.',
      fields: { code: 'This gift card is in EUR and your order is in USD, so it cannot pay for it.' },
    });
    const tooLong = await visitor.request('POST', GIFT_CARDS, { code: 'X'.repeat(41) });
    t.equal(tooLong.json().error.code, 'invalid-body');
    t.same((await visitor.cart()).giftCards, [], 'nothing was applied');

    // Typed in lower case without its dashes.
    const applied = await visitor.request('POST', GIFT_CARDS, { code: 'fernglencard2468' });
    t.equal(applied.statusCode, 200);
    const cart = applied.json().shoppingCart;
    t.same(cart.giftCards, [
      { id: DEMO_GIFT_CARD.id, lastCharacters: '2468', balanceCents: '10000', amountCents: '1400', message: null },
    ]);
    t.match(cart, { grandTotalCents: '1400', giftCardCents: '1400', amountDueCents: '0' }, 'wholly paid');
    t.notMatch(JSON.stringify(cart), /FERNGLEN/, 'the code itself is never sent back');
    const again = await visitor.request('POST', GIFT_CARDS, { code: DEMO_GIFT_CARD.code });
    t.equal(again.json().shoppingCart.giftCards.length, 1, 'the same card twice is one card');
    t.same((await visitor.cart()).giftCards, cart.giftCards, 'GET answers the same');

    const nothingLeft = await visitor.request('POST', GIFT_CARDS, { code: (await giftCard(demo, '500')).typed });
    t.same(nothingLeft.json().error, {
      code: 'gift-card-nothing-to-pay',
      message: 'There is nothing left to pay with a gift card.',
      fields: { code: 'There is nothing left to pay with a gift card.' },
    });

    const removed = await visitor.request('DELETE', `${GIFT_CARDS}/${DEMO_GIFT_CARD.id}`);
    t.equal(removed.statusCode, 200);
    t.match(removed.json().shoppingCart, { giftCards: [], giftCardCents: '0', amountDueCents: '1400' });
  },
);

t.test('a gift card cannot pay for another gift card, and pays the rest of a cart beside one', async (t) => {
  const demo = await openDemoApp(t);
  const visitor = new Visitor(demo.app);
  await visitor.add(GIFT_CARD_50);
  const refused = await visitor.request('POST', GIFT_CARDS, { code: DEMO_GIFT_CARD.code });
  t.same(refused.json().error, {
    code: 'gift-card-only-gift-cards',
    message: 'A gift card cannot pay for another gift card.',
    fields: { code: 'A gift card cannot pay for another gift card.' },
  });
  await visitor.add(GUIDE);
  const applied = await visitor.request('POST', GIFT_CARDS, { code: DEMO_GIFT_CARD.code });
  t.match(
    applied.json().shoppingCart,
    { grandTotalCents: '6400', giftCardCents: '1400', amountDueCents: '5000' },
    'the card pays the guide; the gift card is left to pay',
  );
});

t.test('a card with no balance left is refused by name', async (t) => {
  const demo = await openDemoApp(t);
  const small = await giftCard(demo, '1000');
  const spender = new Visitor(demo.app);
  await spender.add(GUIDE);
  await spender.request('POST', GIFT_CARDS, { code: small.typed });
  t.equal((await submit(spender, BUYER)).statusCode, 303, 'the card pays $10 of $14');
  t.equal(await balanceOf(demo, small.id), '0');

  const visitor = new Visitor(demo.app);
  await visitor.add(GUIDE);
  const refused = await visitor.request('POST', GIFT_CARDS, { code: small.typed });
  const message = `The gift card ending in ${small.lastCharacters} has no balance left.`;
  t.same(refused.json().error, { code: 'gift-card-no-balance', message, fields: { code: message } });
});

t.test('without script: apply a card beside the discount code, pay part, and the order keeps it', async (t) => {
  const demo = await openDemoApp(t);
  const card = await giftCard(demo, '1000');
  const visitor = new Visitor(demo.app);
  await visitor.add(GUIDE);

  const page = main((await visitor.request('GET', '/checkout')).body);
  t.match(page, /<label class="field-label" for="checkout-gift-card-code">Gift card/);
  t.ok(
    page.indexOf('id="checkout-discount-code"') < page.indexOf('id="checkout-gift-card-code"'),
    'beside the discount code, after it',
  );
  t.notMatch(page, /Left to pay/, 'nothing about gift cards before one is applied');

  const unknown = main((await submit(visitor, { ...BUYER, giftCardCode: 'nope', action: 'update' })).body);
  t.equal(
    fieldError(unknown, 'checkout-gift-card-code'),
    'The gift card code NOPE is not one we know. Check it and try again.',
  );
  t.match(unknown, /<li><a href="#checkout-gift-card-code">The gift card code NOPE is not one we know/);
  t.match(unknown, /aria-describedby="checkout-gift-card-code-hint checkout-gift-card-code-error" aria-invalid="true"/);
  t.match(unknown, /value="nope"/, 'the typed code is kept to correct');

  const applied = main((await submit(visitor, { ...BUYER, giftCardCode: card.typed, action: 'update' })).body);
  t.notMatch(applied, /class="checkout-errors"/);
  t.match(
    applied,
    new RegExp(`Gift card ending in <strong>${card.lastCharacters}</strong>: −\\$10\\.00 of its \\$10\\.00`),
  );
  t.match(
    applied,
    new RegExp(
      `<dt>Gift card ending in <span class="checkout-code">${card.lastCharacters}</span></dt><dd>−\\$10\\.00</dd>`,
    ),
  );
  t.match(applied, /<dt>Left to pay<\/dt><dd>\$4\.00<\/dd>/);
  t.match(applied, /Left to pay after gift cards <strong>\$4\.00<\/strong>/);
  t.equal(hidden(applied, 'expectedAmountDueCents'), '400');
  t.match(applied, /id="checkout-gift-card-code"[^>]*value=""/, 'the field is emptied once the card is applied');

  const placed = await submit(visitor, { ...BUYER, expectedTotalCents: '1400', expectedAmountDueCents: '400' });
  t.equal(placed.statusCode, 303);
  const [order] = await orders(demo);
  t.match(order, { grandTotalMinor: '1400', giftCardMinor: '1000' });
  t.equal(await balanceOf(demo, card.id), '0');
  const confirmation = main((await visitor.request('GET', String(placed.headers.location))).body);
  t.match(confirmation, /<dt>Paid by gift card<\/dt><dd>−\$10\.00<\/dd>/);
  t.match(confirmation, /<dt>Rest of the total<\/dt><dd>\$4\.00<\/dd>/);
});

t.test('without script: a card removed, a card paying all, and an order refused at a changed amount', async (t) => {
  const demo = await openDemoApp(t);
  const visitor = new Visitor(demo.app);
  await visitor.add(GUIDE);
  await submit(visitor, { ...BUYER, giftCardCode: DEMO_GIFT_CARD.code, action: 'update' });
  const removed = main((await submit(visitor, { ...BUYER, removeGiftCard: DEMO_GIFT_CARD.id })).body);
  t.notMatch(removed, /Gift card ending in/, 'Remove takes it off');
  t.same(await orders(demo), [], 'and places no order');

  const whole = main((await submit(visitor, { ...BUYER, giftCardCode: DEMO_GIFT_CARD.code, action: 'update' })).body);
  t.match(whole, /<dt>Left to pay<\/dt><dd>\$0\.00<\/dd>/);
  t.match(
    whole,
    /<button class="checkout-discount__remove" type="submit" name="removeGiftCard" value="[0-9a-f]{24}" formnovalidate aria-label="Remove the gift card ending in 2468">Remove<\/button>/,
  );

  await visitor.request('GET', '/checkout');
  const kept = await visitor.request('GET', '/checkout');
  t.equal(kept.headers['x-page-cache'], 'hit', 'the page is kept for this cart while the card pays the same');
  t.match(main(kept.body), /<dt>Left to pay<\/dt><dd>\$0\.00<\/dd>/);

  // Another order spends $98 of the card meanwhile: $14 is no longer what it pays.
  const other = new Visitor(demo.app);
  await other.add({ ...GUIDE, quantity: 7 });
  await other.request('POST', GIFT_CARDS, { code: DEMO_GIFT_CARD.code });
  t.equal((await submit(other, { email: 'grace@example.com', name: 'Grace Hopper' })).statusCode, 303);
  t.equal(await balanceOf(demo, DEMO_GIFT_CARD.id), '200', '$100 − 7 × $14');
  const spent = await visitor.request('GET', '/checkout');
  t.equal(spent.headers['x-page-cache'], undefined, "the card's new balance is a page of its own");
  t.match(main(spent.body), /<dt>Left to pay<\/dt><dd>\$12\.00<\/dd>/);

  const refused = main(
    (await submit(visitor, { ...BUYER, expectedTotalCents: '1400', expectedAmountDueCents: '0' })).body,
  );
  t.match(refused, /After your gift cards, \$12\.00 is now left to pay\. Please check your order and place it again\./);
  t.match(refused, /<dt>Left to pay<\/dt><dd>\$12\.00<\/dd>/, 'the page shows what the card pays now');
  t.equal((await orders(demo)).length, 1, 'not placed');
  t.equal(await balanceOf(demo, DEMO_GIFT_CARD.id), '200', 'nothing debited');
  const placed = await submit(visitor, { ...BUYER, expectedTotalCents: '1400', expectedAmountDueCents: '1200' });
  t.equal(placed.statusCode, 303, 'placed once the shopper has seen it');
  t.equal(await balanceOf(demo, DEMO_GIFT_CARD.id), '0');
});

t.test('a gift card bought at checkout is mailed with its code, which pays for the next order', async (t) => {
  const demo = await openDemoApp(t);
  const buyer = new Visitor(demo.app);
  await buyer.add(GIFT_CARD_50);
  t.equal((await submit(buyer, BUYER)).statusCode, 303);

  const [mail] = (await listOutbox(demo.handle.db, { websiteId: DEMO_WEBSITE_ID })).filter(
    (entry) => entry.kind === 'gift-card',
  );
  t.match(mail, { to: 'grace@example.com', subject: 'Ada Lovelace sent you a Fernwood Coffee & Home gift card' });
  t.match(mail?.text, /worth \$50\.00/);
  t.match(mail?.text, /Their note: Happy birthday!/);
  t.match(mail?.text, 'shop at http://localhost/ and enter the code');
  const code = /Your gift card code: ([A-Z0-9]{4}(?:-[A-Z0-9]{4}){3})/.exec(mail?.text ?? '')?.[1];
  t.ok(code, 'the code is in the mail');

  const grace = new Visitor(demo.app);
  await grace.add(GUIDE);
  const applied = await grace.request('POST', GIFT_CARDS, { code });
  t.match(applied.json().shoppingCart, { giftCardCents: '1400', amountDueCents: '0' });
  t.equal((await submit(grace, { email: 'grace@example.com', name: 'Grace Hopper' })).statusCode, 303);
  const id = applied.json().shoppingCart.giftCards[0].id;
  t.equal(await balanceOf(demo, id), '3600', '$50 − $14');
});

t.test('20 checkouts at once with one $100 card, each shown $14 paid by it: exactly 7 orders', async (t) => {
  const demo = await openDemoApp(t);
  const card = await giftCard(demo, '10000');
  const visitors = Array.from({ length: 20 }, () => new Visitor(demo.app));
  for (const visitor of visitors) {
    await visitor.add(GUIDE);
    t.equal((await visitor.request('POST', GIFT_CARDS, { code: card.typed })).statusCode, 200);
  }
  const answers = await Promise.all(
    visitors.map((visitor, index) =>
      submit(visitor, {
        email: `buyer${index}@example.com`,
        name: 'Ada Lovelace',
        expectedTotalCents: '1400',
        expectedAmountDueCents: '0',
      }),
    ),
  );
  t.equal(answers.filter((answer) => answer.statusCode === 303).length, 7, '7 × $14 = $98');
  for (const answer of answers.filter((candidate) => candidate.statusCode !== 303)) {
    t.match(
      main(answer.body),
      /After your gift cards, \$(12|14)\.00 is now left to pay|changed while you were checking out/,
    );
  }
  t.equal(await balanceOf(demo, card.id), '200', 'never below zero');
  const ledger = await giftCardLedger(demo.handle.db, DEMO_WEBSITE_ID, card.id);
  t.equal(
    ledger.reduce((sum, entry) => sum + Number(entry.amountCents), 0),
    200,
    'the ledger sums to the balance',
  );
  const placed = await orders(demo);
  t.equal(placed.length, 7);
  t.ok(
    placed.every((order) => order.giftCardMinor === '1400'),
    'each order records what the card paid',
  );
});

t.test('codes tried from one address are limited, through the cart call and the form alike', async (t) => {
  const demo = await openDemoApp(t, { server: { limits: { 'gift-card-code': { max: 2, windowMs: 60_000 } } } });
  const visitor = new Visitor(demo.app);
  await visitor.add(GUIDE);
  for (const guess of ['AAAA-AAAA-AAAA-AAAA', 'BBBB-BBBB-BBBB-BBBB']) {
    t.equal((await visitor.request('POST', GIFT_CARDS, { code: guess })).json().error.code, 'gift-card-unknown');
  }
  const limited = await visitor.request('POST', GIFT_CARDS, { code: DEMO_GIFT_CARD.code });
  t.equal(limited.statusCode, 429, 'even a good code, once the limit is reached');
  t.equal(limited.json().error.message, 'Please try again in a few seconds.');
  t.ok(Number(limited.headers['retry-after']) > 0);
  const form = main((await submit(visitor, { ...BUYER, giftCardCode: DEMO_GIFT_CARD.code, action: 'update' })).body);
  t.equal(fieldError(form, 'checkout-gift-card-code'), 'Please try again in a few seconds.');
  t.same((await visitor.cart()).giftCards, [], 'nothing applied');
  const removed = await visitor.request('DELETE', `${GIFT_CARDS}/${DEMO_GIFT_CARD.id}`);
  t.equal(removed.statusCode, 200, 'taking a card off tries no code');
});

t.test('five cards at most pay one order, in the order applied', async (t) => {
  const demo = await openDemoApp(t);
  const visitor = new Visitor(demo.app);
  await visitor.add({ ...GUIDE, quantity: 10 });
  const cards = [];
  for (let n = 0; n < 6; n++) cards.push(await giftCard(demo, String(100 * (n + 1))));
  for (const card of cards.slice(0, 5)) {
    t.equal((await visitor.request('POST', GIFT_CARDS, { code: card.typed })).statusCode, 200);
  }
  const sixth = await visitor.request('POST', GIFT_CARDS, { code: cards[5]!.typed });
  t.same(sixth.json().error, {
    code: 'gift-card-too-many',
    message: 'Use up to 5 gift cards on one order.',
    fields: { code: 'Use up to 5 gift cards on one order.' },
  });
  const cart = await visitor.cart();
  t.same(
    cart.giftCards.map((card: { amountCents: string }) => card.amountCents),
    ['100', '200', '300', '400', '500'],
  );
  t.match(cart, { grandTotalCents: '14000', giftCardCents: '1500', amountDueCents: '12500' });
});
