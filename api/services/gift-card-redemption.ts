/**
 * Gift cards paying for an order, inside the order's transaction
 * (checkout-charges.ts calls this last, once the order is sure to be
 * placed at the total shown). Each card's share comes off it with the
 * repository's conditional update; when one no longer holds its share
 * (another order spent it since the cart was priced), the order must not
 * be placed at all, so this throws and the whole transaction, with its
 * stock, discount uses and earlier cards, is rolled back.
 */
import { GIFT_CARD_MESSAGES } from '../../domain/checkout/gift-cards.ts';
import { redeemGiftCard } from '../repositories/gift-card-repository.ts';
import type { Db } from '../repositories/transaction.ts';
import type { PricedGiftCards } from './gift-card-pricing.ts';

/** Thrown to roll the order back; checkout-service.ts turns it into the shopper's message. */
export class GiftCardBalanceChanged extends Error {
  constructor(lastCharacters: string) {
    super(GIFT_CARD_MESSAGES.balanceChanged(lastCharacters));
    this.name = 'GiftCardBalanceChanged';
  }
}

export async function redeemGiftCards(
  trx: Db,
  websiteId: string,
  orderId: string,
  priced: PricedGiftCards,
): Promise<void> {
  // By id, so two orders spending the same two cards lock them in the same order and never wait on each other.
  const paying = priced.cards
    .filter((card) => card.amountCents !== '0')
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  for (const card of paying) {
    if (!(await redeemGiftCard(trx, websiteId, card.id, card.amountCents, orderId))) {
      throw new GiftCardBalanceChanged(card.lastCharacters);
    }
  }
}
