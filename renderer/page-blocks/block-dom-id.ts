/**
 * Element ids for blocks and their form controls. They depend only on the
 * block's place and content, so the same page renders byte for byte the same
 * (golden files stay stable), and two blocks never share an id even when
 * they show the same form.
 */
import { createHash } from 'node:crypto';

const ID_DIGEST_LENGTH = 12;

/** blockDomId(3, { type: 2, html: '<p>Hi</p>' }) → 'block-5d41402abc4b' */
export function blockDomId(index: number, block: unknown): string {
  const digest = createHash('sha256')
    .update(`${index}:${JSON.stringify(block)}`)
    .digest('hex');
  return `block-${digest.slice(0, ID_DIGEST_LENGTH)}`;
}

/** Stored ids become id-attribute text: anything but letters, digits, '-' and '_' turns into '-'. */
export function idPart(text: string): string {
  return text.replace(/[^A-Za-z0-9_-]/g, '-');
}
