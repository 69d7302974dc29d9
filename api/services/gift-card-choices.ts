/**
 * Applying a gift card to a cart, and taking one off: shared by the cart
 * API (JSON) and the checkout form (no script) through checkout-choices.ts.
 * A code is checked in two steps: what the card is (known on this site, in
 * the cart's currency, with a balance) before the cart is priced with it,
 * then whether it pays anything of this cart (not for gift cards, not when
 * nothing is left to pay) after.
 */
import {
  GIFT_CARD_CODE_INPUT_MAX,
  GIFT_CARD_MESSAGES,
  GIFT_CARDS_PER_ORDER,
  type GiftCardProblem,
  giftCardProblemMessage,
  normalizeGiftCardCode,
} from '../../domain/checkout/gift-cards.ts';
import type { ShoppingCart } from '../repositories/cart-repository.ts';
import { findGiftCardByCode } from '../repositories/gift-card-repository.ts';
import type { Db } from '../repositories/transaction.ts';
import type { PricedGiftCards } from './gift-card-pricing.ts';

/** Why a code was refused, so the API can answer each with its own error code. */
export type GiftCardRefusal = 'unknown' | 'too-many' | GiftCardProblem;

/** A refusal with what its message names (the API's error table words it from the same). */
export interface GiftCardRefused {
  refusal: GiftCardRefusal;
  params: { code?: string; cardCurrency?: string; orderCurrency?: string; last?: string };
  message: string;
}

export type GiftCardChoice =
  /** The cards the cart is to carry; `added` is the one the code named, to be checked once priced. */
  { ok: true; ids: string[]; added: string | null } | { ok: false; ids: string[]; refused: GiftCardRefused };

function refusedFor(
  problem: GiftCardProblem,
  card: { lastCharacters: string; currency: string },
  orderCurrency: string,
): GiftCardRefused {
  return {
    refusal: problem,
    params: { cardCurrency: card.currency, orderCurrency, last: card.lastCharacters },
    message: giftCardProblemMessage(problem, card, orderCurrency),
  };
}

/**
 * The cart's cards after taking `removeId` off and adding the card `code`
 * names ('' for none). A code for a card already on the cart changes
 * nothing.
 */
export async function chooseGiftCard(
  db: Db,
  cart: Pick<ShoppingCart, 'websiteId' | 'currency' | 'giftCards'>,
  code: string,
  removeId: string | undefined,
): Promise<GiftCardChoice> {
  const ids = removeId === undefined ? cart.giftCards : cart.giftCards.filter((id) => id !== removeId);
  const typed = code.trim();
  if (typed === '') return { ok: true, ids, added: null };
  const normal = normalizeGiftCardCode(typed);
  const card = normal === null ? undefined : await findGiftCardByCode(db, cart.websiteId, normal);
  if (!card) {
    const shown = typed.slice(0, GIFT_CARD_CODE_INPUT_MAX).toUpperCase();
    const refused: GiftCardRefused = {
      refusal: 'unknown',
      params: { code: shown },
      message: GIFT_CARD_MESSAGES.unknown(shown),
    };
    return { ok: false, ids, refused };
  }
  if (ids.includes(card.id)) return { ok: true, ids, added: null };
  if (card.currency !== cart.currency)
    return { ok: false, ids, refused: refusedFor('other-currency', card, cart.currency) };
  if (card.balanceCents === '0') return { ok: false, ids, refused: refusedFor('no-balance', card, cart.currency) };
  if (ids.length >= GIFT_CARDS_PER_ORDER) {
    return { ok: false, ids, refused: { refusal: 'too-many', params: {}, message: GIFT_CARD_MESSAGES.tooMany } };
  }
  return { ok: true, ids: [...ids, card.id], added: card.id };
}

/** The card just added pays nothing of the cart as priced with it: why, in words. */
export function addedCardRefusal(
  priced: PricedGiftCards,
  added: string,
  currency: string,
): GiftCardRefused | undefined {
  const card = priced.cards.find((candidate) => candidate.id === added);
  if (!card || card.problem === null) return undefined;
  return refusedFor(card.problem, card, currency);
}
