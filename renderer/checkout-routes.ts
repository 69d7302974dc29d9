/**
 * POST /checkout: the checkout page's form, which works without any script.
 * GET /checkout and /checkout/order-confirmed are ordinary pages
 * (routing/resolve-route.ts); this is the one write behind them. An order
 * is placed when its payment succeeds; a payment that needs a second step
 * goes on to the bank's page (payment-step-routes.ts), and a declined one
 * comes back here with the provider's words and nothing taken.
 *
 * It lives with the pages rather than in the API scope because every answer
 * is a redirect to a page: the order's confirmation, or the checkout page
 * again with the problems and the visitor's values (checkout-attempts.ts),
 * and the API scope answers in JSON only. So the form-body parser and the
 * cookie plugin are registered here, in this plugin's own scope, and the
 * crumb is checked with the API's own check and messages (spec section 8).
 */
import fastifyCookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../api/api-errors.ts';
import { CART_COOKIE } from '../api/cookie-names.ts';
import { BODY_LIMITS } from '../api/http/body-limits.ts';
import { verifyCrumb } from '../api/http/crumb.ts';
import type { RateLimiter } from '../api/http/rate-limits.ts';
import { signedIn } from '../api/http/site-user-session.ts';
import { PAYMENT_MESSAGES, type PaymentProvider } from '../api/payments/payment-provider.ts';
import type { ShoppingCart } from '../api/repositories/cart-repository.ts';
import { getOrder, isBelowMinimumSubtotal } from '../api/repositories/order-repository.ts';
import type { Db } from '../api/repositories/transaction.ts';
import type { WebsiteWithSettings } from '../api/repositories/website-repository.ts';
import { locationOf } from '../api/services/cart-pricing-service.ts';
import { applyCartChoices, type ChoiceRequest } from '../api/services/checkout-choices.ts';
import { type CheckoutValues, readCheckoutForm } from '../api/services/checkout-form.ts';
import {
  type CheckoutOutcome,
  findCheckoutCart,
  minimumSubtotalOf,
  placeCheckoutOrder,
  purchasedCartOutcome,
} from '../api/services/checkout-service.ts';
import { confirmationPath, orderConfirmedPath } from '../api/services/order-links.ts';
import { readPaymentForm } from '../api/services/payment-form.ts';
import type { SharedStore } from '../api/state/shared-store.ts';
import { checkoutAttemptUrl, clearCartCookie, paymentFailedAlert, seeOther } from './checkout-answers.ts';
import { saveCheckoutAttempt } from './checkout-attempts.ts';
import type { CheckoutFormState } from './page-context/checkout-json.ts';
import { paymentStepRoutes } from './payment-step-routes.ts';

export interface CheckoutRoutesOptions {
  db: Db;
  /** Charges the orders placed (api/payments); its kind decides the payment fields asked for. */
  payments: PaymentProvider;
  limiter: RateLimiter;
  siteFor(host: string): Promise<WebsiteWithSettings | undefined>;
  /** Where a form that placed no order is kept for the page after the redirect. */
  store: SharedStore;
}

