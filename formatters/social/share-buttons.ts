/**
 * The share buttons container of an item (block or inline style). It is only
 * rendered when the site has chosen share buttons (website.shareButtonOptions).
 */
import { childOf, type ExecContext } from '../../engine/index.ts';
import { renderMarkup } from '../markup.ts';
import { textOf as scalarText } from '../scalar-text.ts';
import { lookupFrom } from './lookup-from.ts';

const STYLES = {
  block: { tag: 'div', style: 'button-style' },
  inline: { tag: 'span', style: 'inline-style' },
} as const;

/** Chosen options are a non-empty list or map; a bare true or string is not a choice. */
function hasOptions(options: unknown): boolean {
  if (options === null || typeof options !== 'object') return false;
  return Array.isArray(options) ? options.length > 0 : Object.keys(options).length > 0;
}

/** An image item is its own asset; other items share their main image. */
const own = (item: unknown, key: string, fallback: () => unknown): unknown =>
  childOf(item, key) !== undefined ? childOf(item, key) : fallback();

export function shareButtons(item: unknown, kind: keyof typeof STYLES, ctx: ExecContext): string {
  if (!hasOptions(lookupFrom(item, 'website.shareButtonOptions', ctx))) return '';
  return renderMarkup(
    'social-share-buttons',
    {
      ...STYLES[kind],
      systemDataId: scalarText(own(item, 'systemDataId', () => childOf(item, 'mainImageId'))),
      assetUrl: scalarText(own(item, 'assetUrl', () => childOf(childOf(item, 'mainImage'), 'assetUrl'))),
      recordType: scalarText(childOf(item, 'recordType')),
      fullUrl: scalarText(childOf(item, 'fullUrl')),
      title: scalarText(childOf(item, 'title')),
    },
    ctx,
  );
}
