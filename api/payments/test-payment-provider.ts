/**
 * The built-in test provider: no money moves. The card number decides the
 * outcome (test-cards.ts); a second-step card sends the shopper to our own
 * stand-in for their bank's page (/checkout/payment-step), where they
 * approve or refuse. Its payments live in test_provider_payments (migration
 * 0028), so every server process sees the same ones, and an idempotency key
 * charges once.
 */
import { sql } from 'kysely';
import { newId } from '../db/ids.ts';
import type { Db } from '../repositories/transaction.ts';
import {
  type ChargeRequest,
  type OffSessionChargeRequest,
  PAYMENT_MESSAGES,
  type PaymentOutcome,
  type PaymentProvider,
  PaymentProviderError,
  type WebhookEvent,
} from './payment-provider.ts';
import { cardDigits, passesLuhn, TEST_CARDS } from './test-cards.ts';
import { verifyWebhookSignature } from './webhook-signature.ts';

export const PAYMENT_STEP_PATH = '/checkout/payment-step';

/** The test provider's name: orders paid through it are test orders. */
export const TEST_PROVIDER_NAME = 'test';

export const TEST_PROVIDER_MESSAGES = {
  invalidNumber: 'Your card number is incorrect.',
  notATestCard: 'In test mode only the test card numbers are accepted.',
  insufficientFunds: 'Your card has insufficient funds.',
} as const;

type Row = {
  id: string;
  status: 'succeeded' | 'requires_action' | 'declined';
  amountMinor: string;
  refundedMinor: string;
};

export class TestPaymentProvider implements PaymentProvider {
  readonly name = TEST_PROVIDER_NAME;
  readonly methodKind = 'card' as const;
  private readonly db: Db;
  private readonly webhookSecret: string;

  constructor(db: Db, options: { webhookSecret: string }) {
    this.db = db;
    this.webhookSecret = options.webhookSecret;
  }

  private async find(paymentId: string): Promise<Row | undefined> {
    const { rows } = await sql<Row>`
      SELECT id, status, amount_minor AS "amountMinor", refunded_minor AS "refundedMinor"
      FROM test_provider_payments WHERE id = ${paymentId}
    `.execute(this.db);
    return rows[0];
  }

  private outcome(row: Row, code = 'card_declined', message: string = PAYMENT_MESSAGES.declined): PaymentOutcome {
    switch (row.status) {
      case 'succeeded':
        return { status: 'succeeded', paymentId: row.id };
      case 'requires_action':
        return { status: 'requires-action', paymentId: row.id, actionUrl: `${PAYMENT_STEP_PATH}?payment=${row.id}` };
      case 'declined':
        return { status: 'declined', paymentId: row.id, code, message };
    }
  }

  async charge(request: ChargeRequest): Promise<PaymentOutcome> {
    const digits = cardDigits(request.paymentMethod);
    if (!passesLuhn(digits)) {
      return {
        status: 'declined',
        paymentId: null,
        code: 'incorrect_number',
        message: TEST_PROVIDER_MESSAGES.invalidNumber,
      };
    }
    const card = TEST_CARDS[digits as keyof typeof TEST_CARDS];
    if (!card) {
      return {
        status: 'declined',
        paymentId: null,
        code: 'live_card_in_test_mode',
        message: TEST_PROVIDER_MESSAGES.notATestCard,
      };
    }
    const status =
      card.outcome === 'succeeds' ? 'succeeded' : card.outcome === 'second-step' ? 'requires_action' : 'declined';
    const { rows } = await sql<Row>`
      INSERT INTO test_provider_payments (id, idempotency_key, amount_minor, currency, reference, status)
      VALUES (${`tp_${newId()}`}, ${request.idempotencyKey}, ${request.amountMinor}, ${request.currency}, ${request.reference}, ${status})
      ON CONFLICT (idempotency_key) DO UPDATE SET idempotency_key = excluded.idempotency_key
      RETURNING id, status, amount_minor AS "amountMinor", refunded_minor AS "refundedMinor"
    `.execute(this.db);
    const row = rows[0]!;
    return card.outcome === 'insufficient-funds'
      ? this.outcome(row, 'insufficient_funds', TEST_PROVIDER_MESSAGES.insufficientFunds)
      : this.outcome(row);
  }

