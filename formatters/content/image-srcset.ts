/** image-srcset: a srcset attribute from the widths the image service stored for an image. */
import { childOf, type ExecContext } from '../../engine/index.ts';
import { isRecord } from '../json-values.ts';
import { renderMarkup } from '../markup.ts';
import { IMAGE_BREAKPOINTS } from './dimensions.ts';
import { textOf } from './node-values.ts';

const BREAKPOINT_NAMES = IMAGE_BREAKPOINTS.map((w) => `${w}w`);

interface SrcsetEntry {
  readonly format: string;
  readonly width: string;
}

/**
 * systemDataVariants is a comma list of stored formats ('100w,300w,original');
 * the width ones become srcset entries. When the widest is a breakpoint with a
 * larger one above it, the original is offered at that next breakpoint, since
 * the service stores no bigger copy.
 */
function entries(variants: string): SrcsetEntry[] {
  const list: SrcsetEntry[] = variants
    .split(',')
    .filter((v) => v.endsWith('w'))
    .map((v) => ({ format: v, width: v }));
  const last = list[list.length - 1];
  if (last) {
    const i = BREAKPOINT_NAMES.indexOf(last.format);
    if (i >= 0 && i < BREAKPOINT_NAMES.length - 1) list.push({ format: 'original', width: BREAKPOINT_NAMES[i + 1]! });
  }
  return list;
}

/** ' srcset="…"' for an image; anything that is not an image object passes through unchanged. */
export function imageSrcset(image: unknown, ctx: ExecContext): unknown {
  if (!isRecord(image)) return image;
  const variants = childOf(image, 'systemDataVariants');
  if (typeof variants !== 'string') return '';
  const list = entries(variants);
  if (list.length === 0) return '';
  return renderMarkup('content-image-srcset', { url: textOf(childOf(image, 'assetUrl')), entries: list }, ctx);
}