export async function checkoutRoutes(app: FastifyInstance, options: CheckoutRoutesOptions): Promise<void> {
  const { db } = options;
  await app.register(fastifyCookie);
  // The form is sent form-encoded; JSON or text here is not a browser's form (415).
  app.removeAllContentTypeParsers();
  await app.register(formbody, { bodyLimit: BODY_LIMITS.form });

  // A payment's second step: the test provider's stand-in for the shopper's bank, and the way back from a bank.
  await app.register(paymentStepRoutes, options);

  app.post('/checkout', async (request, reply) => {
    await options.limiter.byAddress('checkout', request);
    const site = await options.siteFor(request.host);
    if (!site) return reply.code(404).type('text/plain; charset=utf-8').send('No website answers at this address.\n');
    const body = request.body;
    const token = (body as Record<string, unknown> | undefined)?.cartToken;
    const cartToken = typeof token === 'string' && token !== '' ? token : undefined;
    const ownCartId = request.cookies[CART_COOKIE];
    const cart = await findCheckoutCart(db, site.website.id, cartToken ?? ownCartId);
    const form = readCheckoutForm(body, cart?.requiresShipping ?? false);
    // The payment fields, asked for when something is left to pay after gift cards: as the page showed it
    // (the order is placed only at that amount, so a changed one is refused with its own message), else
    // as the cart is priced now.
    const shownDue = fieldOf(body, 'expectedAmountDueCents') || fieldOf(body, 'expectedTotalCents');
    const readPayment = (pricedDue: string) =>
      readPaymentForm(body, options.payments.methodKind, {
        due: !/^0+$/.test(shownDue === '' ? pricedDue : shownDue),
        now: new Date(),
      });
    // Back to the checkout page, by a GET that shows the problems and the visitor's values.
    const again = async (state: Partial<CheckoutFormState> = {}) => {
      const attempt = await saveCheckoutAttempt(options.store, request.sentCrumb ?? '', {
        values: form.values,
        errors: {},
        ...state,
      });
      return seeOther(reply, checkoutAttemptUrl(attempt, cartToken));
    };
    // Where an order placed, refused or waiting for its payment sends the browser.
    const answerOutcome = async (outcome: CheckoutOutcome) => {
      if (outcome.ok) {
        // The cart cookie named the cart just bought; a cart named by ?cartToken= leaves the visitor's own cart alone.
        if (outcome.order.purchasedCartId === ownCartId) clearCartCookie(request, reply);
        return seeOther(reply, confirmationPath(outcome.order));
      }
      switch (outcome.problem) {
        case 'already-ordered': {
          // A subscription's buyer clicking twice lands on its own confirmation too.
          const order = await getOrder(db, site.website.id, outcome.orderId);
          return seeOther(reply, order ? confirmationPath(order) : orderConfirmedPath(outcome.orderId));
        }
        case 'payment-step':
          // The shopper's bank (or the test provider's stand-in for it); the cart stays held until they are back.
          return seeOther(reply, outcome.actionUrl);
        case 'payment-in-progress':
          return again({ alert: { message: PAYMENT_MESSAGES.inProgress } });
        case 'payment-failed':
          // Nothing was placed and the cart is as it was; the card's fields come back empty.
          return again({ alert: paymentFailedAlert(outcome.message) });
        case 'cart-empty':
        case 'below-minimum':
          // The page, built from the cart as it is now, shows the empty cart or the minimum message.
          return again();
        case 'out-of-stock':
        case 'variant-unavailable':
          return again({ alert: { message: outcome.message, detail: outcome.productName } });
        case 'sign-in-required':
          return again({ alert: SIGN_IN_TO_BUY_MEMBERSHIP });
        case 'charges-refused':
          // The page comes back priced as the cart is now: the new total, the options, the code's reason.
          return again({
            values: { ...form.values, discountCode: '', giftCardCode: '' },
            alert: { message: outcome.message },
          });
      }
    };

    try {
      verifyCrumb(request);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return again({ alert: { message: error.message } });
    }
    // A second click on the button, sent before the first answer arrived: the order, or where its payment is.
    if (cart?.isPurchased && cart.orderId) {
      return answerOutcome(await purchasedCartOutcome(db, site.website.id, cart.orderId));
    }
    // The page says why: the cart is empty, gone or bought, or below the store's minimum (the form is not shown then).
    if (!cart || cart.isPurchased || cart.entries.length === 0) return again();
    if (isBelowMinimumSubtotal(cart.subtotalCents, cart.currency, minimumSubtotalOf(site))) return again();

    // The address's place, the shipping option, the discount code and the gift cards are kept on the cart,
    // which prices the page; 'Update shipping and totals' and 'Apply' (action=update) and the Remove
    // buttons of a code (removeCode) or a gift card (removeGiftCard) stop there, without an order.
    // Place order sends none of them.
    const removeCode = fieldOf(body, 'removeCode');
    const removeGiftCard = fieldOf(body, 'removeGiftCard');
    const action = removeCode !== '' || removeGiftCard !== '' ? 'remove' : fieldOf(body, 'action');
    const choice = checkoutChoice(cart, form.values, removeCode, removeGiftCard);
    if (choice.giftCardCode !== undefined) {
      try {
        await options.limiter.byAddress('gift-card-code', request);
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        return again({ errors: { giftCardCode: error.message } });
      }
    }
    if (action === 'update' || action === 'remove') {
      const result = await applyCartChoices(db, site, cart, choice);
      return again({
        values: {
          ...form.values,
          discountCode: result.ok ? '' : form.values.discountCode,
          giftCardCode: result.ok ? '' : form.values.giftCardCode,
        },
        errors: result.ok ? {} : result.errors,
      });
    }
    if (!form.ok) {
      // All the form's problems at once, the payment's with them.
      const payment = readPayment(cart.grandTotalCents);
      return again({ errors: form.errors, paymentErrors: payment.ok ? {} : payment.errors });
    }
    const chosen = await applyCartChoices(db, site, cart, choice);
    if (!chosen.ok) return again({ errors: chosen.errors });
    const payment = readPayment(chosen.priced.giftCards.amountDueCents);
    if (!payment.ok) return again({ paymentErrors: payment.errors });

    const buyer = await signedIn(db, request);
    const siteUserId = buyer && buyer.site.website.id === site.website.id ? buyer.session.siteUserId : null;
    const outcome = await placeCheckoutOrder(db, site, cart, form.details, siteUserId, {
      provider: options.payments,
      paymentMethod: payment.paymentMethod,
      origin: `${request.protocol}://${request.host}`,
    });
    return answerOutcome(outcome);
  });
}

