/**
 * A small payment-intents server on loopback for the adapter's tests: it
 * speaks the request and answer shapes of the Stripe-style API the adapter
 * targets (form-encoded POSTs with a bearer key and an idempotency key, JSON
 * intents, 402 card errors, refunds), with test cards deciding outcomes.
 */
import { once } from 'node:events';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export const FAKE_SECRET_KEY = 'sk_test_loopback';

interface Intent {
  id: string;
  status: 'succeeded' | 'requires_action' | 'requires_payment_method';
  amount: number;
  currency: string;
  metadata: Record<string, string>;
  next_action?: { redirect_to_url: { url: string } };
  last_payment_error?: { code: string; message: string };
}

async function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  let text = '';
  for await (const chunk of request) text += chunk;
  return new URLSearchParams(text);
}

export async function startFakeIntentsServer(options: { failNext?: () => boolean } = {}) {
  const intents = new Map<string, Intent>();
  /** Customer id → the payment method attached to it. */
  const customers = new Map<string, string>();
  const customerKeys = new Map<string, string>();
  const byKey = new Map<string, Intent>();
  const requests: { method: string; path: string; idempotencyKey: string | undefined; form: Record<string, string> }[] =
    [];
  let count = 0;
  const server = createServer(async (request, response) => {
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    const form = request.method === 'POST' ? await readForm(request) : new URLSearchParams();
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
    requests.push({ method: request.method ?? '', path, idempotencyKey, form: Object.fromEntries(form) });
    if (request.headers.authorization !== `Bearer ${FAKE_SECRET_KEY}`) {
      return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    }
    if (options.failNext?.()) return send(500, { error: { type: 'api_error', message: 'Something went wrong' } });
    if (request.method === 'POST' && path === '/v1/customers') {
      const id = customerKeys.get(idempotencyKey ?? '') ?? `cus_${++count}`;
      customers.set(id, form.get('payment_method') ?? '');
      if (idempotencyKey) customerKeys.set(idempotencyKey, id);
      return send(200, { id, object: 'customer' });
    }
    if (request.method === 'POST' && path === '/v1/payment_intents') {
      if (idempotencyKey && byKey.has(idempotencyKey)) return send(200, byKey.get(idempotencyKey));
      // A method charged again belongs to a customer it was attached to, as the real API insists.
      const customer = form.get('customer');
      if (form.get('off_session') === 'true' && customers.get(customer ?? '') !== form.get('payment_method')) {
        return send(400, {
          error: { type: 'invalid_request_error', message: "The payment method is not the customer's" },
        });
      }
      if (form.get('off_session') === 'true' && form.get('payment_method') === 'pm_card_authenticationRequired') {
        const id = `pi_${++count}`;
        intents.set(id, {
          id,
          status: 'requires_payment_method',
          amount: Number(form.get('amount')),
          currency: form.get('currency') ?? '',
          metadata: { reference: form.get('metadata[reference]') ?? '' },
          last_payment_error: { code: 'authentication_required', message: 'This payment needs the customer.' },
        });
        return send(402, {
          error: {
            type: 'card_error',
            code: 'authentication_required',
            message: 'This payment needs the customer.',
            payment_intent: { id },
          },
        });
      }
      const id = `pi_${++count}`;
      const card = form.get('payment_method');
      const intent: Intent = {
        id,
        status: 'succeeded',
        amount: Number(form.get('amount')),
        currency: form.get('currency') ?? '',
        metadata: { reference: form.get('metadata[reference]') ?? '' },
      };
      if (card === 'pm_card_chargeDeclined') {
        intent.status = 'requires_payment_method';
        intent.last_payment_error = { code: 'card_declined', message: 'Your card was declined.' };
        intents.set(id, intent);
        return send(402, {
          error: {
            type: 'card_error',
            code: 'card_declined',
            decline_code: 'generic_decline',
            message: 'Your card was declined.',
            payment_intent: { id },
          },
        });
      }
      if (card === 'pm_card_threeDSecureRequired') {
        intent.status = 'requires_action';
        intent.next_action = {
          redirect_to_url: { url: `https://hooks.example/3ds/${id}?return=${form.get('return_url')}` },
        };
      }
      intents.set(id, intent);
      if (idempotencyKey) byKey.set(idempotencyKey, intent);
      return send(200, intent);
    }
    const match = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (request.method === 'GET' && match) {
      const intent = intents.get(decodeURIComponent(match[1]!));
      return intent
        ? send(200, intent)
        : send(404, { error: { type: 'invalid_request_error', message: 'No such payment_intent' } });
    }
    if (request.method === 'POST' && path === '/v1/refunds') {
      const intent = intents.get(form.get('payment_intent') ?? '');
      if (intent?.status !== 'succeeded')
        return send(400, { error: { type: 'invalid_request_error', message: 'Cannot refund' } });
      return send(200, { id: `re_${++count}`, status: 'succeeded', amount: Number(form.get('amount')) });
    }
    send(404, { error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    /** The shopper finished the bank's page: the intent succeeded or failed. */
    finishAction(id: string, approved: boolean) {
      const intent = intents.get(id)!;
      intent.status = approved ? 'succeeded' : 'requires_payment_method';
      delete intent.next_action;
      if (!approved)
        intent.last_payment_error = {
          code: 'payment_intent_authentication_failure',
          message: 'The bank did not confirm the payment.',
        };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
