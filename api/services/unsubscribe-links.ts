/**
 * The signed link in every newsletter email (page type 300): the address in
 * the clear (base64url) and an HMAC of it with the server's secret
 * (renderer/server-secret.ts), for this website and this purpose only, so a
 * link cannot be edited to unsubscribe someone else nor carried to another
 * site. The same address is the List-Unsubscribe header's, which a mail
 * program posts to for one-click unsubscribe (RFC 8058).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { mailingListAddress } from '../repositories/mailing-list-repository.ts';

export const UNSUBSCRIBE_PATH = '/newsletter/unsubscribe';

/** What the secret signs: a purpose of its own, so no other signed value (a crumb) can pass for one. */
function signature(secret: string, websiteId: string, address: string): Buffer {
  return createHmac('sha256', secret).update(`newsletter-unsubscribe\n${websiteId}\n${address}`).digest();
}

/** unsubscribeToken(secret, 'w1', 'Ada@example.com') → 'YWRhQGV4YW1wbGUuY29t.<43 characters>' */
export function unsubscribeToken(secret: string, websiteId: string, email: string): string {
  const address = mailingListAddress(email);
  return `${Buffer.from(address).toString('base64url')}.${signature(secret, websiteId, address).toString('base64url')}`;
}

/** The address a token was made for, when its signature holds for this website; undefined otherwise. */
export function readUnsubscribeToken(secret: string, websiteId: string, token: string): string | undefined {
  const match = /^([A-Za-z0-9_-]{1,500})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return undefined;
  const address = Buffer.from(match[1]!, 'base64url').toString('utf8');
  if (address === '' || address !== mailingListAddress(address)) return undefined;
  const sent = Buffer.from(match[2]!, 'base64url');
  const expected = signature(secret, websiteId, address);
  return sent.length === expected.length && timingSafeEqual(sent, expected) ? address : undefined;
}

export function unsubscribeUrl(origin: string, token: string): string {
  const url = new URL(UNSUBSCRIBE_PATH, origin);
  url.searchParams.set('token', token);
  return url.href;
}

/** The headers a mail program offers its own unsubscribe button with, posting once without asking (RFC 8058). */
export function listUnsubscribeHeaders(url: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}
