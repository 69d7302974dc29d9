/**
 * The block types a page collection's layout can hold (spec section 3,
 * block types), by number, and the kind name each one goes by in markup
 * (`{kind}-block` class) and in templates/page-blocks/{kind}.html.
 */
import type { PageBlock } from '../../api/db/schema.ts';
import { BLOCK_TYPES } from '../../domain/spec-enums.ts';

export type BlockTypeNumber = PageBlock['type'];

/** The stored block of one type: BlockOf<9> is `{ type: 9; formId: string }`. */
export type BlockOf<N extends BlockTypeNumber> = Extract<PageBlock, { type: N }>;

export const BLOCK_KINDS = {
  [BLOCK_TYPES.html]: 'html',
  [BLOCK_TYPES.map]: 'map',
  [BLOCK_TYPES.image]: 'image',
  [BLOCK_TYPES.gallery]: 'gallery',
  [BLOCK_TYPES.form]: 'form',
  [BLOCK_TYPES.newsletter]: 'newsletter',
  [BLOCK_TYPES.button]: 'button',
  [BLOCK_TYPES['summary-v2']]: 'summary-v2',
  [BLOCK_TYPES.donation]: 'donation',
} as const satisfies Record<BlockTypeNumber, string>;

export type BlockKind = (typeof BLOCK_KINDS)[BlockTypeNumber];

/** Blocks come from JSONB, so a row written by an older or newer builder may hold a type this code does not know. */
export function isKnownBlock(block: unknown): block is PageBlock {
  if (block === null || typeof block !== 'object') return false;
  const type = (block as { type?: unknown }).type;
  return typeof type === 'number' && Object.hasOwn(BLOCK_KINDS, type);
}