/** Why an order selling a membership (a paywall product) was not placed signed out (api/services/paid-memberships.ts). */
export const SIGN_IN_TO_BUY_MEMBERSHIP = {
  message: 'Sign in to buy a membership.',
  detail:
    'A membership belongs to an account: sign in or create one (Sign in, at the top of the page), then place your order.',
};

/** A form field's text as @fastify/formbody hands it over ('' when absent). */
function fieldOf(body: unknown, name: string): string {
  const raw = (body as Record<string, unknown> | undefined)?.[name];
  const value = Array.isArray(raw) ? raw[0] : raw;
  return typeof value === 'string' ? value.trim() : '';
}

/**
 * What the form asks of the cart. A shipping option is one of the options
 * for the place the page showed; when the shopper changed the place in the
 * same submit it may not exist there, so it is dropped and the new place's
 * cheapest is taken (a changed total is then shown before any order).
 */
function checkoutChoice(
  cart: ShoppingCart,
  values: CheckoutValues,
  removeCode: string,
  removeGiftCard: string,
): ChoiceRequest {
  const choice: ChoiceRequest = {};
  if (values.discountCode !== '') choice.discountCode = values.discountCode;
  if (values.giftCardCode !== '') choice.giftCardCode = values.giftCardCode;
  if (removeCode !== '') choice.removeCode = removeCode;
  if (removeGiftCard !== '') choice.removeGiftCard = removeGiftCard;
  if (!cart.requiresShipping || values.country === '') return choice;
  choice.place = { country: values.country, region: values.region, postalCode: values.postalCode };
  const before = locationOf(cart);
  const samePlace =
    before !== null &&
    before.country === values.country.toUpperCase() &&
    (before.region ?? '') === values.region.toUpperCase() &&
    (before.postalCode ?? '') === values.postalCode.toUpperCase();
  if (values.shippingOption !== '' && samePlace) choice.shippingOptionId = values.shippingOption;
  return choice;
}
