/**
 * What checkout asks of a payment provider (issue 20): charge an amount with
 * a payment method, finish a charge that needed a second step (3-D Secure),
 * refund, and read the provider's webhooks; and for subscriptions (issue
 * 24), keep a method at checkout and charge it again without the shopper. Two implementations: the
 * built-in test provider (test-payment-provider.ts), and an adapter over a
 * Stripe-style payment-intents REST API (intents-payment-provider.ts).
 * Amounts are minor units as integers; a provider never sees more than the
 * order's total and reference.
 */

export type PaymentOutcome =
  | { status: 'succeeded'; paymentId: string }
  /** The shopper must finish at `actionUrl` (their bank's page); then confirm(paymentId). */
  | { status: 'requires-action'; paymentId: string; actionUrl: string }
  /** The card or account said no: the message is for the shopper. */
  | { status: 'declined'; paymentId: string | null; message: string; code: string };

export interface ChargeRequest {
  amountMinor: number;
  /** ISO 4217, upper case. */
  currency: string;
  /** The provider's payment method: a test card number for the test provider, a pm_… id for the intents API. */
  paymentMethod: string;
  /** Ours, echoed in the provider's records and webhooks: the cart being paid for. */
  reference: string;
  /** The same key twice charges once (a retried request after a lost answer). */
  idempotencyKey: string;
  /** Where the provider sends the shopper back after a second step. */
  returnUrl: string;
  /**
   * A reference from keepPaymentMethod: the charge also sets the method up
   * for later charges without the shopper (a subscription's renewals).
   */
  keptMethod?: string;
}

/** A charge without the shopper there (a subscription's renewal), of a method kept at checkout. */
export interface OffSessionChargeRequest {
  amountMinor: number;
  currency: string;
  /** What keepPaymentMethod answered at checkout. */
  keptMethod: string;
  reference: string;
  idempotencyKey: string;
}

export interface WebhookEvent {
  /** The provider's event id: each is handled once (webhook replay). */
  id: string;
  type: 'payment.succeeded' | 'payment.failed' | 'refund.succeeded' | 'other';
  paymentId: string | null;
  reference: string | null;
}

/**
 * What checkout asks the shopper for: a card's number, expiry and security
 * code (the test provider, whose test cards are typed in), or the id of a
 * payment method the provider's own card form made in the browser (the
 * intents API: card details never reach our server).
 */
export type PaymentMethodKind = 'card' | 'payment-method-id';

export interface PaymentProvider {
  readonly name: string;
  readonly methodKind: PaymentMethodKind;
  charge(request: ChargeRequest): Promise<PaymentOutcome>;
  /** After the second step: the payment's outcome now. */
  confirm(paymentId: string): Promise<PaymentOutcome>;
  refund(paymentId: string, amountMinor: number, idempotencyKey: string): Promise<{ refundId: string }>;
  /**
   * Keeps the shopper's payment method for charges made without them, before
   * checkout's charge (which then names it in keptMethod): the reference to
   * charge again. Throws PaymentProviderError when the provider cannot be asked.
   */
  keepPaymentMethod(paymentMethod: string, idempotencyKey: string): Promise<string>;
  /**
   * Charges a kept method with nobody to answer a second step: a bank that
   * asks for one declines it (code authentication_required).
   */
  chargeOffSession(request: OffSessionChargeRequest): Promise<PaymentOutcome>;
  /** Checks the signature and reads the event; throws WebhookSignatureError when it does not verify. */
  readWebhook(rawBody: string, headers: Record<string, string | string[] | undefined>, now: Date): WebhookEvent;
}

export class WebhookSignatureError extends Error {
  override name = 'WebhookSignatureError';
}

/** The provider could not be asked or answered nonsense: the charge's outcome is unknown, nothing was placed. */
export class PaymentProviderError extends Error {
  override name = 'PaymentProviderError';
}

/** Shopper-facing words for outcomes a provider gives no text for. */
export const PAYMENT_MESSAGES = {
  declined: 'Your card was declined. Please use another card.',
  unavailable: 'We could not reach the payment service. Your card was not charged; please try again.',
  actionFailed: 'Your bank did not confirm the payment. Your card was not charged.',
  expired: 'Your payment was not completed in time, so no order was placed. Your card was not charged.',
  tooLate:
    'Your payment was confirmed after your order had expired, so no order was placed and the payment is being refunded.',
  inProgress: 'Your payment is still being processed. Please wait a moment, then reload this page.',
  authenticationRequired: 'Your bank asked to confirm this payment, which cannot be done while you are away.',
} as const;
