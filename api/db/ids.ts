import { createHash, randomBytes } from 'node:crypto';

/** A new object id: 24 hex characters, the shape the platform's ids have. */
export function newId(): string {
  return randomBytes(12).toString('hex');
}

/**
 * An id derived from a name, for content that must keep its ids from one
 * load to the next (the demo site, so its pages and golden files are stable).
 */
export function stableId(name: string): string {
  return createHash('sha256').update(name).digest('hex').slice(0, 24);
}
