/**
 * POST /api/payments/webhook: the payment provider's events (issue 20).
 * The signature is checked over the raw body, exactly as sent, so this
 * route reads the body as text in a scope of its own, outside the API
 * scope's JSON parser, crumb check and per-address write limit (the
 * provider is not a visitor and sends no crumb). A verified event is
 * applied once (order-payment-service.ts applyPaymentEvent): a held order
 * is paid or given back; a replay is acknowledged and changes nothing; an
 * event about a payment that is not ours is acknowledged too, so the
 * provider stops resending it. A donation's event (its reference names a
 * donation) settles the donation instead (donation-service.ts). A bad or old
 * signature answers 400.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { ApiError } from '../api-errors.ts';
import { type PaymentProvider, WebhookSignatureError } from '../payments/payment-provider.ts';
import type { Db } from '../repositories/transaction.ts';
import { applyDonationEvent } from '../services/donation-service.ts';
import { applyPaymentEvent } from '../services/order-payment-service.ts';
import { BODY_LIMITS } from './body-limits.ts';

export const PAYMENT_WEBHOOK_PATH = '/api/payments/webhook';

export interface PaymentWebhookRoutesOptions {
  db: Db;
  payments: PaymentProvider;
  /** The clock signatures' ages are judged by. */
  now?: () => Date;
}

export async function paymentWebhookRoutes(app: FastifyInstance, options: PaymentWebhookRoutesOptions): Promise<void> {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: BODY_LIMITS.api }, (_request, body, done) =>
    done(null, body),
  );
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    const apiError =
      error instanceof ApiError
        ? error
        : error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
          ? new ApiError('body-too-large')
          : new ApiError('internal');
    if (apiError.statusCode >= 500) request.log.error({ err: error }, 'payment webhook failed');
    return reply.code(apiError.statusCode).header('cache-control', 'no-store').send(apiError.toBody());
  });

  app.post(PAYMENT_WEBHOOK_PATH, async (request, reply) => {
    const raw = typeof request.body === 'string' ? request.body : '';
    let event: ReturnType<PaymentProvider['readWebhook']>;
    try {
      event = options.payments.readWebhook(raw, request.headers, options.now?.() ?? new Date());
    } catch (error) {
      if (error instanceof WebhookSignatureError) {
        request.log.warn({ reason: error.message }, 'payment webhook refused');
        throw new ApiError('webhook-signature-invalid');
      }
      // Signed with our secret but not an event we can read.
      throw new ApiError('invalid-body');
    }
    const applied =
      (await applyDonationEvent(options.db, options.payments, event)) ??
      (await applyPaymentEvent(options.db, options.payments, event));
    return reply
      .header('cache-control', 'no-store')
      .send({ received: true, ...(applied === 'replay' ? { duplicate: true } : {}) });
  });
}
