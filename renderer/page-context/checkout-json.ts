/**
 * The JSON the checkout page (type 201) and the order-confirmed page (type
 * 202) render from. Money is the Money shape (`money-format` in templates),
 * in the cart's or order's own currency.
 */

import type { ShoppingCart } from '../../api/repositories/cart-repository.ts';
import {
  type HeldOrder,
  isBelowMinimumSubtotal,
  type MinimumSubtotal,
  type PlacedOrder,
} from '../../api/repositories/order-repository.ts';
import type { PricedCart } from '../../api/services/cart-pricing-service.ts';
import {
  CHECKOUT_FIELDS,
  type CheckoutErrors,
  type CheckoutField,
  type CheckoutValues,
} from '../../api/services/checkout-form.ts';
import { PAYMENT_FIELDS, type PaymentErrors, type PaymentField } from '../../api/services/payment-form.ts';
import { lineTotal } from '../../domain/money/minor-units.ts';
import { type CheckoutPaymentInfo, checkoutPaymentJson } from './checkout-payment-json.ts';
import {
  addressChoicesJson,
  couponsJson,
  orderChargesJson,
  shippingChoicesJson,
  totalsJson,
} from './checkout-pricing-json.ts';
import { checkoutGiftCardsJson, orderGiftCardJson } from './gift-card-json.ts';
import { giftCardJson, recursJson } from './line-details-json.ts';
import { moneyJson } from './money-json.ts';

type Json = Record<string, unknown>;

/** What a POST /checkout that did not place an order hands back to the page. */
export interface CheckoutFormState {
  values: CheckoutValues;
  errors: CheckoutErrors;
  /** A problem with the order as a whole (the crumb, stock, the minimum, a declined card), shown above everything. */
  alert?: { message: string; detail?: string };
  /** The payment fields' problems (api/services/payment-form.ts); their values are never kept. */
  paymentErrors?: PaymentErrors;
}

export interface CheckoutInput {
  cart: ShoppingCart | undefined;
  /** The cart priced under the store's shipping, tax and discount rules, when it can be bought. */
  priced?: PricedCart | undefined;
  /** Set when the cart was named by ?cartToken=, so the form posts it back. */
  cartToken: string | undefined;
  /** The visitor's crumb (api/http/crumb.ts), echoed in a hidden field. */
  crumb: string | undefined;
  minimum: MinimumSubtotal | null;
  form: CheckoutFormState | undefined;
  /** The server's payment provider: which payment fields the form has. */
  payment: CheckoutPaymentInfo;
  /** Where the cart's payment waits for its second step (the shopper's bank), when it is bought but not yet paid. */
  secondStep?: string | undefined;
}

/** The element ids the template gives each field; the error summary links to them. */
const INPUT_IDS: Record<CheckoutField, string> = {
  email: 'checkout-email',
  name: 'checkout-name',
  addressLine1: 'checkout-address-line1',
  addressLine2: 'checkout-address-line2',
  city: 'checkout-city',
  region: 'checkout-region',
  postalCode: 'checkout-postal-code',
  country: 'checkout-country',
  shippingOption: 'checkout-shipping-option',
  discountCode: 'checkout-discount-code',
  giftCardCode: 'checkout-gift-card-code',
};

const PAYMENT_INPUT_IDS: Record<PaymentField, string> = {
  cardNumber: 'checkout-card-number',
  cardExpiry: 'checkout-card-expiry',
  cardCvc: 'checkout-card-cvc',
  paymentMethod: 'checkout-payment-method',
};

export function checkoutJson(input: CheckoutInput): Json {
  const { cart, form } = input;
  const open = cart !== undefined && !cart.isPurchased && cart.entries.length > 0;
  const belowMinimum = open && isBelowMinimumSubtotal(cart.subtotalCents, cart.currency, input.minimum);
  const errors = form?.errors ?? {};
  const paymentErrors = form?.paymentErrors ?? {};
  return {
    crumb: input.crumb ?? '',
    cartToken: input.cartToken,
    purchased: cart?.isPurchased === true,
    awaitingPayment: cart?.isPurchased && input.secondStep ? { url: input.secondStep } : undefined,
    cart: open
      ? {
          currency: cart.currency,
          requiresShipping: cart.requiresShipping,
          totalQuantity: cart.totalQuantity,
          entries: cart.entries.map((entry) => ({
            productName: entry.productName,
            fullUrl: entry.fullUrl,
            chosenVariant: { optionValues: entry.chosenVariant.optionValues },
            quantity: entry.quantity,
            unitPrice: moneyJson(entry.unitPriceCents, entry.currency),
            lineTotal: moneyJson(entry.lineTotalCents, entry.currency),
            image: entry.image,
            recurs: recursJson(entry.subscriptionPlan, entry.lineTotalCents, entry.currency),
            giftCard: giftCardJson(entry.additionalFields),
          })),
          subtotal: moneyJson(cart.subtotalCents, cart.currency),
          grandTotal: moneyJson((input.priced?.cart ?? cart).grandTotalCents, cart.currency),
          ...(input.priced
            ? {
                totals: totalsJson(input.priced),
                shipping: shippingChoicesJson(input.priced),
                coupons: couponsJson(input.priced),
                giftCards: checkoutGiftCardsJson(input.priced),
              }
            : {}),
        }
      : undefined,
    payment: open ? checkoutPaymentJson(input.payment, input.priced) : undefined,
    address: open && input.priced ? addressChoicesJson(input.priced, form?.values ?? {}) : undefined,
    minimum: belowMinimum && input.minimum ? moneyJson(input.minimum.cents, input.minimum.currency) : undefined,
    canOrder: open && !belowMinimum,
    alert: form?.alert,
    values: form?.values ?? {},
    errors,
    paymentErrors,
    // In the page's field order, so the summary reads like the form; the payment comes last.
    errorList: [
      ...CHECKOUT_FIELDS.flatMap((field) =>
        errors[field] ? [{ field, inputId: INPUT_IDS[field], message: errors[field] }] : [],
      ),
      ...PAYMENT_FIELDS.flatMap((field) =>
        paymentErrors[field] ? [{ field, inputId: PAYMENT_INPUT_IDS[field], message: paymentErrors[field] }] : [],
      ),
    ],
  };
}

/** A placed order's JSON; an order still awaiting its payment has no number yet (null). */
export function orderJson(order: PlacedOrder | HeldOrder): Json {
  return {
    orderNumber: order.orderNumber,
    testMode: order.testMode,
    email: order.customerEmail ?? undefined,
    name: order.customerName ?? undefined,
    shippingAddress: order.shippingAddress ?? undefined,
    items: order.items.map((line) => ({
      productName: line.productName,
      chosenVariant: { optionValues: line.optionValues },
      quantity: line.quantity,
      unitPrice: moneyJson(line.unitPriceCents, order.currency),
      lineTotal: moneyJson(lineTotal(line.unitPriceCents, line.quantity), order.currency),
      recurs: recursJson(line.subscriptionPlan, lineTotal(line.unitPriceCents, line.quantity), order.currency),
      giftCard: giftCardJson(line.additionalFields),
    })),
    subtotal: moneyJson(order.subtotalCents, order.currency),
    grandTotal: moneyJson(order.grandTotalCents, order.currency),
    ...orderChargesJson(order),
    ...orderGiftCardJson(order),
    createdOn: order.createdOn.getTime(),
  };
}
