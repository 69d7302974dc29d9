/**
 * A page collection's blocks → the page's main content HTML. Each block's
 * handler prepares a view, its template in templates/page-blocks/ renders
 * it, and the result is wrapped in the block's <div class="sqs-block ...">.
 * Never throws: a block that cannot be shown leaves an HTML comment and an
 * error, and the rest of the page renders.
 */
import type { PageBlock } from '../../api/db/schema.ts';
import { blockDomId } from './block-dom-id.ts';
import type { BlockContext, BlockHandler, BlockHandlers, BlockOutcome } from './block-handler.ts';
import { renderBlockTemplate } from './block-templates.ts';
import { BLOCK_KINDS, type BlockKind, isKnownBlock } from './block-types.ts';
import { buttonBlock } from './button-block.ts';
import { donationBlock } from './donation-block.ts';
import { newsletterBlock, websiteFormBlock } from './form-block.ts';
import { galleryBlock } from './gallery-block.ts';
import { htmlBlock } from './html-block.ts';
import { imageBlock } from './image-block.ts';
import { layoutBlocks, MAX_BLOCKS_PER_LAYOUT } from './layout-blocks.ts';
import { mapBlock } from './map-block.ts';
import type { PageBlockData, PageBlockOptions } from './page-block-data.ts';
import { type PageBlockError, pageBlockError } from './page-block-errors.ts';
import { summaryBlock } from './summary-block.ts';

const HANDLERS: BlockHandlers = {
  2: htmlBlock,
  4: mapBlock,
  5: imageBlock,
  8: galleryBlock,
  9: websiteFormBlock,
  51: newsletterBlock,
  53: buttonBlock,
  55: summaryBlock,
  57: donationBlock,
};

export interface PageBlocksResult {
  readonly html: string;
  /** Missing references, unknown block or field types, and template errors of the blocks. */
  readonly errors: PageBlockError[];
}

function runHandler(block: PageBlock, ctx: BlockContext): BlockOutcome {
  // TypeScript cannot tie the table entry to the block's own type; HANDLERS is checked per type above.
  return (HANDLERS[block.type] as BlockHandler<PageBlock['type']>)(block as never, ctx);
}

/** What stands where a block could not be shown: a comment, so the page source says why. */
function leftOut(kind: BlockKind | 'unknown', id: string, reason: string, options: PageBlockOptions): string {
  return renderBlockTemplate('missing', { kind, id, reason }, options).output;
}

function renderBlock(
  block: PageBlock,
  index: number,
  data: PageBlockData,
  options: PageBlockOptions,
  errors: PageBlockError[],
): string {
  const domId = blockDomId(index, block);
  if (!isKnownBlock(block)) {
    const type = String((block as { type?: unknown } | null)?.type);
    errors.push(pageBlockError('UNKNOWN_BLOCK_TYPE', { index, type }));
    return leftOut('unknown', domId, 'unknown block type', options);
  }
  const kind = BLOCK_KINDS[block.type];
  const ctx: BlockContext = { index, kind, domId, data, options, report: (error) => errors.push(error) };
  try {
    const outcome = runHandler(block, ctx);
    if ('missing' in outcome) {
      errors.push(outcome.missing.error);
      return leftOut(kind, domId, `${outcome.missing.what} not found`, options);
    }
    const content = renderBlockTemplate(kind, outcome.view, options);
    const wrapped = renderBlockTemplate(
      'block',
      { kind, type: block.type, id: domId, content: content.output },
      options,
    );
    errors.push(...content.errors, ...wrapped.errors);
    return wrapped.output;
  } catch (e) {
    // Stored data is loosely typed JSON; one odd block must not take the page down with it.
    errors.push(pageBlockError('BLOCK_FAILED', { index, kind, detail: e instanceof Error ? e.message : String(e) }));
    return leftOut(kind, domId, 'could not be rendered', options);
  }
}

/**
 * renderPageBlocks([{ type: 53, label: 'Shop', href: '/shop' }], data, { locale: 'en-US', timeZone, now })
 * → { html: '<div class="sqs-block button-block" data-block-type="53" id="block-…">…</div>', errors: [] }
 */
export function renderPageBlocks(
  blocks: readonly PageBlock[],
  data: PageBlockData,
  options: PageBlockOptions,
): PageBlocksResult {
  const errors: PageBlockError[] = [];
  const layout = layoutBlocks(blocks);
  if (layout.dropped > 0) {
    const count = layout.blocks.length + layout.dropped;
    errors.push(pageBlockError('TOO_MANY_BLOCKS', { count, limit: MAX_BLOCKS_PER_LAYOUT }));
  }
  const html = layout.blocks.map((block, index) => renderBlock(block, index, data, options, errors)).join('\n');
  return { html, errors };
}
