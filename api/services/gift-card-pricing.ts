/**
 * The gift cards on a priced cart (cart-pricing-service.ts): what each pays
 * of the grand total, why one pays nothing, and what is left to pay. The
 * cart API, the checkout page and the order placed all read them from here.
 */
import { type GiftCardProblem, giftCardProblemMessage, tenderGiftCards } from '../../domain/checkout/gift-cards.ts';
import { sumMinorUnits } from '../../domain/money/minor-units.ts';
import { PRODUCT_TYPES } from '../../domain/spec-enums.ts';
import type { ShoppingCart } from '../repositories/cart-repository.ts';
import type { GiftCard } from '../repositories/gift-card-repository.ts';

export interface AppliedGiftCard {
  id: string;
  lastCharacters: string;
  currency: string;
  balanceCents: string;
  /** What it pays of this cart. */
  amountCents: string;
  problem: GiftCardProblem | null;
}

export interface PricedGiftCards {
  cards: AppliedGiftCard[];
  /** What the cards pay together. */
  giftCardCents: string;
  /** The grand total less the cards: what a payment is to charge. */
  amountDueCents: string;
}

/** The cart's gift card lines: no gift card pays for them. */
export function giftCardLinesCents(cart: Pick<ShoppingCart, 'entries'>): string {
  return sumMinorUnits(
    cart.entries
      .filter((entry) => entry.productType === PRODUCT_TYPES['gift-card'])
      .map((entry) => entry.lineTotalCents),
  );
}

/** `cards` in the order they were applied (a card not found is simply absent). */
export function priceGiftCards(
  cart: Pick<ShoppingCart, 'entries' | 'currency'>,
  grandTotalCents: string,
  cards: readonly GiftCard[],
): PricedGiftCards {
  const tendered = tenderGiftCards({
    currency: cart.currency,
    grandTotalCents,
    giftCardLinesCents: giftCardLinesCents(cart),
    cards: cards.map((card) => ({ id: card.id, currency: card.currency, balanceCents: card.balanceCents })),
  });
  return {
    cards: cards.map((card, index) => ({
      id: card.id,
      lastCharacters: card.lastCharacters,
      currency: card.currency,
      balanceCents: card.balanceCents,
      amountCents: tendered.tenders[index]!.amountCents,
      problem: tendered.tenders[index]!.problem,
    })),
    giftCardCents: tendered.giftCardCents,
    amountDueCents: tendered.amountDueCents,
  };
}

export interface GiftCardJson {
  id: string;
  /** The card named without its code: 'ending in HAP9'. */
  lastCharacters: string;
  balanceCents: string;
  amountCents: string;
  /** Why it pays nothing; null when it pays. */
  message: string | null;
}

export function giftCardsJson(priced: PricedGiftCards, currency: string): GiftCardJson[] {
  return priced.cards.map((card) => ({
    id: card.id,
    lastCharacters: card.lastCharacters,
    balanceCents: card.balanceCents,
    amountCents: card.amountCents,
    message: card.problem === null ? null : giftCardProblemMessage(card.problem, card, currency),
  }));
}
