/**
 * Gift cards in the data layer and checkout service (issue 20): cards made
 * for each unit bought with their emails queued in the same transaction,
 * codes kept only as digests, redemption partly and wholly, nothing debited
 * by an order that fails, what a failed payment gives back, and 20 checkouts
 * at once spending one card: the balance never goes below zero and the
 * ledger sums to it. On PGlite, and on PostgreSQL with `npm run test:pg`
 * (where the 20 really overlap, over 20 connections).
 */
import t from 'tap';
import { listOutbox } from '../../api/mail/index.ts';
import { TestPaymentProvider } from '../../api/payments/test-payment-provider.ts';
import { updateCartChoices } from '../../api/repositories/cart-checkout-repository.ts';
import { addEntry, createCart, getCart } from '../../api/repositories/cart-repository.ts';
import {
  createGiftCard,
  findGiftCardByCode,
  type GiftCard,
  getGiftCards,
  giftCardLedger,
  giftCardPaymentsOfOrder,
  giftCardsOfOrder,
  restoreOrderGiftCards,
} from '../../api/repositories/gift-card-repository.ts';
import { getWebsite } from '../../api/repositories/website-repository.ts';
import type { CheckoutDetails } from '../../api/services/checkout-form.ts';
import { placeCheckoutOrder } from '../../api/services/checkout-service.ts';
import { newGiftCardCode } from '../../api/services/gift-card-issue.ts';
import { formatGiftCardCode, normalizeGiftCardCode } from '../../domain/checkout/gift-cards.ts';
import { PRODUCT_TYPES } from '../../domain/spec-enums.ts';
import { buildCollection, buildProduct, buildWebsite } from './helpers/build-site.ts';
import { openTestDatabase } from './helpers/test-database.ts';

// 20 connections, so on a real server the checkouts below really overlap.
const { db, kind } = await openTestDatabase(t, { poolSize: 20 });
t.comment(`database: ${kind}`);

const ORIGIN = 'https://shop.example.test';
/** Paid with the test provider's card that succeeds, for what gift cards leave to pay. */
const PAY = {
  provider: new TestPaymentProvider(db, { webhookSecret: 'whsec_gift_cards' }),
  paymentMethod: '4242424242424242',
  origin: ORIGIN,
};

const details = (more: Partial<CheckoutDetails> = {}): CheckoutDetails => ({
  email: 'ada@example.com',
  name: 'Ada Lovelace',
  shippingAddress: null,
  shippingOptionId: '',
  discountCode: '',
  giftCardCode: '',
  expectedGrandTotalCents: null,
  expectedAmountDueCents: null,
  ...more,
});

/** A website selling a digital guide (nothing to ship) and a gift card, with what a test needs to buy them. */
async function shop(options: { guideStock?: number; guidePrice?: number } = {}) {
  // Twenty editions: checkouts at once each buy their own, so they wait on no stock row and meet only at the card.
  const { websiteId } = await buildWebsite(db, { siteTitle: 'Fernwood' });
  const store = await buildCollection(db, websiteId, { type: 13, typeName: 'products', urlId: 'shop' });
  const guide = await buildProduct(db, websiteId, store.id, {
    urlId: 'guide',
    title: 'Field Guide',
    productType: PRODUCT_TYPES.digital,
    variants: Array.from({ length: 20 }, (_, edition) => ({
      sku: `GUIDE-${edition}`,
      priceMinor: options.guidePrice ?? 2500,
      qtyInStock: options.guideStock ?? 100,
    })),
  });
  const giftCard = await buildProduct(db, websiteId, store.id, {
    urlId: 'gift-card',
    title: 'Gift Card',
    productType: PRODUCT_TYPES['gift-card'],
    variants: [
      { sku: 'GC-25', priceMinor: 2500, unlimited: true },
      { sku: 'GC-50', priceMinor: 5000, unlimited: true },
    ],
  });
  const site = (await getWebsite(db, websiteId))!;
  /** A cart of these entries, with these cards applied. */
  const cart = async (
    entries: { product: typeof guide; variant?: number; quantity?: number; fields?: Record<string, unknown> }[],
    cards: readonly GiftCard[] = [],
  ) => {
    const made = await createCart(db, websiteId, { currency: 'USD' });
    for (const entry of entries) {
      await addEntry(db, websiteId, made.id, {
        itemId: entry.product.item.id,
        variantId: entry.product.variants[entry.variant ?? 0]!.id,
        quantity: entry.quantity ?? 1,
        additionalFields: entry.fields ?? null,
      });
    }
    if (cards.length > 0) await updateCartChoices(db, websiteId, made.id, { giftCards: cards.map((c) => c.id) });
    return (await getCart(db, websiteId, made.id))!;
  };
  const card = (amountCents: string, currency = 'USD') =>
    createGiftCard(db, websiteId, { code: newGiftCardCode(), currency, amountCents });
  const balanceOf = async (id: string) => (await getGiftCards(db, websiteId, [id]))[0]!.balanceCents;
  const ledgerSum = async (id: string) =>
    (await giftCardLedger(db, websiteId, id)).reduce((sum, entry) => sum + BigInt(entry.amountCents), 0n).toString();
  return { websiteId, site, guide, giftCard, cart, card, balanceOf, ledgerSum };
}

