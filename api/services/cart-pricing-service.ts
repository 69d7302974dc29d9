/**
 * A cart priced under the store's checkout rules: the repository's cart
 * carries zero for shipping, tax and discounts (it has no rules), and this
 * fills them in from the rules (checkout-rules-repository.ts) with the
 * pure pricing of domain/checkout/. The cart API's answers, the checkout
 * page and the order placed all price a cart here, so they agree.
 */

import { countryName } from '../../domain/address/countries.ts';
import { regionName } from '../../domain/address/regions.ts';
import { type CartPricing, priceCart } from '../../domain/checkout/cart-pricing.ts';
import type { CheckoutRules } from '../../domain/checkout/checkout-rules.ts';
import { DISCOUNT_MESSAGES, type PricingLine } from '../../domain/checkout/discounts.ts';
import type { ShippingLocation, ShippingOption } from '../../domain/checkout/shipping-options.ts';
import type { AppliedTaxRule } from '../../domain/checkout/tax.ts';
import { formatMinorUnits } from '../../domain/money/minor-units-text.ts';
import type { ShoppingCart } from '../repositories/cart-repository.ts';
import {
  customerDiscountUses,
  loadCheckoutRules,
  loadProductFacts,
  type ProductFacts,
} from '../repositories/checkout-rules-repository.ts';
import { getGiftCards } from '../repositories/gift-card-repository.ts';
import type { Db } from '../repositories/transaction.ts';
import type { WebsiteWithSettings } from '../repositories/website-repository.ts';
import { cartJson, type ShoppingCartJson } from './cart-service.ts';
import { giftCardsJson, type PricedGiftCards, priceGiftCards } from './gift-card-pricing.ts';

export interface PricedCart {
  /** The cart with its totals (tax, shipping, discount, grand total) filled in. */
  cart: ShoppingCart;
  pricing: CartPricing;
  rules: CheckoutRules;
  location: ShippingLocation | null;
  /** The gift cards applied, what each pays, and what is left to pay. */
  giftCards: PricedGiftCards;
}

export interface ValidCoupon {
  code: string;
  name: string;
  kind: string;
  discountCents: string;
}

export interface InvalidCoupon {
  code: string;
  reason: string;
  message: string;
}

/** The spec's cart with its checkout fields filled (section 3): options, location, tax rules, coupons. */
export type PricedCartJson = Omit<
  ShoppingCartJson,
  | 'shippingOptions'
  | 'selectedShippingOption'
  | 'shippingLocation'
  | 'applicableTaxRules'
  | 'validCoupons'
  | 'invalidCoupons'
> & {
  shippingOptions: ShippingOption[];
  selectedShippingOption: ShippingOption | null;
  shippingLocation: (ShippingLocation & { countryName: string; regionName: string | null }) | null;
  applicableTaxRules: AppliedTaxRule[];
  validCoupons: ValidCoupon[];
  invalidCoupons: InvalidCoupon[];
};

/** The location a cart was given, if it is well formed (it is written only by updateCartChoices). */
export function locationOf(cart: Pick<ShoppingCart, 'shippingLocation'>): ShippingLocation | null {
  const stored = cart.shippingLocation;
  if (!stored || typeof stored.country !== 'string') return null;
  return {
    country: stored.country,
    region: typeof stored.region === 'string' ? stored.region : null,
    postalCode: typeof stored.postalCode === 'string' ? stored.postalCode : null,
  };
}

export function selectedOptionIdOf(cart: Pick<ShoppingCart, 'selectedShippingOption'>): string | null {
  const id = cart.selectedShippingOption?.id;
  return typeof id === 'string' ? id : null;
}

export interface PriceOptions {
  /** Rules already read (inside the order's transaction, say). */
  rules?: CheckoutRules;
  /** The weights and categories of the cart's products, already read. */
  facts?: ProductFacts;
  /** The buyer's email, once known: per-customer limits are then checked. */
  customerEmail?: string | null;
  now?: Date;
  /** What the shopper is choosing now, over what the cart keeps. */
  location?: ShippingLocation | null;
  selectedOptionId?: string | null;
  codes?: readonly string[];
  /** Gift card ids, over the cart's own. */
  giftCardIds?: readonly string[];
}

