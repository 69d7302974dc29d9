/**
 * An image's `data-*` attributes (image-meta, image,
 * child-image-meta, cover-image-meta) and the parts video thumbnails share.
 */
import { childOf, type ExecContext, isTruthy } from '../../engine/index.ts';
import { readNumber } from '../../engine/read-number.ts';
import { isRecord } from '../json-values.ts';
import { renderMarkup } from '../markup.ts';
import { textOf } from './node-values.ts';
import { stripTags } from './strip-tags.ts';

/** Spec section 9: alt text falls back to at most 250 characters of stripped body. */
export const ALT_BODY_MAX = 250;

/** Title, else the stripped body (cut to ALT_BODY_MAX), else the file name. */
export function altText(image: unknown): string {
  const title = childOf(image, 'title');
  if (isTruthy(title)) return textOf(title);
  const body = childOf(image, 'body');
  if (isTruthy(body)) {
    const text = textOf(body);
    if (text !== '') return stripTags(text, ALT_BODY_MAX);
  }
  const filename = childOf(image, 'filename');
  return isTruthy(filename) ? textOf(filename) : '';
}

/** 'x,y' of mediaFocalPoint; the centre when the image has none. */
export function focalPoint(image: unknown): string {
  const point = childOf(image, 'mediaFocalPoint');
  if (point === undefined) return '0.5,0.5';
  return `${readNumber(childOf(point, 'x'), 'parse-float')},${readNumber(childOf(point, 'y'), 'parse-float')}`;
}

interface ImageMetaData {
  readonly licensed: boolean;
  readonly hasComponentKey: boolean;
  readonly componentKey: string;
  readonly src: string;
  readonly dimensions: string;
  readonly focalPoint: string;
  readonly alt: string;
  /** The image formatter's copy of the attributes escapes alt a second time, as the reference does. */
  readonly escapeAltTwice: boolean;
}

function imageMetaData(image: unknown, alt = altText(image), escapeAltTwice = false): ImageMetaData {
  const componentKey = childOf(image, 'componentKey');
  return {
    licensed: isRecord(childOf(image, 'licensedAssetPreview')),
    hasComponentKey: componentKey !== undefined,
    componentKey: textOf(componentKey),
    src: textOf(childOf(image, 'assetUrl')),
    dimensions: textOf(childOf(image, 'originalSize')),
    focalPoint: focalPoint(image),
    alt,
    escapeAltTwice,
  };
}

/** The attribute list (ending in a space, so more attributes can follow); '' for a missing image. */
export function renderImageMeta(image: unknown, ctx: ExecContext, alt?: string, escapeAltTwice = false): string {
  if (image === undefined) return '';
  return renderMarkup('content-image-meta', imageMetaData(image, alt, escapeAltTwice), ctx);
}
