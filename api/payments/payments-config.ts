/**
 * Which payment provider the server uses, from the environment:
 * PAYMENTS_PROVIDER 'test' (the default: the built-in test provider, no
 * money moves) or 'intents' (a Stripe-style payment-intents API at
 * PAYMENTS_API_URL, default https://api.stripe.com, with PAYMENTS_SECRET_KEY
 * and PAYMENTS_WEBHOOK_SECRET). The secrets stay in the environment, never in
 * website settings, which end up in page contexts.
 */
import type { Db } from '../repositories/transaction.ts';
import { IntentsPaymentProvider } from './intents-payment-provider.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { TestPaymentProvider } from './test-payment-provider.ts';

export function paymentProviderFromEnv(db: Db, env: NodeJS.ProcessEnv, secret: string): PaymentProvider {
  const kind = env.PAYMENTS_PROVIDER ?? 'test';
  if (kind === 'test') return new TestPaymentProvider(db, { webhookSecret: env.PAYMENTS_WEBHOOK_SECRET ?? secret });
  if (kind !== 'intents') throw new Error(`PAYMENTS_PROVIDER must be 'test' or 'intents', not '${kind}'`);
  const secretKey = env.PAYMENTS_SECRET_KEY;
  const webhookSecret = env.PAYMENTS_WEBHOOK_SECRET;
  if (!secretKey || !webhookSecret) {
    throw new Error('PAYMENTS_PROVIDER=intents needs PAYMENTS_SECRET_KEY and PAYMENTS_WEBHOOK_SECRET');
  }
  return new IntentsPaymentProvider({
    apiUrl: env.PAYMENTS_API_URL ?? 'https://api.stripe.com',
    secretKey,
    webhookSecret,
  });
}
