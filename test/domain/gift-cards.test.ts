/**
 * Gift cards as pure functions (domain/checkout/gift-cards.ts): the code's
 * alphabet, grouping and normal form, and how the cards on a cart pay for
 * it (partly, wholly, several, never for gift cards, never past a balance).
 */
import fc from 'fast-check';
import t from 'tap';
import {
  amountToChargeCents,
  formatGiftCardCode,
  GIFT_CARD_CODE_ALPHABET,
  GIFT_CARD_CODE_LENGTH,
  GIFT_CARD_MESSAGES,
  giftCardCodeFromBytes,
  giftCardProblemMessage,
  lastCharactersOf,
  normalizeGiftCardCode,
  type TenderCard,
  tenderGiftCards,
} from '../../domain/checkout/gift-cards.ts';

const card = (id: string, balanceCents: string, currency = 'USD'): TenderCard => ({ id, currency, balanceCents });

t.test('codes: 32 symbols without look-alikes, 16 of them from 16 random bytes, in groups of four', async (t) => {
  t.equal(GIFT_CARD_CODE_ALPHABET.length, 32);
  t.equal(new Set(GIFT_CARD_CODE_ALPHABET).size, 32, 'no symbol twice');
  for (const lookAlike of ['O', '0', 'I', '1']) t.notOk(GIFT_CARD_CODE_ALPHABET.includes(lookAlike), lookAlike);

  const bytes = Uint8Array.from({ length: 16 }, (_, index) => index * 17);
  const code = giftCardCodeFromBytes(bytes);
  t.equal(code.length, GIFT_CARD_CODE_LENGTH);
  t.equal(code[0], 'A', 'byte 0 → first symbol');
  t.equal(code[1], GIFT_CARD_CODE_ALPHABET[17 & 31]);
  t.equal(giftCardCodeFromBytes(new Uint8Array(16).fill(255)), '9'.repeat(16), 'the low five bits pick the symbol');
  t.throws(() => giftCardCodeFromBytes(new Uint8Array(15)), RangeError, 'too few random bytes');

  t.equal(formatGiftCardCode('K7QMXC4TRW2NHAP9'), 'K7QM-XC4T-RW2N-HAP9');
  t.equal(lastCharactersOf('K7QMXC4TRW2NHAP9'), 'HAP9');
});

t.test('a typed code in any case, with or without separators, has one normal form', async (t) => {
  for (const typed of ['K7QM-XC4T-RW2N-HAP9', 'k7qm xc4t rw2n hap9', ' K7QMXC4TRW2NHAP9 ', 'k7qm–xc4t_rw2n.hap9']) {
    t.equal(normalizeGiftCardCode(typed), 'K7QMXC4TRW2NHAP9', typed);
  }
  for (const typed of [
    '',
    'K7QM-XC4T-RW2N',
    'K7QM-XC4T-RW2N-HAP9X',
    'O7QM-XC4T-RW2N-HAP9',
    'K7QM-XC4T-RW2N-HAP1',
    'WELCOME10',
  ]) {
    t.equal(normalizeGiftCardCode(typed), null, `not a code: '${typed}'`);
  }
});

t.test('every code made from random bytes is well formed and reads back unchanged', async (t) => {
  fc.assert(
    fc.property(fc.uint8Array({ minLength: 16, maxLength: 16 }), (bytes) => {
      const code = giftCardCodeFromBytes(bytes);
      return normalizeGiftCardCode(formatGiftCardCode(code).toLowerCase()) === code;
    }),
  );
  t.pass('round trip holds');
});

t.test('one card pays part of an order, or all of it', async (t) => {
  t.same(
    tenderGiftCards({ currency: 'USD', grandTotalCents: '5000', giftCardLinesCents: '0', cards: [card('a', '2000')] }),
    { tenders: [{ id: 'a', amountCents: '2000', problem: null }], giftCardCents: '2000', amountDueCents: '3000' },
    'part: the whole balance, the rest to pay',
  );
  t.same(
    tenderGiftCards({ currency: 'USD', grandTotalCents: '5000', giftCardLinesCents: '0', cards: [card('a', '10000')] }),
    { tenders: [{ id: 'a', amountCents: '5000', problem: null }], giftCardCents: '5000', amountDueCents: '0' },
    'whole: the total, the balance keeps the rest',
  );
});

