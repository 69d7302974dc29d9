/**
 * The payment part of the checkout form (POST /checkout, form-encoded):
 * with the built-in test provider a card's number, expiry (MM/YY) and
 * security code; with the intents provider the id of the payment method
 * its card form made in the browser. Each problem is worded for the
 * shopper and keyed by field, like the rest of the form (checkout-form.ts).
 * The card's details are never kept: a form sent back with problems comes
 * back with these fields empty.
 */
import type { PaymentMethodKind } from '../payments/payment-provider.ts';
import { cardDigits, passesLuhn } from '../payments/test-cards.ts';
import { TEST_PROVIDER_MESSAGES } from '../payments/test-payment-provider.ts';

/** In page order, after the checkout's own fields (the error summary lists them last). */
export const PAYMENT_FIELDS = ['cardNumber', 'cardExpiry', 'cardCvc', 'paymentMethod'] as const;

export type PaymentField = (typeof PAYMENT_FIELDS)[number];
export type PaymentErrors = Partial<Record<PaymentField, string>>;

export const PAYMENT_FORM_MESSAGES = {
  cardNumberRequired: 'Enter your card number.',
  cardNumberInvalid: TEST_PROVIDER_MESSAGES.invalidNumber,
  cardExpiryRequired: "Enter your card's expiry date.",
  cardExpiryInvalid: 'Enter the expiry date as MM/YY, for example 04/28.',
  cardExpired: "Your card's expiry date is in the past.",
  cardCvcRequired: "Enter your card's security code.",
  cardCvcInvalid: "Your card's security code is 3 or 4 digits.",
  paymentMethodRequired: 'Enter your payment details.',
  paymentMethodInvalid: 'Your payment details could not be read. Please enter your card again.',
} as const;

export type PaymentFormResult = { ok: true; paymentMethod: string } | { ok: false; errors: PaymentErrors };

function field(body: unknown, name: PaymentField): string {
  const raw = (body as Record<string, unknown> | undefined)?.[name];
  const value = Array.isArray(raw) ? raw[0] : raw;
  return typeof value === 'string' ? value.trim() : '';
}

/** '04/28', '4 / 28', '04/2028' or '0428' → the last month the card is good for, or undefined. */
export function readExpiry(text: string): { year: number; month: number } | undefined {
  const match = /^(\d{1,2})\s*\/?\s*(\d{2}|\d{4})$/.exec(text);
  if (!match) return undefined;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  return month >= 1 && month <= 12 ? { year, month } : undefined;
}

function checkCard(body: unknown, now: Date): PaymentFormResult {
  const errors: PaymentErrors = {};
  const number = field(body, 'cardNumber');
  const digits = cardDigits(number);
  if (number === '') errors.cardNumber = PAYMENT_FORM_MESSAGES.cardNumberRequired;
  else if (!/^[\d\s-]{12,40}$/.test(number) || !passesLuhn(digits)) {
    errors.cardNumber = PAYMENT_FORM_MESSAGES.cardNumberInvalid;
  }
  const expiryText = field(body, 'cardExpiry');
  const expiry = readExpiry(expiryText);
  if (expiryText === '') errors.cardExpiry = PAYMENT_FORM_MESSAGES.cardExpiryRequired;
  else if (!expiry) errors.cardExpiry = PAYMENT_FORM_MESSAGES.cardExpiryInvalid;
  // A card is good until the end of its month, wherever the shopper is: compared in UTC, a day's grace either way.
  else if (expiry.year * 12 + expiry.month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1) {
    errors.cardExpiry = PAYMENT_FORM_MESSAGES.cardExpired;
  }
  const cvc = field(body, 'cardCvc');
  if (cvc === '') errors.cardCvc = PAYMENT_FORM_MESSAGES.cardCvcRequired;
  else if (!/^\d{3,4}$/.test(cvc)) errors.cardCvc = PAYMENT_FORM_MESSAGES.cardCvcInvalid;
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, paymentMethod: digits };
}

/** A payment method id as the intents API makes them: pm_ and letters, digits or underscores. */
function checkPaymentMethod(body: unknown): PaymentFormResult {
  const id = field(body, 'paymentMethod');
  if (id === '') return { ok: false, errors: { paymentMethod: PAYMENT_FORM_MESSAGES.paymentMethodRequired } };
  if (!/^pm_[A-Za-z0-9_]{1,200}$/.test(id)) {
    return { ok: false, errors: { paymentMethod: PAYMENT_FORM_MESSAGES.paymentMethodInvalid } };
  }
  return { ok: true, paymentMethod: id };
}

/**
 * The payment fields the provider's kind asks for; with nothing to pay
 * (gift cards pay it all), none are asked for and none are read.
 */
export function readPaymentForm(
  body: unknown,
  kind: PaymentMethodKind,
  options: { due: boolean; now: Date },
): PaymentFormResult {
  if (!options.due) return { ok: true, paymentMethod: '' };
  return kind === 'card' ? checkCard(body, options.now) : checkPaymentMethod(body);
}
