/**
 * Gift cards on the checkout page and on an order's pages (issue 20): the
 * cards applied, named by their last four symbols (never their code), what
 * each pays or why it pays nothing, and what is left to pay.
 */
import type { PlacedOrder } from '../../api/repositories/order-repository.ts';
import type { PricedCart } from '../../api/services/cart-pricing-service.ts';
import { giftCardsJson } from '../../api/services/gift-card-pricing.ts';
import { amountToChargeCents } from '../../domain/checkout/gift-cards.ts';
import { moneyJson } from './money-json.ts';

type Json = Record<string, unknown>;

/** The checkout's cards (cards: id, lastCharacters, amount, balance, message), what they pay and the rest. */
export function checkoutGiftCardsJson(priced: PricedCart): Json {
  const { cart, giftCards } = priced;
  const money = (minor: string) => moneyJson(minor, cart.currency);
  const cards = giftCardsJson(giftCards, cart.currency);
  return {
    cards: cards.map((card) => ({
      id: card.id,
      lastCharacters: card.lastCharacters,
      amount: money(card.amountCents),
      balance: money(card.balanceCents),
      message: card.message ?? undefined,
    })),
    paying: cards
      .filter((card) => card.message === null)
      .map((card) => ({
        lastCharacters: card.lastCharacters,
        amount: money(card.amountCents),
      })),
    amountDue: money(giftCards.amountDueCents),
    expectedAmountDueCents: giftCards.amountDueCents,
  };
}

/** What gift cards paid of an order and the rest of its total; nothing when no card paid. */
export function orderGiftCardJson(order: Omit<PlacedOrder, 'orderNumber'>): Json {
  if (/^0+$/.test(order.giftCardCents)) return {};
  return {
    giftCard: moneyJson(order.giftCardCents, order.currency),
    amountDue: moneyJson(amountToChargeCents(order), order.currency),
  };
}
