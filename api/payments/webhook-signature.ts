/**
 * Stripe-style webhook signatures: a header `t=<unix seconds>,v1=<hex>`
 * where v1 is HMAC-SHA256 of `<t>.<raw body>` under the endpoint's secret.
 * An old timestamp is refused (a replayed request), as is any v1 that does
 * not match in constant time.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { WebhookSignatureError } from './payment-provider.ts';

export const SIGNATURE_TOLERANCE_SECONDS = 300;

export function signWebhook(secret: string, rawBody: string, timestampSeconds: number): string {
  const signature = createHmac('sha256', secret).update(`${timestampSeconds}.${rawBody}`).digest('hex');
  return `t=${timestampSeconds},v1=${signature}`;
}

export function verifyWebhookSignature(secret: string, rawBody: string, header: string | undefined, now: Date): void {
  if (!header) throw new WebhookSignatureError('no signature header');
  const parts = new Map<string, string[]>();
  for (const part of header.split(',')) {
    const [key, value] = part.split('=', 2);
    if (!key || value === undefined) continue;
    parts.set(key.trim(), [...(parts.get(key.trim()) ?? []), value.trim()]);
  }
  const timestamp = Number(parts.get('t')?.[0]);
  if (!Number.isInteger(timestamp)) throw new WebhookSignatureError('no timestamp in the signature');
  if (Math.abs(now.getTime() / 1000 - timestamp) > SIGNATURE_TOLERANCE_SECONDS) {
    throw new WebhookSignatureError('the signature is too old');
  }
  const expected = Buffer.from(createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex'));
  const matches = (parts.get('v1') ?? []).some((candidate) => {
    const given = Buffer.from(candidate);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) throw new WebhookSignatureError('the signature does not match');
}