  /**
   * The test cards are public numbers that move no money, so the kept
   * reference is the card's own digits: a renewal charged with it has the
   * card's outcome, a second-step card declined as nobody is there to answer.
   */
  async keepPaymentMethod(paymentMethod: string, _idempotencyKey: string): Promise<string> {
    return `card_${cardDigits(paymentMethod)}`;
  }

  async chargeOffSession(request: OffSessionChargeRequest): Promise<PaymentOutcome> {
    const digits = /^card_(\d{12,19})$/.exec(request.keptMethod)?.[1];
    const card = digits === undefined ? undefined : TEST_CARDS[digits as keyof typeof TEST_CARDS];
    if (!card || card.outcome === 'second-step') {
      const needsStep = card?.outcome === 'second-step';
      const { rows } = await sql<Row>`
        INSERT INTO test_provider_payments (id, idempotency_key, amount_minor, currency, reference, status)
        VALUES (${`tp_${newId()}`}, ${request.idempotencyKey}, ${request.amountMinor}, ${request.currency}, ${request.reference}, 'declined')
        ON CONFLICT (idempotency_key) DO UPDATE SET idempotency_key = excluded.idempotency_key
        RETURNING id, status, amount_minor AS "amountMinor", refunded_minor AS "refundedMinor"
      `.execute(this.db);
      return needsStep
        ? this.outcome(rows[0]!, 'authentication_required', PAYMENT_MESSAGES.authenticationRequired)
        : this.outcome(rows[0]!, 'incorrect_number', TEST_PROVIDER_MESSAGES.notATestCard);
    }
    return this.charge({ ...request, paymentMethod: digits!, returnUrl: PAYMENT_STEP_PATH });
  }

  /** The stand-in bank page's answer: approve or refuse a payment waiting for its second step. */
  async completeStep(paymentId: string, approved: boolean): Promise<PaymentOutcome> {
    await sql`
      UPDATE test_provider_payments SET status = ${approved ? 'succeeded' : 'declined'}
      WHERE id = ${paymentId} AND status = 'requires_action'
    `.execute(this.db);
    return this.confirm(paymentId);
  }

  async confirm(paymentId: string): Promise<PaymentOutcome> {
    const row = await this.find(paymentId);
    if (!row) throw new PaymentProviderError(`no test payment ${paymentId}`);
    return this.outcome(row, 'authentication_failed', PAYMENT_MESSAGES.actionFailed);
  }

  /** Each call refunds once: the test provider keeps no refunds to repeat, so the key is not needed. */
  async refund(paymentId: string, amountMinor: number, _idempotencyKey?: string): Promise<{ refundId: string }> {
    const { rows } = await sql<{ id: string }>`
      UPDATE test_provider_payments SET refunded_minor = refunded_minor + ${amountMinor}
      WHERE id = ${paymentId} AND status = 'succeeded' AND refunded_minor + ${amountMinor} <= amount_minor
      RETURNING id
    `.execute(this.db);
    if (rows.length === 0) throw new PaymentProviderError('the refund is more than what is left of the payment');
    return { refundId: `tr_${newId()}` };
  }

  readWebhook(rawBody: string, headers: Record<string, string | string[] | undefined>, now: Date): WebhookEvent {
    const header = headers['stripe-signature'];
    verifyWebhookSignature(this.webhookSecret, rawBody, Array.isArray(header) ? header[0] : header, now);
    const event = JSON.parse(rawBody) as {
      id: string;
      type: WebhookEvent['type'];
      paymentId?: string;
      reference?: string;
    };
    return { id: event.id, type: event.type, paymentId: event.paymentId ?? null, reference: event.reference ?? null };
  }
}
