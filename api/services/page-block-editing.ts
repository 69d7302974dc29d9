/**
 * A page's layout of blocks as the owner edits it: add, edit, move and
 * remove, each a saved revision of the page's collection (revisioned-save.ts).
 * A block is checked before it is stored: what it names must be the
 * website's own (the right kind of form or collection), a text block's HTML
 * is sanitized, and a layout holds at most 60 blocks (spec section 9).
 */

import { compareMinorUnits } from '../../domain/money/minor-units.ts';
import { COLLECTION_TYPES } from '../../domain/spec-enums.ts';
import {
  type BlockTypeNumber,
  CONTENT_MESSAGES,
  MAX_BLOCKS_PER_LAYOUT,
  type PageBlockInput,
} from '../../shared/content-schemas.ts';
import { ApiError } from '../api-errors.ts';
import { newId } from '../db/ids.ts';
import type { Collection, PageBlock } from '../db/schema.ts';
import type { Db } from '../repositories/transaction.ts';
import { collectionKindOf, formOf, imageExists, invalidInput } from './content-references.ts';
import { type SaveContext, saveCollection } from './revisioned-save.ts';
import { sanitizeRichText } from './rich-text-sanitizer.ts';

type BlockOf<N extends BlockTypeNumber> = Extract<PageBlockInput, { type: N }>;
/** A block as stored, or the problems of its fields (by field name under `block.`). */
type Checked = { block: PageBlock } | { problems: Record<string, string> };
type BlockCheck<N extends BlockTypeNumber> = (block: BlockOf<N>, db: Db, websiteId: string) => Promise<Checked>;

const problem = (field: string, message: string): Checked => ({ problems: { [`block.${field}`]: message } });

/** One check per block type; a type added to the schema without its check fails to compile. */
const BLOCK_CHECKS: { readonly [N in BlockTypeNumber]: BlockCheck<N> } = {
  2: async (block) => ({ block: { type: 2, html: sanitizeRichText(block.html) } }),
  4: async (block) => ({ block: { type: 4, location: block.location } }),
  5: async (block, db, websiteId) =>
    (await imageExists(db, websiteId, block.imageId))
      ? { block: { type: 5, imageId: block.imageId, ...(block.caption ? { caption: block.caption } : {}) } }
      : problem('imageId', 'Please choose one of the site’s images.'),
  8: async (block, db, websiteId) => {
    const collection = await collectionKindOf(db, websiteId, block.collectionId);
    return collection?.typeName === 'gallery'
      ? { block: { type: 8, collectionId: block.collectionId } }
      : problem('collectionId', 'Please choose one of the site’s galleries.');
  },
  9: async (block, db, websiteId) =>
    (await formOf(db, websiteId, block.formId))
      ? { block: { type: 9, formId: block.formId } }
      : problem('formId', 'Please choose one of the site’s forms.'),
  51: async (block, db, websiteId) =>
    (await formOf(db, websiteId, block.formId))?.isNewsletter
      ? { block: { type: 51, formId: block.formId } }
      : problem('formId', 'Please choose one of the site’s newsletter forms.'),
  53: async (block) => ({ block: { type: 53, label: block.label, href: block.href } }),
  55: async (block, db, websiteId) => {
    const collection = await collectionKindOf(db, websiteId, block.collectionId);
    const listable = collection && !isPageCollection(collection);
    return listable
      ? { block: { type: 55, collectionId: block.collectionId, limit: block.limit, design: block.design } }
      : problem('collectionId', 'Please choose a collection of items (a blog, store, gallery or events).');
  },
  57: async (block) => checkDonationBlock(block),
};

/** The donation block's amounts must make a form a visitor can send: something to choose, inside its own limits. */
function checkDonationBlock(block: BlockOf<57>): Checked {
  const { minimum, maximum } = block;
  if (compareMinorUnits(minimum, maximum) > 0) return problem('minimum', CONTENT_MESSAGES.donationMinimumAboveMaximum);
  const presets = [...new Set(block.presetAmounts)].sort((a, b) => compareMinorUnits(a, b));
  if (presets.length === 0 && !block.allowCustom) return problem('presetAmounts', CONTENT_MESSAGES.donationNoAmount);
  if (presets.some((amount) => compareMinorUnits(amount, minimum) < 0 || compareMinorUnits(amount, maximum) > 0)) {
    return problem('presetAmounts', CONTENT_MESSAGES.donationPresetOutOfRange);
  }
  return {
    block: {
      type: 57,
      // Kept across edits, so links to the donate page and the donations recorded under it stay the cause's.
      key: block.key ?? newId().slice(-12),
      title: block.title,
      description: block.description,
      presetAmounts: presets,
      allowCustom: block.allowCustom,
      minimum,
      maximum,
    },
  };
}

