/**
 * Gift cards as money a shopper holds (issue 20): the code printed in the
 * email, and how the cards on a cart pay for it. Pure, so the checkout
 * page, the cart API and the order placed all tender a cart alike.
 *
 * The rule the big stores follow, and this one too: a gift card cannot pay
 * for another gift card. Otherwise a card bought with a card launders its
 * balance into a new code (and a refunded order pays out cash). So the
 * cards pay only the part of the total that is not gift cards; a cart of
 * nothing but gift cards refuses them.
 */
import { minorUnitsOf } from '../money/minor-units.ts';

/**
 * Capitals and digits without those read for one another (O and 0, I and
 * 1): 32 symbols, so a random byte's low five bits pick one with no bias.
 */
export const GIFT_CARD_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** 16 symbols of 5 bits: 80 random bits, printed in four groups of four. */
export const GIFT_CARD_CODE_LENGTH = 16;

/** How many cards one order may be paid with. */
export const GIFT_CARDS_PER_ORDER = 5;

/** The longest text the gift card field takes (the code with spaces or dashes between its groups, and some slack). */
export const GIFT_CARD_CODE_INPUT_MAX = 40;

/** giftCardCodeFromBytes(16 random bytes) → 'K7QMXC4TRW2NHAP9', the code stored (digested) and printed grouped. */
export function giftCardCodeFromBytes(bytes: Uint8Array): string {
  if (bytes.length < GIFT_CARD_CODE_LENGTH) throw new RangeError(`a code needs ${GIFT_CARD_CODE_LENGTH} random bytes`);
  let code = '';
  for (let index = 0; index < GIFT_CARD_CODE_LENGTH; index++) {
    code += GIFT_CARD_CODE_ALPHABET[bytes[index]! & 31];
  }
  return code;
}

/** formatGiftCardCode('K7QMXC4TRW2NHAP9') → 'K7QM-XC4T-RW2N-HAP9'. */
export function formatGiftCardCode(code: string): string {
  return code.match(/.{1,4}/g)?.join('-') ?? code;
}

const SEPARATORS = /[\s\-–—_.]+/g;
const WELL_FORMED = new RegExp(`^[${GIFT_CARD_CODE_ALPHABET}]{${GIFT_CARD_CODE_LENGTH}}$`);

/**
 * A code as a shopper types it, in any case, with or without the dashes or
 * spaces between the groups; null when it cannot be a code at all.
 */
export function normalizeGiftCardCode(typed: string): string | null {
  const code = typed.replace(SEPARATORS, '').toUpperCase();
  return WELL_FORMED.test(code) ? code : null;
}

/** The four symbols a card is named by where its code must not be shown: 'ending in HAP9'. */
export function lastCharactersOf(code: string): string {
  return code.slice(-4);
}

/** A card as pricing needs it. */
export interface TenderCard {
  id: string;
  currency: string;
  balanceCents: string;
}

export type GiftCardProblem = 'other-currency' | 'no-balance' | 'only-gift-cards' | 'nothing-to-pay';

export interface GiftCardTender {
  id: string;
  /** What the card pays of this order: at most its balance and what is left to pay. */
  amountCents: string;
  /** Why it pays nothing, when it does not. */
  problem: GiftCardProblem | null;
}

export interface TenderInput {
  currency: string;
  grandTotalCents: string;
  /** The gift card lines' total: no card pays for them. */
  giftCardLinesCents: string;
  /** The cards in the order they were applied: the first pays first. */
  cards: readonly TenderCard[];
}

export interface TenderResult {
  tenders: GiftCardTender[];
  /** What the cards pay together. */
  giftCardCents: string;
  /** What is left to charge: grand total less the cards. */
  amountDueCents: string;
}

export function tenderGiftCards(input: TenderInput): TenderResult {
  const total = minorUnitsOf(input.grandTotalCents);
  const giftCardLines = minorUnitsOf(input.giftCardLinesCents);
  const payable = total > giftCardLines ? total - giftCardLines : 0n;
  let left = payable;
  const tenders = input.cards.map((card): GiftCardTender => {
    const balance = minorUnitsOf(card.balanceCents);
    const refuse = (problem: GiftCardProblem) => ({ id: card.id, amountCents: '0', problem });
    if (card.currency !== input.currency) return refuse('other-currency');
    if (balance <= 0n) return refuse('no-balance');
    if (left === 0n) return refuse(payable === 0n && giftCardLines > 0n ? 'only-gift-cards' : 'nothing-to-pay');
    const amount = balance < left ? balance : left;
    left -= amount;
    return { id: card.id, amountCents: amount.toString(), problem: null };
  });
  const paid = payable - left;
  return { tenders, giftCardCents: paid.toString(), amountDueCents: (total - paid).toString() };
}

/** What a payment provider is to charge for an order: its total less what gift cards paid. */
export function amountToChargeCents(order: { grandTotalCents: string; giftCardCents: string }): string {
  return (minorUnitsOf(order.grandTotalCents) - minorUnitsOf(order.giftCardCents)).toString();
}

/** The shopper's words for a card that cannot be used, or that no longer pays what they were shown. */
export const GIFT_CARD_MESSAGES = {
  blank: 'Enter a gift card code.',
  unknown: (typed: string) => `The gift card code ${typed} is not one we know. Check it and try again.`,
  tooMany: `Use up to ${GIFT_CARDS_PER_ORDER} gift cards on one order.`,
  'other-currency': (cardCurrency: string, orderCurrency: string) =>
    `This gift card is in ${cardCurrency} and your order is in ${orderCurrency}, so it cannot pay for it.`,
  'no-balance': (last: string) => `The gift card ending in ${last} has no balance left.`,
  'only-gift-cards': 'A gift card cannot pay for another gift card.',
  'nothing-to-pay': 'There is nothing left to pay with a gift card.',
  balanceChanged: (last: string) =>
    `The balance of the gift card ending in ${last} changed while you were checking out. Please check your order and place it again.`,
  amountDueChanged: (due: string) =>
    `After your gift cards, ${due} is now left to pay. Please check your order and place it again.`,
} as const;

/** A tender's problem in words. */
export function giftCardProblemMessage(
  problem: GiftCardProblem,
  card: { lastCharacters: string; currency: string },
  orderCurrency: string,
): string {
  switch (problem) {
    case 'other-currency':
      return GIFT_CARD_MESSAGES['other-currency'](card.currency, orderCurrency);
    case 'no-balance':
      return GIFT_CARD_MESSAGES['no-balance'](card.lastCharacters);
    case 'only-gift-cards':
    case 'nothing-to-pay':
      return GIFT_CARD_MESSAGES[problem];
  }
}
