/**
 * The key part for a page kept for one visitor alone (their cart, their
 * checkout): a digest of everything the page's data holds of them. The rest
 * of such a page is the site's data under the content version, the address
 * and the template, which the rest of its key names, and the render is a
 * function of its context; so a request whose visitor data reads the same
 * gets the same page, and any change to the cart, its prices, a gift card's
 * balance, a discount's uses or a payment's state makes another key.
 */
import { createHash } from 'node:crypto';
import type { VisitorData } from './page-context/page-data.ts';

export function visitorDataKey(data: VisitorData): string {
  return createHash('sha256').update(JSON.stringify(data, plainValue)).digest('base64url');
}

/** What JSON would drop or flatten to `{}`: a Map's or Set's entries and a bigint say what they hold. */
function plainValue(_key: string, value: unknown): unknown {
  if (value instanceof Map) return { map: [...value] };
  if (value instanceof Set) return { set: [...value] };
  if (typeof value === 'bigint') return `${value}n`;
  return value;
}