export function isPageCollection(collection: { type: number; typeName: string }): boolean {
  return (
    collection.type === COLLECTION_TYPES.page ||
    collection.type === COLLECTION_TYPES['splash-page'] ||
    collection.typeName === 'page' ||
    collection.typeName === 'splash-page'
  );
}

/** A block as it will be stored, or a 400 naming the field that is wrong. */
export async function checkBlock(db: Db, websiteId: string, block: PageBlockInput): Promise<PageBlock> {
  const check = BLOCK_CHECKS[block.type] as BlockCheck<BlockTypeNumber>;
  const checked = await check(block as never, db, websiteId);
  if ('problems' in checked) invalidInput(checked.problems);
  return checked.block;
}

function requirePage(collection: Collection): void {
  if (!isPageCollection(collection)) throw new ApiError('not-a-page');
}

function requireIndex(blocks: readonly unknown[], index: number): void {
  if (!Number.isSafeInteger(index) || index < 0 || index >= blocks.length) throw new ApiError('block-not-found');
}

export async function addBlock(
  db: Db,
  collectionId: string,
  context: SaveContext,
  input: { block: PageBlockInput; index?: number },
): Promise<Collection> {
  return saveCollection(db, collectionId, context, async (current, trx) => {
    requirePage(current);
    if (current.blocks.length >= MAX_BLOCKS_PER_LAYOUT) throw new ApiError('too-many-blocks');
    const block = await checkBlock(trx, context.websiteId, input.block);
    const at = Math.min(input.index ?? current.blocks.length, current.blocks.length);
    return { blocks: [...current.blocks.slice(0, at), block, ...current.blocks.slice(at)] };
  });
}

export async function editBlock(
  db: Db,
  collectionId: string,
  context: SaveContext,
  input: { index: number; block: PageBlockInput },
): Promise<Collection> {
  return saveCollection(db, collectionId, context, async (current, trx) => {
    requirePage(current);
    requireIndex(current.blocks, input.index);
    const block = await checkBlock(trx, context.websiteId, input.block);
    return { blocks: current.blocks.map((old, i) => (i === input.index ? block : old)) };
  });
}

export async function moveBlock(
  db: Db,
  collectionId: string,
  context: SaveContext,
  input: { index: number; to: number },
): Promise<Collection> {
  return saveCollection(db, collectionId, context, async (current) => {
    requirePage(current);
    requireIndex(current.blocks, input.index);
    const blocks = [...current.blocks];
    const [moved] = blocks.splice(input.index, 1);
    blocks.splice(Math.min(input.to, blocks.length), 0, moved!);
    return { blocks };
  });
}

export async function removeBlock(
  db: Db,
  collectionId: string,
  context: SaveContext,
  input: { index: number },
): Promise<Collection> {
  return saveCollection(db, collectionId, context, async (current) => {
    requirePage(current);
    requireIndex(current.blocks, input.index);
    return { blocks: current.blocks.filter((_, i) => i !== input.index) };
  });
}

/** The whole layout at once: a preview of the editor's unsaved blocks (its transaction is rolled back). */
export async function replaceBlocks(
  db: Db,
  collectionId: string,
  context: SaveContext,
  blocks: readonly PageBlockInput[],
): Promise<Collection> {
  return saveCollection(db, collectionId, context, async (current, trx) => {
    requirePage(current);
    if (blocks.length > MAX_BLOCKS_PER_LAYOUT) throw new ApiError('too-many-blocks');
    const checked: PageBlock[] = [];
    for (const block of blocks) checked.push(await checkBlock(trx, context.websiteId, block));
    return { blocks: checked };
  });
}
