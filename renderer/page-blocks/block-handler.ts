/**
 * What a block handler gets and gives back. A handler only prepares the view
 * its kind's template renders; the markup stays in templates/page-blocks/.
 */
import type { BlockKind, BlockOf, BlockTypeNumber } from './block-types.ts';
import type { PageBlockData, PageBlockOptions } from './page-block-data.ts';
import type { PageBlockError } from './page-block-errors.ts';

export interface BlockContext {
  /** The block's place in the layout, 0-based. */
  readonly index: number;
  readonly kind: BlockKind;
  /** The wrapper's element id; also the prefix of every id inside the block. */
  readonly domId: string;
  readonly data: PageBlockData;
  readonly options: PageBlockOptions;
  /** Problems that leave the block standing (a form field of an unknown type) go here. */
  readonly report: (error: PageBlockError) => void;
}

/** The view for the kind's template, or why the block cannot be shown (it then renders only a comment). */
export type BlockOutcome = { readonly view: unknown } | { readonly missing: MissingReference };

export interface MissingReference {
  /** What was not found, for the comment: 'form', 'image', 'collection'. */
  readonly what: string;
  readonly error: PageBlockError;
}

export type BlockHandler<N extends BlockTypeNumber> = (block: BlockOf<N>, ctx: BlockContext) => BlockOutcome;

/** One handler per block type; leaving a type out fails to compile. */
export type BlockHandlers = { readonly [N in BlockTypeNumber]: BlockHandler<N> };