t.test('a code is found by itself only: stored as a digest, on its own website', async (t) => {
  const { websiteId } = await shop();
  const code = newGiftCardCode();
  t.match(formatGiftCardCode(code), /^[A-HJ-NP-Z2-9]{4}(-[A-HJ-NP-Z2-9]{4}){3}$/);
  const made = await createGiftCard(db, websiteId, { code, currency: 'USD', amountCents: '5000' });
  t.match(made, { lastCharacters: code.slice(-4), currency: 'USD', initialCents: '5000', balanceCents: '5000' });
  t.equal((await findGiftCardByCode(db, websiteId, code))?.id, made.id);
  t.equal(await findGiftCardByCode(db, websiteId, newGiftCardCode()), undefined, 'another code');
  const other = await buildWebsite(db);
  t.equal(await findGiftCardByCode(db, other.websiteId, code), undefined, 'another website');
  const row = await db.selectFrom('giftCards').selectAll().where('id', '=', made.id).executeTakeFirstOrThrow();
  t.notOk(JSON.stringify(row).includes(code), 'the code itself is not stored');
  t.same(
    (await giftCardLedger(db, websiteId, made.id)).map((entry) => [entry.kind, entry.amountCents]),
    [['issued', '5000']],
  );
  t.not(newGiftCardCode(), newGiftCardCode(), 'codes are random');
});

t.test('an order makes one card per gift card unit, and mails each to its recipient or the buyer', async (t) => {
  const { site, websiteId, guide, giftCard, cart } = await shop();
  const recipient = { recipientName: 'Grace Hopper', recipientEmail: 'grace@example.com', note: 'Happy birthday!' };
  const bought = await cart([
    { product: guide },
    { product: giftCard, variant: 1, quantity: 2, fields: recipient },
    { product: giftCard, variant: 0 },
  ]);
  const outcome = await placeCheckoutOrder(db, site, bought, details(), null, PAY);
  if (!outcome.ok) throw new Error(`not placed: ${JSON.stringify(outcome)}`);
  const order = outcome.order;
  const cards = await giftCardsOfOrder(db, websiteId, order.id);
  t.same(
    cards.map((card) => [card.orderLineNumber, card.currency, card.initialCents, card.balanceCents]),
    [
      [2, 'USD', '5000', '5000'],
      [2, 'USD', '5000', '5000'],
      [3, 'USD', '2500', '2500'],
    ],
    'two $50 cards for line 2 (quantity 2), one $25 card for line 3; none for the guide',
  );

  // Queued in one transaction, they share a time: the outbox's order among them is no order.
  const mails = (await listOutbox(db, { websiteId }))
    .filter((mail) => mail.kind === 'gift-card')
    .sort((x, y) => y.to.localeCompare(x.to));
  t.same(
    mails.map((mail) => [mail.to, mail.subject]),
    [
      ['grace@example.com', 'Ada Lovelace sent you a Fernwood gift card'],
      ['grace@example.com', 'Ada Lovelace sent you a Fernwood gift card'],
      ['ada@example.com', 'Your Fernwood gift card'],
    ],
  );
  t.equal(mails[0]?.replyTo, 'ada@example.com', 'an answer goes to the friend who sent it');
  t.match(mails[0]?.text, /Hello Grace Hopper,\n\nAda Lovelace sent you a gift card for Fernwood, worth \$50\.00\./);
  t.match(mails[0]?.text, /Their note: Happy birthday!/);
  t.match(mails[2]?.text, /Value: \$25\.00/);
  t.match(mails[2]?.text, `shop at ${ORIGIN}/ and enter the code`);
  // The mailed codes are the cards' codes: each names its own card, and no two the same.
  const codes = mails.map((mail) => /Your gift card code: ([A-Z0-9-]+)/.exec(mail.text)?.[1] ?? '');
  const found = await Promise.all(codes.map((code) => findGiftCardByCode(db, websiteId, normalizeGiftCardCode(code)!)));
  t.same(found.map((card) => card?.id).sort(), cards.map((card) => card.id).sort());
  t.same(
    found.map((card) => card?.initialCents),
    ['5000', '5000', '2500'],
  );
});

