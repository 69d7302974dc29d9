/** image: an image element for the lazy loader, with a noscript fallback. */
import { childOf, type ExecContext } from '../../engine/index.ts';
import { readNumber } from '../../engine/read-number.ts';
import { renderMarkup } from '../markup.ts';
import { altText, renderImageMeta } from './image-meta.ts';
import { textOf } from './node-values.ts';

/** The block type of image blocks, whose alt text the owner sets explicitly. */
const IMAGE_BLOCK = 5;

const DEFAULT_CLASS = 'thumb-image';

/** An image block's altText (trimmed); any other image's title, body or file name. */
function imageAlt(image: unknown, ctx: ExecContext): string {
  if (readNumber(ctx.lookup('blockType'), 'parse-float') === IMAGE_BLOCK)
    return textOf(childOf(image, 'altText')).trim();
  return altText(image);
}

/** `{img|image CLASS}`; with no class (or more than one argument) the class is thumb-image. */
export function image(value: unknown, args: readonly string[], ctx: ExecContext): string {
  const alt = value === undefined ? '' : imageAlt(value, ctx);
  const meta = renderImageMeta(value, ctx, alt, true);
  return renderMarkup(
    'content-image',
    {
      src: textOf(childOf(value, 'assetUrl')),
      alt,
      className: args.length === 1 ? args[0] : DEFAULT_CLASS,
      meta,
      id: textOf(childOf(value, 'id')),
    },
    ctx,
  );
}
