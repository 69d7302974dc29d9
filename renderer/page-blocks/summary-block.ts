/**
 * summary-v2 (55): a few items of another collection (products, posts,
 * events) with a heading linking to it. Prices, marks and dates go through
 * the same formatters the collection pages use, so they read the same.
 */

import { RECORD_TYPES } from '../../domain/spec-enums.ts';
import { arrayOf, childOf, isRecord, textIfSet } from '../../formatters/json-values.ts';
import type { BlockHandler } from './block-handler.ts';
import { collectionLink } from './collection-link.ts';
import { pageBlockError } from './page-block-errors.ts';
import { type PictureView, pictureView } from './picture-view.ts';
import { summaryLimit } from './summary-limit.ts';

const SUMMARY_DESIGNS = ['grid', 'list', 'carousel'] as const;
type SummaryDesign = (typeof SUMMARY_DESIGNS)[number];

interface SummaryItemView {
  readonly title: string;
  readonly url: string;
  readonly picture: PictureView | null;
  /** The item itself for the product-price and product-status formatters; null for anything but a product. */
  readonly product: unknown;
  /** Owner HTML, shown as stored like on the collection page. */
  readonly excerpt: string | null;
  /** Epoch ms for the date formatter: when the item was published; null for events and products. */
  readonly date: number | null;
  /** An event's start and end (epoch ms), shown as one interval like the events pages show it. */
  readonly when: { readonly start: number; readonly end: number } | null;
}

const epoch = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** The item's main image, else the item itself when it carries one, else a product's first picture. */
function itemPicture(item: unknown): PictureView | null {
  const main = childOf(item, 'mainImage');
  if (isRecord(main)) return pictureView(main, 'summary-item__image');
  return (
    pictureView(item, 'summary-item__image') ?? pictureView(arrayOf(item, 'items')[0], 'summary-item__image') ?? null
  );
}

function eventWhen(item: unknown): SummaryItemView['when'] {
  const start = epoch(childOf(item, 'startDate'));
  if (start === null) return null;
  return { start, end: epoch(childOf(item, 'endDate')) ?? start };
}

function itemView(item: unknown): SummaryItemView {
  const isProduct = childOf(item, 'recordType') === RECORD_TYPES['store-item'];
  const when = isProduct ? null : eventWhen(item);
  return {
    title: textIfSet(childOf(item, 'title')) ?? '',
    url: textIfSet(childOf(item, 'fullUrl')) ?? '#',
    picture: itemPicture(item),
    product: isProduct ? item : null,
    excerpt: isProduct ? null : (textIfSet(childOf(item, 'excerpt')) ?? null),
    date: isProduct || when ? null : (epoch(childOf(item, 'publishOn')) ?? epoch(childOf(item, 'addedOn'))),
    when,
  };
}

export const summaryBlock: BlockHandler<55> = (block, ctx) => {
  const summary = ctx.data.summaries.get(block.collectionId);
  if (summary === undefined) {
    const error = pageBlockError('MISSING_COLLECTION', { index: ctx.index, kind: ctx.kind, id: block.collectionId });
    return { missing: { what: 'collection', error } };
  }
  const design: SummaryDesign = SUMMARY_DESIGNS.includes(block.design) ? block.design : 'grid';
  const items = Array.isArray(summary.items) ? summary.items : [];
  return {
    view: {
      titleId: `${ctx.domId}-title`,
      collection: collectionLink(summary.collection),
      design,
      carousel: design === 'carousel',
      items: items.slice(0, summaryLimit(block.limit)).map(itemView),
      // The product formatters look these up from the item outwards, as they would in a page context.
      website: ctx.data.website,
      productMerchandisingContext: summary.merchandising ?? {},
      featureFlags: { useCLDRMoneyFormat: childOf(ctx.data.website, 'useCLDRMoneyFormat') === true },
    },
  };
};