t.test('a card pays part of one order, then the rest of its balance on the next', async (t) => {
  const { site, websiteId, guide, cart, card, balanceOf, ledgerSum } = await shop({ guidePrice: 3000 });
  const gift = await card('5000');
  const first = await placeCheckoutOrder(db, site, await cart([{ product: guide }], [gift]), details(), null, PAY);
  t.match(first, { ok: true, order: { grandTotalCents: '3000', giftCardCents: '3000' } }, 'whole: the card pays all');
  t.equal(await balanceOf(gift.id), '2000');

  const second = await placeCheckoutOrder(db, site, await cart([{ product: guide }], [gift]), details(), null, PAY);
  t.match(second, { ok: true, order: { grandTotalCents: '3000', giftCardCents: '2000' } }, 'part: the card is used up');
  t.equal(await balanceOf(gift.id), '0');
  t.equal(await ledgerSum(gift.id), '0', 'the ledger sums to the balance');
  if (second.ok) {
    t.same(await giftCardPaymentsOfOrder(db, websiteId, second.order.id), [
      { giftCardId: gift.id, lastCharacters: gift.lastCharacters, amountCents: '2000' },
    ]);
  }
});

t.test('an order that is not placed debits nothing', async (t) => {
  const { site, guide, cart, card, balanceOf, ledgerSum } = await shop({ guideStock: 0 });
  const gift = await card('5000');
  const outcome = await placeCheckoutOrder(db, site, await cart([{ product: guide }], [gift]), details(), null, PAY);
  t.match(outcome, { ok: false, problem: 'out-of-stock' });
  t.equal(await balanceOf(gift.id), '5000');
  t.equal(await ledgerSum(gift.id), '5000', 'no ledger row was left behind');
});

t.test('an order is placed only at the amount left to pay the shopper was shown', async (t) => {
  const { site, guide, cart, card, balanceOf } = await shop();
  const gift = await card('1000');
  const outcome = await placeCheckoutOrder(
    db,
    site,
    await cart([{ product: guide }], [gift]),
    details({ expectedAmountDueCents: '0' }),
    null,
    PAY,
  );
  t.same(outcome, {
    ok: false,
    problem: 'charges-refused',
    message: 'After your gift cards, $15.00 is now left to pay. Please check your order and place it again.',
  });
  t.equal(await balanceOf(gift.id), '1000');
});

t.test('what an order took is given back once (a payment that failed after it was placed)', async (t) => {
  const { site, websiteId, guide, cart, card, balanceOf, ledgerSum } = await shop();
  const a = await card('1000');
  const b = await card('5000');
  const outcome = await placeCheckoutOrder(db, site, await cart([{ product: guide }], [a, b]), details(), null, PAY);
  if (!outcome.ok) throw new Error('not placed');
  t.equal(outcome.order.giftCardCents, '2500');
  t.same([await balanceOf(a.id), await balanceOf(b.id)], ['0', '3500']);
  t.equal(await restoreOrderGiftCards(db, websiteId, outcome.order.id), '2500');
  t.equal(await restoreOrderGiftCards(db, websiteId, outcome.order.id), '0', 'a second call gives back nothing more');
  t.same([await balanceOf(a.id), await balanceOf(b.id)], ['1000', '5000']);
  t.same([await ledgerSum(a.id), await ledgerSum(b.id)], ['1000', '5000']);
  t.same(
    (await giftCardLedger(db, websiteId, a.id)).map((entry) => [entry.kind, entry.amountCents]),
    [
      ['issued', '1000'],
      ['redeemed', '-1000'],
      ['restored', '1000'],
    ],
  );
  t.same(await giftCardPaymentsOfOrder(db, websiteId, outcome.order.id), [], 'the order is paid by no card now');
});

