/**
 * Placing an order from the checkout page. There is no payment provider,
 * so every order is a test order (orders.test_mode): the buyer is told no
 * payment is taken, and nothing pretends to charge a card.
 */
import { ApiError } from '../api-errors.ts';
import { isId } from '../db/ids.ts';
import { getCart, type ShoppingCart } from '../repositories/cart-repository.ts';
import { type MinimumSubtotal, type PlacedOrder, placeOrder } from '../repositories/order-repository.ts';
import type { Db } from '../repositories/transaction.ts';
import type { WebsiteWithSettings } from '../repositories/website-repository.ts';
import { checkoutCharges } from './checkout-charges.ts';
import type { CheckoutDetails } from './checkout-form.ts';
import { issueBoughtGiftCards } from './gift-card-issue.ts';
import { GiftCardBalanceChanged } from './gift-card-redemption.ts';
import { type PlaceWithMembershipsResult, placeWithMemberships } from './paid-memberships.ts';

/** Until a payment provider exists, no order is a real sale. */
const TEST_MODE = true;

export type CheckoutOutcome =
  | { ok: true; order: PlacedOrder }
  /** The cart was bought meanwhile (a second click on the button): its order is the answer. */
  | { ok: false; problem: 'already-ordered'; orderId: string }
  | { ok: false; problem: 'cart-empty' | 'below-minimum' }
  /** The cart sells a membership (a paywall product) and the buyer is not signed in; nothing was taken. */
  | { ok: false; problem: 'sign-in-required' }
  | { ok: false; problem: 'out-of-stock' | 'variant-unavailable'; message: string; productName: string | undefined }
  /** Shipping, a discount or the total stood in the way (checkout-charges.ts); nothing was taken. */
  | { ok: false; problem: 'charges-refused'; message: string };

/** storeSettings.minimumSubtotalCents in the store's base currency; unset, malformed or zero is none. */
export function minimumSubtotalOf(site: WebsiteWithSettings): MinimumSubtotal | null {
  const cents = site.settings.storeSettings.minimumSubtotalCents;
  if (typeof cents !== 'string' || !/^\d+$/.test(cents) || /^0+$/.test(cents)) return null;
  return { cents, currency: site.settings.baseCurrency };
}

/**
 * The cart a checkout names, open or already bought (so a repeated submit
 * can be sent to its order). The id is a random 96-bit token: knowing it is
 * what entitles a visitor to the cart, whether it came in a cookie or in
 * ?cartToken=.
 */
export async function findCheckoutCart(
  db: Db,
  websiteId: string,
  cartId: string | undefined,
): Promise<ShoppingCart | undefined> {
  if (!cartId || !isId(cartId)) return undefined;
  return getCart(db, websiteId, cartId);
}

export async function placeCheckoutOrder(
  db: Db,
  site: WebsiteWithSettings,
  cart: ShoppingCart,
  details: CheckoutDetails,
  /** The site user signed in as they check out: the order is theirs, listed in their account. */
  siteUserId: string | null,
  /** Where the site answers ('https://shop.example'), for the links in the gift cards' emails. */
  origin: string,
): Promise<CheckoutOutcome> {
  const websiteId = site.website.id;
  let placed: PlaceWithMembershipsResult;
  try {
    // A paywall product's membership is granted with the order, or the order is not placed (paid-memberships.ts);
    // the gift cards it buys are made with it, and those it is paid with are debited in it (checkout-charges.ts).
    placed = await placeWithMemberships(db, async (trx) => {
      const result = await placeOrder(trx, websiteId, cart.id, {
        siteUserId,
        customerEmail: details.email,
        customerName: details.name,
        shippingAddress: details.shippingAddress,
        testMode: TEST_MODE,
        minimumSubtotal: minimumSubtotalOf(site),
        charge: checkoutCharges(site, {
          customerEmail: details.email,
          expectedGrandTotalCents: details.expectedGrandTotalCents,
          expectedAmountDueCents: details.expectedAmountDueCents,
        }),
      });
      if (result.ok) {
        await issueBoughtGiftCards(trx, site, result.order, {
          origin,
          buyer: { name: details.name, email: details.email },
        });
      }
      return result;
    });
  } catch (error) {
    // A card spent by another order meanwhile: the throw rolled the order back whole, unless the caller's transaction holds it.
    if (error instanceof GiftCardBalanceChanged && !db.isTransaction) {
      return { ok: false, problem: 'charges-refused', message: error.message };
    }
    throw error;
  }
  if (placed.ok) return placed;
  switch (placed.reason) {
    case 'cart-purchased': {
      const bought = await getCart(db, websiteId, cart.id);
      return bought?.orderId
        ? { ok: false, problem: 'already-ordered', orderId: bought.orderId }
        : { ok: false, problem: 'cart-empty' };
    }
    case 'cart-not-found':
    case 'empty-cart':
      return { ok: false, problem: 'cart-empty' };
    case 'below-minimum':
      return { ok: false, problem: 'below-minimum' };
    case 'sign-in-required':
      return { ok: false, problem: 'sign-in-required' };
    case 'charges-refused':
      return { ok: false, problem: 'charges-refused', message: placed.message };
    case 'insufficient-stock':
    case 'variant-not-found': {
      const code = placed.reason === 'insufficient-stock' ? 'out-of-stock' : 'variant-unavailable';
      const entry = cart.entries.find((candidate) => candidate.chosenVariant.sku === placed.sku);
      // The API's own wording (spec section 5), so the page and the API say the same thing.
      return { ok: false, problem: code, message: new ApiError(code).message, productName: entry?.productName };
    }
  }
}