export async function priceShoppingCart(
  db: Db,
  site: WebsiteWithSettings,
  cart: ShoppingCart,
  options: PriceOptions = {},
): Promise<PricedCart> {
  const websiteId = site.website.id;
  const [rules, facts, giftCards] = await Promise.all([
    options.rules ?? loadCheckoutRules(db, websiteId, site.settings.storeSettings),
    options.facts ??
      loadProductFacts(
        db,
        websiteId,
        cart.entries.map((entry) => entry.variantId),
      ),
    getGiftCards(db, websiteId, options.giftCardIds ?? cart.giftCards),
  ]);
  const email = options.customerEmail ?? null;
  const customerUses =
    email === null
      ? undefined
      : await customerDiscountUses(
          db,
          websiteId,
          email,
          rules.discounts.filter((discount) => discount.perCustomerLimit !== null).map((discount) => discount.id),
        );
  const lines: PricingLine[] = cart.entries.map((entry) => ({
    id: entry.id,
    itemId: entry.itemId,
    productType: entry.productType,
    quantity: entry.quantity,
    lineTotalCents: entry.lineTotalCents,
    unitWeightGrams: facts.weights.get(entry.variantId) ?? 0,
    categories: facts.categories.get(entry.itemId) ?? [],
  }));
  const location = options.location !== undefined ? options.location : locationOf(cart);
  const pricing = priceCart(rules, {
    lines,
    requiresShipping: cart.requiresShipping,
    location,
    selectedOptionId: options.selectedOptionId !== undefined ? options.selectedOptionId : selectedOptionIdOf(cart),
    codes: options.codes ?? cart.coupons,
    now: options.now ?? new Date(),
    customerUses,
  });
  return {
    cart: {
      ...cart,
      taxCents: pricing.taxCents,
      shippingCostCents: pricing.shippingCostCents,
      discountCents: pricing.discountCents,
      grandTotalCents: pricing.grandTotalCents,
    },
    pricing,
    rules,
    location,
    giftCards: priceGiftCards(cart, pricing.grandTotalCents, giftCards),
  };
}

/** A refused code's reason in words; a minimum is shown in the cart's currency. */
export function refusalMessage(priced: PricedCart, code: string, reason: keyof typeof DISCOUNT_MESSAGES): string {
  const discount = priced.rules.discounts.find((candidate) => candidate.code === code);
  const minimum = discount?.minimumSubtotalCents
    ? formatMinorUnits(discount.minimumSubtotalCents, priced.cart.currency)
    : '';
  return DISCOUNT_MESSAGES[reason](code, minimum);
}

export function pricedCartJson(priced: PricedCart): PricedCartJson {
  const { cart, pricing, location } = priced;
  return {
    ...cartJson(cart),
    shippingOptions: pricing.shippingOptions,
    selectedShippingOption: pricing.selectedShippingOption,
    shippingLocation: location
      ? {
          ...location,
          countryName: countryName(location.country),
          regionName: location.region === null ? null : regionName(location.country, location.region),
        }
      : null,
    applicableTaxRules: pricing.applicableTaxRules,
    validCoupons: pricing.discounts.flatMap((discount) =>
      discount.code === null
        ? []
        : [{ code: discount.code, name: discount.name, kind: discount.kind, discountCents: discount.amountCents }],
    ),
    invalidCoupons: pricing.refusedCodes.map((refused) => ({
      code: refused.code,
      reason: refused.reason,
      message: refusalMessage(priced, refused.code, refused.reason),
    })),
    giftCards: giftCardsJson(priced.giftCards, cart.currency),
    giftCardCents: priced.giftCards.giftCardCents,
    amountDueCents: priced.giftCards.amountDueCents,
  };
}