t.test('20 checkouts at once on one $100 card, each shown $25 paid by it: exactly 4 orders', async (t) => {
  const { site, websiteId, guide, cart, card, balanceOf, ledgerSum } = await shop();
  const gift = await card('10000');
  const carts = [];
  for (let n = 0; n < 20; n++) carts.push(await cart([{ product: guide, variant: n }], [gift]));
  const outcomes = await Promise.all(
    carts.map((bought, index) =>
      placeCheckoutOrder(
        db,
        site,
        bought,
        details({ email: `buyer${index}@example.com`, expectedAmountDueCents: '0' }),
        null,
        PAY,
      ),
    ),
  );
  const placed = outcomes.flatMap((outcome) => (outcome.ok ? [outcome.order] : []));
  t.equal(placed.length, 4, 'the balance pays for four');
  t.ok(
    placed.every((order) => order.giftCardCents === '2500'),
    'each paid in full by the card',
  );
  for (const outcome of outcomes.filter((candidate) => !candidate.ok)) {
    t.match(
      outcome,
      {
        ok: false,
        problem: 'charges-refused',
        message:
          /^(The balance of the gift card ending in \w{4} changed while you were checking out|After your gift cards, \$25\.00 is now left to pay)/,
      },
      'the others are told why, and not placed',
    );
  }
  t.equal(await balanceOf(gift.id), '0', 'never below zero');
  t.equal(await ledgerSum(gift.id), '0', 'the ledger sums to the balance');
  const redeemed = (await giftCardLedger(db, websiteId, gift.id)).filter((entry) => entry.kind === 'redeemed');
  t.same(redeemed.map((entry) => entry.orderId).sort(), placed.map((order) => order.id).sort());
});

t.test('20 checkouts at once on one $100 card of $30 each, taking what is left: never below zero', async (t) => {
  const { site, websiteId, guide, cart, card, balanceOf, ledgerSum } = await shop({ guidePrice: 3000 });
  const gift = await card('10000');
  const carts = [];
  for (let n = 0; n < 20; n++) carts.push(await cart([{ product: guide, variant: n }], [gift]));
  const outcomes = await Promise.all(
    carts.map((bought, index) =>
      placeCheckoutOrder(db, site, bought, details({ email: `buyer${index}@example.com` }), null, PAY),
    ),
  );
  const placed = outcomes.flatMap((outcome) => (outcome.ok ? [outcome.order] : []));
  t.comment(
    `${placed.length} placed, ${placed.filter((order) => order.giftCardCents !== '0').length} paid by the card`,
  );
  const paid = placed.reduce((sum, order) => sum + BigInt(order.giftCardCents), 0n);
  const balance = BigInt(await balanceOf(gift.id));
  t.ok(balance >= 0n, `the balance is ${balance}, not below zero`);
  t.equal(paid + balance, 10000n, 'what the orders record as paid by the card is what left it');
  t.equal(await ledgerSum(gift.id), balance.toString(), 'the ledger sums to the balance');
  t.ok(
    placed.every((order) => BigInt(order.giftCardCents) <= 3000n),
    'no order took more than its total',
  );
  // Every order placed charges the rest; an order refused says its card was spent meanwhile.
  for (const outcome of outcomes.filter((candidate) => !candidate.ok)) {
    t.match(outcome, { problem: 'charges-refused', message: /changed while you were checking out/ });
  }
  const redeemed = (await giftCardLedger(db, websiteId, gift.id)).filter((entry) => entry.kind === 'redeemed');
  t.equal(redeemed.length, placed.filter((order) => order.giftCardCents !== '0').length, 'one debit per paying order');
});
