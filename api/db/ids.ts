import { createHash, randomBytes } from 'node:crypto';

/** isId('5f0c…') is true for any string shaped like an id newId or stableId makes. */
export function isId(value: string): boolean {
  return /^[0-9a-f]{24}$/.test(value);
}

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
