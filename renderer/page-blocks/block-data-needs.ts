/**
 * What a page's blocks point at, collected before rendering so the page
 * builder fetches it in a few queries (one per kind of record) instead of
 * one per block. Ids come out once each, in the order blocks first use them.
 */
import type { PageBlock } from '../../api/db/schema.ts';
import type { BlockOf, BlockTypeNumber } from './block-types.ts';
import { isKnownBlock } from './block-types.ts';
import { layoutBlocks } from './layout-blocks.ts';
import { summaryLimit } from './summary-limit.ts';

export interface BlockDataNeeds {
  formIds: string[];
  imageIds: string[];
  /** One entry per collection, with the largest limit any summary of it shows. */
  summaries: { collectionId: string; limit: number }[];
  /** Gallery collection ids. */
  galleries: string[];
}

interface Collected {
  readonly formIds: Set<string>;
  readonly imageIds: Set<string>;
  readonly summaries: Map<string, number>;
  readonly galleries: Set<string>;
}

type NeedsOf = { readonly [N in BlockTypeNumber]: (block: BlockOf<N>, into: Collected) => void };

const NEEDS: NeedsOf = {
  2: () => {},
  4: () => {},
  5: (block, into) => into.imageIds.add(block.imageId),
  8: (block, into) => into.galleries.add(block.collectionId),
  9: (block, into) => into.formIds.add(block.formId),
  51: (block, into) => into.formIds.add(block.formId),
  53: () => {},
  57: () => {},
  55: (block, into) => {
    const limit = summaryLimit(block.limit);
    into.summaries.set(block.collectionId, Math.max(limit, into.summaries.get(block.collectionId) ?? 0));
  },
};

/** blockDataNeeds([{ type: 9, formId: 'f' }, { type: 51, formId: 'f' }]).formIds → ['f'] */
export function blockDataNeeds(blocks: readonly PageBlock[]): BlockDataNeeds {
  const into: Collected = { formIds: new Set(), imageIds: new Set(), summaries: new Map(), galleries: new Set() };
  for (const block of layoutBlocks(blocks).blocks) {
    if (!isKnownBlock(block)) continue;
    // TypeScript cannot tie the table entry to the block's own type; NEEDS is checked per type above.
    (NEEDS[block.type] as (block: PageBlock, into: Collected) => void)(block, into);
  }
  return {
    formIds: [...into.formIds],
    imageIds: [...into.imageIds],
    summaries: [...into.summaries].map(([collectionId, limit]) => ({ collectionId, limit })),
    galleries: [...into.galleries],
  };
}
