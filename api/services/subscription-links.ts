/**
 * The link in every subscription email that lets the buyer manage it
 * without signing in: the subscription's id and an expiry, signed with the
 * server's secret (HMAC-SHA256), so the link names one subscription of one
 * website and stops working when it expires. A link is checked before
 * anything is read, and a refused one says why.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SUBSCRIPTION_PAGE_PATH = '/account/subscription';

/** A link works this long after its email was sent. */
export const LINK_DAYS = 30;

export const LINK_MESSAGES = {
  invalid:
    'This subscription link is not valid. Use the link in your latest subscription email, or sign in to manage your subscriptions.',
  expired:
    'This subscription link has expired. Use the link in your latest subscription email, or sign in to manage your subscriptions.',
} as const;

export interface SignedLink {
  subscriptionId: string;
  /** Seconds since 1970. */
  expires: number;
  signature: string;
}

function sign(secret: string, websiteId: string, subscriptionId: string, expires: number): string {
  return createHmac('sha256', secret)
    .update(`subscription-link:${websiteId}:${subscriptionId}:${expires}`)
    .digest('base64url');
}

export function signSubscriptionLink(secret: string, websiteId: string, subscriptionId: string, now: Date): SignedLink {
  const expires = Math.floor(now.getTime() / 1000) + LINK_DAYS * 86_400;
  return { subscriptionId, expires, signature: sign(secret, websiteId, subscriptionId, expires) };
}

export function subscriptionLinkUrl(origin: string, link: SignedLink): string {
  const url = new URL(SUBSCRIPTION_PAGE_PATH, origin);
  url.searchParams.set('subscription', link.subscriptionId);
  url.searchParams.set('expires', String(link.expires));
  url.searchParams.set('signature', link.signature);
  return url.href;
}

export type LinkCheck = { ok: true; subscriptionId: string } | { ok: false; reason: keyof typeof LINK_MESSAGES };

/** Reads a link's three fields (from a URL's query or a form) and checks them; the signature first, then the date. */
export function checkSubscriptionLink(
  secret: string,
  websiteId: string,
  fields: { subscription?: unknown; expires?: unknown; signature?: unknown },
  now: Date,
): LinkCheck {
  const { subscription, expires, signature } = fields;
  if (typeof subscription !== 'string' || typeof expires !== 'string' || typeof signature !== 'string') {
    return { ok: false, reason: 'invalid' };
  }
  if (!/^[0-9a-f]{24}$/.test(subscription) || !/^\d{1,12}$/.test(expires)) return { ok: false, reason: 'invalid' };
  const expected = Buffer.from(sign(secret, websiteId, subscription, Number(expires)));
  const sent = Buffer.from(signature);
  if (sent.length !== expected.length || !timingSafeEqual(sent, expected)) return { ok: false, reason: 'invalid' };
  if (Number(expires) * 1000 <= now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, subscriptionId: subscription };
}
