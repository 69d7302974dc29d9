/**
 * Spec section 9: a layout holds at most 60 blocks. The renderer enforces it
 * too, so a row that got past the editor cannot make one page fetch and
 * render without bound.
 */
import type { PageBlock } from '../../api/db/schema.ts';
import { MAX_BLOCKS_PER_LAYOUT } from '../../shared/content-schemas.ts';

// One number for the editor's check (shared/content-schemas.ts) and this one.
export { MAX_BLOCKS_PER_LAYOUT };

/** The blocks a page shows, in order, and how many were left out for going over the limit. */
export function layoutBlocks(blocks: readonly PageBlock[]): { blocks: readonly PageBlock[]; dropped: number } {
  if (!Array.isArray(blocks)) return { blocks: [], dropped: 0 };
  if (blocks.length <= MAX_BLOCKS_PER_LAYOUT) return { blocks, dropped: 0 };
  return { blocks: blocks.slice(0, MAX_BLOCKS_PER_LAYOUT), dropped: blocks.length - MAX_BLOCKS_PER_LAYOUT };
}
