/**
 * Changing what a cart is priced for: where it goes, how, the discount
 * code and the gift cards. Shared by the cart API (JSON) and the checkout form (no script), so
 * both check the same things and word problems alike. Every check runs
 * before anything is written: a refused change leaves the cart as it was.
 */
import { checkPlace, type PlaceErrors } from '../../domain/address/address-check.ts';
import { normalizeDiscountCode } from '../../domain/checkout/checkout-rules.ts';
import type { ShippingLocation } from '../../domain/checkout/shipping-options.ts';
import { ApiError } from '../api-errors.ts';
import { type CartChoices, updateCartChoices } from '../repositories/cart-checkout-repository.ts';
import { getCart, type ShoppingCart } from '../repositories/cart-repository.ts';
import type { Db } from '../repositories/transaction.ts';
import type { WebsiteWithSettings } from '../repositories/website-repository.ts';
import { type PricedCart, priceShoppingCart } from './cart-pricing-service.ts';
import { addedCardRefusal, chooseGiftCard, type GiftCardRefused } from './gift-card-choices.ts';

export const CHOICE_MESSAGES = {
  shippingOptionUnavailable: 'That shipping option is not available for this address. Please choose another.',
  discountCodeUnknown: (code: string) => `The code ${code} is not one we know. Check it and try again.`,
  discountCodeTooLong: 'Use 50 characters or fewer.',
} as const;

const CODE_MAX = 50;

export interface ChoiceRequest {
  /** Where it goes; the postal code may be left for later (an estimate from the country and region). */
  place?: { country: string; region: string; postalCode: string };
  shippingOptionId?: string;
  /** A code to add (it replaces the one the cart had: one code an order). */
  discountCode?: string;
  /** A code to take off. */
  removeCode?: string;
  /** A gift card's code to apply (beside those applied already). */
  giftCardCode?: string;
  /** A gift card to take off, by id. */
  removeGiftCard?: string;
}

export type ChoiceErrors = PlaceErrors & { shippingOption?: string; discountCode?: string; giftCardCode?: string };

export type ChoiceResult =
  | { ok: true; priced: PricedCart }
  | { ok: false; errors: ChoiceErrors; priced: PricedCart; giftCardRefused?: GiftCardRefused };

/**
 * Checks every requested change against the cart as it would be after the
 * others (an option is judged for the new place), then writes them together.
 */
export async function applyCartChoices(
  db: Db,
  site: WebsiteWithSettings,
  cart: ShoppingCart,
  request: ChoiceRequest,
): Promise<ChoiceResult> {
  const errors: ChoiceErrors = {};
  const changes: CartChoices = {};
  let location: ShippingLocation | null | undefined;
  if (request.place) {
    const checked = checkPlace(request.place, { postalCodeRequired: false });
    if (checked.ok) location = checked.place;
    else Object.assign(errors, checked.errors);
  }
  let codes = cart.coupons;
  if (request.removeCode !== undefined) {
    const removed = normalizeDiscountCode(request.removeCode);
    codes = codes.filter((code) => normalizeDiscountCode(code) !== removed);
  }
  const code = request.discountCode === undefined ? '' : normalizeDiscountCode(request.discountCode);
  const giftCards = await chooseGiftCard(db, cart, request.giftCardCode ?? '', request.removeGiftCard);
  let giftCardRefused = giftCards.ok ? undefined : giftCards.refused;
  const priced = await priceShoppingCart(db, site, cart, {
    location,
    codes,
    selectedOptionId: request.shippingOptionId,
    giftCardIds: giftCards.ids,
  });
  if (giftCards.ok && giftCards.added)
    giftCardRefused = addedCardRefusal(priced.giftCards, giftCards.added, cart.currency);
  if (giftCardRefused) errors.giftCardCode = giftCardRefused.message;
  if (code.length > CODE_MAX) errors.discountCode = CHOICE_MESSAGES.discountCodeTooLong;
  else if (code !== '') {
    if (priced.rules.discounts.some((discount) => discount.code === code)) codes = [code];
    else errors.discountCode = CHOICE_MESSAGES.discountCodeUnknown(code);
  }
  if (
    request.shippingOptionId !== undefined &&
    request.shippingOptionId !== '' &&
    !priced.pricing.shippingOptions.some((option) => option.id === request.shippingOptionId)
  ) {
    errors.shippingOption = CHOICE_MESSAGES.shippingOptionUnavailable;
  }
  if (Object.keys(errors).length > 0) {
    const unchanged = await priceShoppingCart(db, site, cart);
    return { ok: false, errors, priced: unchanged, ...(giftCardRefused ? { giftCardRefused } : {}) };
  }

  if (location !== undefined) changes.shippingLocation = location;
  if (request.shippingOptionId) changes.selectedShippingOptionId = request.shippingOptionId;
  if (codes !== cart.coupons) changes.coupons = codes;
  if (giftCards.ids !== cart.giftCards) changes.giftCards = giftCards.ids;
  const written = await updateCartChoices(db, site.website.id, cart.id, changes);
  if (!written.ok) throw new ApiError('cart-not-found');
  const updated = (await getCart(db, site.website.id, cart.id))!;
  return { ok: true, priced: await priceShoppingCart(db, site, updated) };
}
