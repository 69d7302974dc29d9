/**
 * The unlock cookie: the password-protected collections this browser has
 * opened, each with an HMAC under the server's secret (like the crumb,
 * api/http/crumb.ts) over the website, the collection and its password's
 * hash, so nobody without the secret can forge one and a new password
 * closes the collection to every browser again. No end date: it lasts the
 * browser session.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { UNLOCK_COOKIE } from '../api/cookie-names.ts';

/** A browser keeps a few unlocked pages at most; the oldest go first. */
const MAX_UNLOCKED = 20;
const ENTRY = /^([A-Za-z0-9_-]{1,64})\.([0-9a-f]{32})$/;

/** A password-protected collection, or the site-wide lock (api/repositories/site-lock-repository.ts). */
export interface Lockable {
  id: string;
  passwordHash: string | null;
}

function mac(secret: string, websiteId: string, collection: Lockable): string {
  return createHmac('sha256', secret)
    .update(`unlock:${websiteId}:${collection.id}:${collection.passwordHash ?? ''}`)
    .digest('hex')
    .slice(0, 32);
}

function entries(value: string | undefined): Array<{ id: string; mac: string }> {
  if (!value) return [];
  return value.split(',').flatMap((part) => {
    const match = ENTRY.exec(part);
    return match ? [{ id: match[1]!, mac: match[2]! }] : [];
  });
}

/** The ids of the collections the cookie truly unlocks, among those given. */
export function unlockedIds(
  secret: string,
  websiteId: string,
  cookieValue: string | undefined,
  collections: readonly Lockable[],
): Set<string> {
  const byId = new Map(collections.map((c) => [c.id, c]));
  const open = new Set<string>();
  for (const entry of entries(cookieValue)) {
    const collection = byId.get(entry.id);
    if (!collection?.passwordHash) continue;
    const expected = Buffer.from(mac(secret, websiteId, collection));
    const sent = Buffer.from(entry.mac);
    if (expected.length === sent.length && timingSafeEqual(expected, sent)) open.add(collection.id);
  }
  return open;
}

/** Adds a collection to the browser's unlock cookie. */
export function setUnlocked(
  request: FastifyRequest,
  reply: FastifyReply,
  secret: string,
  websiteId: string,
  collection: Lockable,
  cookieValue: string | undefined,
): void {
  const kept = entries(cookieValue).filter((entry) => entry.id !== collection.id);
  const next = [...kept, { id: collection.id, mac: mac(secret, websiteId, collection) }].slice(-MAX_UNLOCKED);
  reply.setCookie(UNLOCK_COOKIE, next.map((entry) => `${entry.id}.${entry.mac}`).join(','), {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
  });
}