t.test('several cards pay in the order applied, and the last ones may pay nothing', async (t) => {
  t.same(
    tenderGiftCards({
      currency: 'USD',
      grandTotalCents: '5000',
      giftCardLinesCents: '0',
      cards: [card('a', '3000'), card('b', '3000'), card('c', '3000')],
    }),
    {
      tenders: [
        { id: 'a', amountCents: '3000', problem: null },
        { id: 'b', amountCents: '2000', problem: null },
        { id: 'c', amountCents: '0', problem: 'nothing-to-pay' },
      ],
      giftCardCents: '5000',
      amountDueCents: '0',
    },
  );
});

t.test('a gift card never pays for a gift card', async (t) => {
  t.same(
    tenderGiftCards({
      currency: 'USD',
      grandTotalCents: '5000',
      giftCardLinesCents: '5000',
      cards: [card('a', '9000')],
    }),
    {
      tenders: [{ id: 'a', amountCents: '0', problem: 'only-gift-cards' }],
      giftCardCents: '0',
      amountDueCents: '5000',
    },
    'a cart of gift cards alone',
  );
  t.same(
    tenderGiftCards({
      currency: 'USD',
      grandTotalCents: '8200',
      giftCardLinesCents: '5000',
      cards: [card('a', '9000')],
    }),
    { tenders: [{ id: 'a', amountCents: '3200', problem: null }], giftCardCents: '3200', amountDueCents: '5000' },
    'with other things: it pays those, and the gift card line is left to pay',
  );
  t.same(
    tenderGiftCards({ currency: 'USD', grandTotalCents: '0', giftCardLinesCents: '0', cards: [card('a', '9000')] }),
    { tenders: [{ id: 'a', amountCents: '0', problem: 'nothing-to-pay' }], giftCardCents: '0', amountDueCents: '0' },
    'a total of nothing (a discount took it all)',
  );
});

t.test('a card in another currency or with no balance pays nothing, and the next one pays', async (t) => {
  t.same(
    tenderGiftCards({
      currency: 'USD',
      grandTotalCents: '4000',
      giftCardLinesCents: '0',
      cards: [card('eur', '9000', 'EUR'), card('empty', '0'), card('a', '1500')],
    }),
    {
      tenders: [
        { id: 'eur', amountCents: '0', problem: 'other-currency' },
        { id: 'empty', amountCents: '0', problem: 'no-balance' },
        { id: 'a', amountCents: '1500', problem: null },
      ],
      giftCardCents: '1500',
      amountDueCents: '2500',
    },
  );
  const named = { lastCharacters: 'HAP9', currency: 'EUR' };
  t.equal(
    giftCardProblemMessage('other-currency', named, 'USD'),
    'This gift card is in EUR and your order is in USD, so it cannot pay for it.',
  );
  t.equal(giftCardProblemMessage('no-balance', named, 'USD'), 'The gift card ending in HAP9 has no balance left.');
  t.equal(giftCardProblemMessage('only-gift-cards', named, 'USD'), GIFT_CARD_MESSAGES['only-gift-cards']);
});

t.test('the cards never pay more than their balances or the total less gift card lines', async (t) => {
  fc.assert(
    fc.property(
      fc.integer({ min: 0, max: 1_000_000 }),
      fc.integer({ min: 0, max: 1_000_000 }),
      fc.array(fc.integer({ min: 0, max: 500_000 }), { maxLength: 5 }),
      (other, giftCardLines, balances) => {
        const total = other + giftCardLines;
        const result = tenderGiftCards({
          currency: 'USD',
          grandTotalCents: String(total),
          giftCardLinesCents: String(giftCardLines),
          cards: balances.map((balance, index) => card(String(index), String(balance))),
        });
        const paid = result.tenders.reduce((sum, tender) => sum + Number(tender.amountCents), 0);
        return (
          result.tenders.every((tender, index) => Number(tender.amountCents) <= balances[index]!) &&
          paid === Number(result.giftCardCents) &&
          paid ===
            Math.min(
              other,
              balances.reduce((sum, balance) => sum + balance, 0),
            ) &&
          Number(result.amountDueCents) === total - paid &&
          amountToChargeCents({ grandTotalCents: String(total), giftCardCents: result.giftCardCents }) ===
            result.amountDueCents
        );
      },
    ),
  );
  t.pass('property holds');
});
