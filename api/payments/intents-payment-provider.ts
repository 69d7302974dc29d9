/**
 * A payment provider over a Stripe-style payment-intents REST API, through
 * undici: form-encoded requests with a bearer secret key and an idempotency
 * key, JSON answers. A charge creates and confirms an intent at once; its
 * status says succeeded, requires_action (a redirect for the second step) or
 * a card error (declined). Webhooks are checked with webhook-signature.ts.
 * Configured by environment (payments-config.ts); never used unless set.
 */
import { request } from 'undici';
import { z } from 'zod';
import {
  type ChargeRequest,
  type OffSessionChargeRequest,
  PAYMENT_MESSAGES,
  type PaymentOutcome,
  type PaymentProvider,
  PaymentProviderError,
  type WebhookEvent,
} from './payment-provider.ts';
import { verifyWebhookSignature } from './webhook-signature.ts';

export interface IntentsConfig {
  /** e.g. https://api.stripe.com, or the loopback server a test starts. */
  apiUrl: string;
  secretKey: string;
  webhookSecret: string;
  timeoutMs?: number;
}

const intentSchema = z.object({
  id: z.string(),
  status: z.string(),
  next_action: z.object({ redirect_to_url: z.object({ url: z.string() }).optional() }).nullish(),
  last_payment_error: z.object({ code: z.string().optional(), message: z.string().optional() }).nullish(),
});

const errorSchema = z.object({
  error: z.object({
    type: z.string().optional(),
    code: z.string().optional(),
    decline_code: z.string().optional(),
    message: z.string().optional(),
    payment_intent: z.object({ id: z.string() }).nullish(),
  }),
});

const eventSchema = z.object({
  id: z.string(),
  type: z.string(),
  data: z.object({
    object: z.object({
      id: z.string().optional(),
      payment_intent: z.string().nullish(),
      metadata: z.record(z.string(), z.string()).nullish(),
    }),
  }),
});

const MAX_ANSWER_BYTES = 256 * 1024;

/** 'cus_1/pm_2' as keepPaymentMethod answers it. */
function keptParts(kept: string): { customer: string; paymentMethod: string } {
  const slash = kept.indexOf('/');
  if (slash <= 0) throw new PaymentProviderError('the kept payment method is not one this provider made');
  return { customer: kept.slice(0, slash), paymentMethod: kept.slice(slash + 1) };
}

export class IntentsPaymentProvider implements PaymentProvider {
  readonly name = 'intents';
  readonly methodKind = 'payment-method-id' as const;
  private readonly config: IntentsConfig;

  constructor(config: IntentsConfig) {
    this.config = config;
  }

  private async call(
    method: 'GET' | 'POST',
    path: string,
    form?: Record<string, string>,
    idempotencyKey?: string,
  ): Promise<{ status: number; body: unknown }> {
    try {
      const response = await request(new URL(path, this.config.apiUrl), {
        method,
        headers: {
          authorization: `Bearer ${this.config.secretKey}`,
          ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
          ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
        },
        body: form ? new URLSearchParams(form).toString() : undefined,
        headersTimeout: this.config.timeoutMs ?? 20_000,
        bodyTimeout: this.config.timeoutMs ?? 20_000,
      });
      const text = await response.body.text();
      if (text.length > MAX_ANSWER_BYTES) throw new PaymentProviderError('the answer is too large');
      return { status: response.statusCode, body: text === '' ? {} : JSON.parse(text) };
    } catch (error) {
      if (error instanceof PaymentProviderError) throw error;
      throw new PaymentProviderError(`the payment service could not be asked: ${(error as Error).message}`);
    }
  }

  private outcome(status: number, body: unknown): PaymentOutcome {
    if (status >= 200 && status < 300) {
      const intent = intentSchema.safeParse(body);
      if (!intent.success) throw new PaymentProviderError('the payment service answered an intent we cannot read');
      const { id } = intent.data;
      switch (intent.data.status) {
        case 'succeeded':
          return { status: 'succeeded', paymentId: id };
        case 'requires_action': {
          const url = intent.data.next_action?.redirect_to_url?.url;
          if (!url) throw new PaymentProviderError('a second step without an address');
          return { status: 'requires-action', paymentId: id, actionUrl: url };
        }
        case 'requires_payment_method':
        case 'canceled':
          return {
            status: 'declined',
            paymentId: id,
            code: intent.data.last_payment_error?.code ?? 'payment_failed',
            message: intent.data.last_payment_error?.message ?? PAYMENT_MESSAGES.actionFailed,
          };
        default:
          throw new PaymentProviderError(`an intent in state ${intent.data.status}`);
      }
    }
    const error = errorSchema.safeParse(body);
    if (status === 402 || (error.success && error.data.error.type === 'card_error')) {
      const data = error.success ? error.data.error : undefined;
      return {
        status: 'declined',
        paymentId: data?.payment_intent?.id ?? null,
        code: data?.decline_code ?? data?.code ?? 'card_declined',
        message: data?.message ?? PAYMENT_MESSAGES.declined,
      };
    }
    throw new PaymentProviderError(`the payment service answered ${status}`);
  }

