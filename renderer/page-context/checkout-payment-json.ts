/**
 * The checkout page's payment section (issue 20): which fields the
 * provider's kind asks for (a card's number, expiry and security code for
 * the built-in test provider; a payment method id its card form fills in
 * for the intents API), whether anything is left to pay once gift cards
 * have paid their share, and in test mode the test cards to try.
 */
import type { PaymentMethodKind } from '../../api/payments/payment-provider.ts';
import { TEST_CARDS } from '../../api/payments/test-cards.ts';
import type { PricedCart } from '../../api/services/cart-pricing-service.ts';

type Json = Record<string, unknown>;

/** What the page needs to know of the server's payment provider. */
export interface CheckoutPaymentInfo {
  methodKind: PaymentMethodKind;
  /** The built-in test provider: no money moves, and orders are test orders. */
  testMode: boolean;
}

/** '4242424242424242' → '4242 4242 4242 4242', as a card prints it. */
const grouped = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, '$1 ');

export function checkoutPaymentJson(info: CheckoutPaymentInfo, priced: PricedCart | undefined): Json {
  const due = priced ? !/^0+$/.test(priced.giftCards.amountDueCents) : true;
  return {
    due,
    card: info.methodKind === 'card',
    paymentMethodId: info.methodKind === 'payment-method-id',
    testMode: info.testMode,
    testCards: info.testMode
      ? Object.entries(TEST_CARDS).map(([number, card]) => ({ number: grouped(number), label: card.label }))
      : undefined,
  };
}

/** The default provider's (payments-config.ts): the built-in test provider. */
export const TEST_PROVIDER_PAYMENT: CheckoutPaymentInfo = { methodKind: 'card', testMode: true };
