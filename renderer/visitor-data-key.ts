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
  return digest(serialize(data));
}

const digest = (text: string) => createHash('sha256').update(text).digest('base64url');

/**
 * Each object's text, by identity: much of a visitor's data is the same objects from one request to the next
 * (their cart kept by its version, the checkout rules kept by the content version, the checkout's prices kept
 * beside the cart), and nothing changes an object once made, so its text is made once. JSON.stringify with a
 * replacer for Maps and bigints was 15% of a kept checkout page's CPU.
 */
const texts = new WeakMap<object, string>();

/**
 * Past this length an object's text stands in its parent's as its digest (`#` and 43 characters, which no
 * other text starts with): the key of a page whose data is mostly kept objects then hashes a few digests,
 * not the kilobytes of the cart and its prices again each time.
 */
const DIGESTED_OVER = 256;

/** Like JSON, with what JSON drops or flattens to `{}` kept apart: undefined, bigints, Maps, Sets, Dates. */
function serialize(value: unknown): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'object':
      break;
    case 'bigint':
      return `${value}n`;
    case 'undefined':
      return 'u';
    default:
      // Strings, numbers, booleans; a function or symbol is no data (JSON leaves them out too).
      return JSON.stringify(value) ?? typeof value;
  }
  const known = texts.get(value);
  if (known !== undefined) return known;
  let text: string;
  if (Array.isArray(value)) text = `[${value.map(serialize).join(',')}]`;
  else if (value instanceof Map) text = `M[${[...value].map(([k, v]) => `${serialize(k)}:${serialize(v)}`).join(',')}]`;
  else if (value instanceof Set) text = `S[${[...value].map(serialize).join(',')}]`;
  else if (value instanceof Date) text = `D${value.getTime()}`;
  else {
    const record = value as Record<string, unknown>;
    text = `{${Object.keys(record)
      .map((key) => `${JSON.stringify(key)}:${serialize(record[key])}`)
      .join(',')}}`;
  }
  if (text.length > DIGESTED_OVER) text = `#${digest(text)}`;
  texts.set(value, text);
  return text;
}
