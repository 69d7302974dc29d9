/**
 * Placing an order from the checkout page: the order is held, its payment
 * asked for, and it is placed only when the payment succeeds
 * (order-payment-service.ts); a declined or failed payment gives back
 * everything the hold took. Orders paid through the built-in test provider
 * are test orders (orders.test_mode), and the pages and receipts say so.
 */
import { ApiError } from '../api-errors.ts';
import { isId } from '../db/ids.ts';
import { TEST_PROVIDER_NAME } from '../payments/test-payment-provider.ts';
import { getCart, type ShoppingCart } from '../repositories/cart-repository.ts';
import { findPaymentOfOrder } from '../repositories/order-payment-repository.ts';
import { getOrder, holdOrder, type MinimumSubtotal, type PlacedOrder } from '../repositories/order-repository.ts';
import type { Db } from '../repositories/transaction.ts';
import type { WebsiteWithSettings } from '../repositories/website-repository.ts';
import { checkoutCharges } from './checkout-charges.ts';
import type { CheckoutDetails } from './checkout-form.ts';
import { GiftCardBalanceChanged } from './gift-card-redemption.ts';
import { type ChargeInput, payHeldOrder } from './order-payment-service.ts';
import { type HoldWithMembershipsResult, holdWithMemberships } from './paid-memberships.ts';

export type CheckoutOutcome =
  | { ok: true; order: PlacedOrder }
  /** The cart was bought meanwhile (a second click on the button): its order is the answer. */
  | { ok: false; problem: 'already-ordered'; orderId: string }
  | { ok: false; problem: 'cart-empty' | 'below-minimum' }
  /** The cart sells a membership (a paywall product) and the buyer is not signed in; nothing was taken. */
  | { ok: false; problem: 'sign-in-required' }
  | { ok: false; problem: 'out-of-stock' | 'variant-unavailable'; message: string; productName: string | undefined }
  /** Shipping, a discount or the total stood in the way (checkout-charges.ts); nothing was taken. */
  | { ok: false; problem: 'charges-refused'; message: string }
  /** The payment needs a second step at actionUrl (the shopper's bank); the order is held until it ends. */
  | { ok: false; problem: 'payment-step'; actionUrl: string }
  /** The cart's order is held while its payment is being asked for (a second click during the charge). */
  | { ok: false; problem: 'payment-in-progress' }
  /** The payment was declined or could not be made: nothing was placed, the cart is as it was. */
  | { ok: false; problem: 'payment-failed'; message: string };

/**
 * What became of a cart already checked out: its order when paid, the
 * second step when its payment waits for one, else a payment in progress.
 */
export async function purchasedCartOutcome(db: Db, websiteId: string, orderId: string): Promise<CheckoutOutcome> {
  if (await getOrder(db, websiteId, orderId)) return { ok: false, problem: 'already-ordered', orderId };
  const payment = await findPaymentOfOrder(db, websiteId, orderId);
  if (payment?.status === 'requires-action' && payment.actionUrl) {
    return { ok: false, problem: 'payment-step', actionUrl: payment.actionUrl };
  }
  return { ok: false, problem: 'payment-in-progress' };
}

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
  /** The provider, the shopper's payment method, and where the site answers (the receipts' links, the second step's return). */
  payment: ChargeInput,
): Promise<CheckoutOutcome> {
  const websiteId = site.website.id;
  let placed: HoldWithMembershipsResult;
  try {
    // Held, not yet placed: stock, discount uses and the gift cards that pay part of it are taken in one
    // transaction (checkout-charges.ts), refused whole when it sells a membership signed out (paid-memberships.ts).
    placed = await holdWithMemberships(db, (trx) =>
      holdOrder(trx, websiteId, cart.id, {
        siteUserId,
        customerEmail: details.email,
        customerName: details.name,
        shippingAddress: details.shippingAddress,
        // Only the built-in test provider's orders are test orders: no money moves for them.
        testMode: payment.provider.name === TEST_PROVIDER_NAME,
        minimumSubtotal: minimumSubtotalOf(site),
        charge: checkoutCharges(site, {
          customerEmail: details.email,
          expectedGrandTotalCents: details.expectedGrandTotalCents,
          expectedAmountDueCents: details.expectedAmountDueCents,
        }),
      }),
    );
  } catch (error) {
    // A card spent by another order meanwhile: the throw rolled the order back whole, unless the caller's transaction holds it.
    if (error instanceof GiftCardBalanceChanged && !db.isTransaction) {
      return { ok: false, problem: 'charges-refused', message: error.message };
    }
    throw error;
  }
  if (placed.ok) {
    // The charge, then a second transaction: paid, or everything held given back (order-payment-service.ts).
    const paid = await payHeldOrder(db, site, placed.order, payment);
    switch (paid.status) {
      case 'paid':
        return { ok: true, order: paid.order };
      case 'requires-action':
        return { ok: false, problem: 'payment-step', actionUrl: paid.actionUrl };
      case 'failed':
        return { ok: false, problem: 'payment-failed', message: paid.message };
    }
  }
  switch (placed.reason) {
    case 'cart-purchased': {
      const bought = await getCart(db, websiteId, cart.id);
      return bought?.orderId
        ? purchasedCartOutcome(db, websiteId, bought.orderId)
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