  async charge(charge: ChargeRequest): Promise<PaymentOutcome> {
    const { status, body } = await this.call(
      'POST',
      '/v1/payment_intents',
      {
        amount: String(charge.amountMinor),
        currency: charge.currency.toLowerCase(),
        payment_method: charge.paymentMethod,
        confirm: 'true',
        return_url: charge.returnUrl,
        'metadata[reference]': charge.reference,
        // A kept method is the customer's: this charge sets it up for renewals made without the shopper.
        ...(charge.keptMethod
          ? { customer: keptParts(charge.keptMethod).customer, setup_future_usage: 'off_session' }
          : {}),
      },
      charge.idempotencyKey,
    );
    return this.outcome(status, body);
  }

  /** A customer holding the payment method: a method is charged again only as some customer's. */
  async keepPaymentMethod(paymentMethod: string, idempotencyKey: string): Promise<string> {
    const { status, body } = await this.call(
      'POST',
      '/v1/customers',
      { payment_method: paymentMethod },
      idempotencyKey,
    );
    const customer = z.object({ id: z.string() }).safeParse(body);
    if (status >= 300 || !customer.success)
      throw new PaymentProviderError(`the payment method was not kept (${status})`);
    return `${customer.data.id}/${paymentMethod}`;
  }

  async chargeOffSession(charge: OffSessionChargeRequest): Promise<PaymentOutcome> {
    const { customer, paymentMethod } = keptParts(charge.keptMethod);
    const { status, body } = await this.call(
      'POST',
      '/v1/payment_intents',
      {
        amount: String(charge.amountMinor),
        currency: charge.currency.toLowerCase(),
        customer,
        payment_method: paymentMethod,
        off_session: 'true',
        confirm: 'true',
        'metadata[reference]': charge.reference,
      },
      charge.idempotencyKey,
    );
    const outcome = this.outcome(status, body);
    // Nobody is there to finish a second step: the renewal is declined and tried again later.
    return outcome.status === 'requires-action'
      ? {
          status: 'declined',
          paymentId: outcome.paymentId,
          code: 'authentication_required',
          message: PAYMENT_MESSAGES.authenticationRequired,
        }
      : outcome;
  }

  async confirm(paymentId: string): Promise<PaymentOutcome> {
    const { status, body } = await this.call('GET', `/v1/payment_intents/${encodeURIComponent(paymentId)}`);
    return this.outcome(status, body);
  }

  async refund(paymentId: string, amountMinor: number, idempotencyKey: string): Promise<{ refundId: string }> {
    const { status, body } = await this.call(
      'POST',
      '/v1/refunds',
      { payment_intent: paymentId, amount: String(amountMinor) },
      idempotencyKey,
    );
    const refund = z.object({ id: z.string() }).safeParse(body);
    if (status >= 300 || !refund.success) throw new PaymentProviderError(`the refund was refused (${status})`);
    return { refundId: refund.data.id };
  }

  readWebhook(rawBody: string, headers: Record<string, string | string[] | undefined>, now: Date): WebhookEvent {
    const header = headers['stripe-signature'];
    verifyWebhookSignature(this.config.webhookSecret, rawBody, Array.isArray(header) ? header[0] : header, now);
    const event = eventSchema.parse(JSON.parse(rawBody));
    const object = event.data.object;
    const types: Record<string, WebhookEvent['type']> = {
      'payment_intent.succeeded': 'payment.succeeded',
      'payment_intent.payment_failed': 'payment.failed',
      'charge.refunded': 'refund.succeeded',
    };
    return {
      id: event.id,
      type: types[event.type] ?? 'other',
      paymentId: object.payment_intent ?? object.id ?? null,
      reference: object.metadata?.reference ?? null,
    };
  }
}
