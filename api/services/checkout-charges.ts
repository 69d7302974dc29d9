/**
 * The charges of an order placed at checkout, worked out inside the order's
 * transaction (order-repository.ts calls this once the cart is locked and
 * its stock reserved): the cart priced as it is then, for this buyer, and
 * the discounts' uses counted. The order is refused, and nothing is taken,
 * when the cart has no way to ship, a code no longer applies (its limit was
 * reached by another checkout meanwhile, or this buyer used it up), or the
 * total, or what is left to pay after gift cards, is not the one the
 * shopper was shown. Last, the gift cards pay their share: a card spent by
 * another order meanwhile throws, rolling the order back
 * (gift-card-redemption.ts).
 */
import { countryName } from '../../domain/address/countries.ts';
import { DISCOUNT_MESSAGES } from '../../domain/checkout/discounts.ts';
import { GIFT_CARD_MESSAGES } from '../../domain/checkout/gift-cards.ts';
import { formatMinorUnits } from '../../domain/money/minor-units-text.ts';
import { claimDiscountUses } from '../repositories/checkout-rules-repository.ts';
import type { ChargeOrder } from '../repositories/order-repository.ts';
import type { WebsiteWithSettings } from '../repositories/website-repository.ts';
import { priceShoppingCart, refusalMessage } from './cart-pricing-service.ts';
import { redeemGiftCards } from './gift-card-redemption.ts';

export const CHARGE_MESSAGES = {
  noLocation: 'Enter your shipping address to see the shipping options.',
  noShipping: (country: string) => `Sorry, we do not ship to ${country}. Please choose another address.`,
  totalChanged: (total: string) =>
    `Your order total is now ${total}, after the latest shipping, tax and discounts. Please check it and place your order again.`,
} as const;

export interface ChargeRequest {
  customerEmail: string | null;
  /** The grand total the page showed, in minor units; the order is placed only at that total. */
  expectedGrandTotalCents: string | null;
  /** What the page showed left to pay after gift cards; the order is placed only if that is still so. */
  expectedAmountDueCents?: string | null;
}

export function checkoutCharges(site: WebsiteWithSettings, request: ChargeRequest): ChargeOrder {
  return async (trx, cart, orderId) => {
    const priced = await priceShoppingCart(trx, site, cart, { customerEmail: request.customerEmail });
    const { pricing, location } = priced;
    if (cart.requiresShipping && pricing.selectedShippingOption === null) {
      return location === null
        ? { ok: false, problem: 'no-location', message: CHARGE_MESSAGES.noLocation }
        : { ok: false, problem: 'no-shipping', message: CHARGE_MESSAGES.noShipping(countryName(location.country)) };
    }
    const [refused] = pricing.refusedCodes;
    if (refused) {
      return { ok: false, problem: 'discount-refused', message: refusalMessage(priced, refused.code, refused.reason) };
    }
    if (request.expectedGrandTotalCents !== null && request.expectedGrandTotalCents !== pricing.grandTotalCents) {
      return {
        ok: false,
        problem: 'total-changed',
        message: CHARGE_MESSAGES.totalChanged(formatMinorUnits(pricing.grandTotalCents, cart.currency)),
      };
    }
    const due = priced.giftCards.amountDueCents;
    if (request.expectedAmountDueCents != null && request.expectedAmountDueCents !== due) {
      return {
        ok: false,
        problem: 'amount-due-changed',
        message: GIFT_CARD_MESSAGES.amountDueChanged(formatMinorUnits(due, cart.currency)),
      };
    }
    const applied = priced.rules.discounts.filter((discount) =>
      pricing.discounts.some((used) => used.id === discount.id),
    );
    const claimed = await claimDiscountUses(trx, site.website.id, orderId, request.customerEmail, applied);
    if (!claimed.ok) {
      const discount = applied.find((candidate) => candidate.id === claimed.discountId)!;
      return {
        ok: false,
        problem: 'discount-refused',
        message: DISCOUNT_MESSAGES[claimed.reason](discount.code ?? discount.name, ''),
      };
    }
    await redeemGiftCards(trx, site.website.id, orderId, priced.giftCards);
    const option = pricing.selectedShippingOption;
    return {
      ok: true,
      charges: {
        taxCents: pricing.taxCents,
        shippingCostCents: pricing.shippingCostCents,
        discountCents: pricing.discountCents,
        grandTotalCents: pricing.grandTotalCents,
        shippingMethod: option
          ? { id: option.id, name: option.name, kind: option.kind, costCents: option.costCents }
          : null,
        taxLines: pricing.applicableTaxRules.map((rule) => ({
          id: rule.id,
          name: rule.name,
          ratePercent: rule.ratePercent,
          taxCents: rule.taxCents,
        })),
        discountLines: pricing.discounts.map((discount) => ({
          id: discount.id,
          code: discount.code,
          name: discount.name,
          kind: discount.kind,
          amountCents: discount.amountCents,
        })),
        giftCardCents: priced.giftCards.giftCardCents,
      },
    };
  };
}
