/**
 * The view of one picture (templates/page-blocks/picture.html) from an image
 * in the page-context shape: the image itself, a gallery item or a post's
 * main image all carry assetUrl, originalSize, mediaFocalPoint, altText, title.
 */

import { parseDimensions } from '../../formatters/content/dimensions.ts';
import { childOf, textIfSet } from '../../formatters/json-values.ts';

export interface PictureView {
  readonly className: string;
  readonly src: string;
  /** Set only when originalSize gives positive whole numbers (spec section 5, image template). */
  readonly width: number | null;
  readonly height: number | null;
  readonly alt: string;
  /** 0..1 from the top left; the stylesheet turns it into object-position so crops keep the subject. */
  readonly focal: { readonly x: number; readonly y: number } | null;
  /** The picture likely largest on first paint (a page's first block): fetched at once, not lazily. */
  readonly eager?: boolean;
}

const isPositiveInteger = (n: number): boolean => Number.isInteger(n) && n > 0;

function size(image: unknown): { width: number | null; height: number | null } {
  const sides = parseDimensions(childOf(image, 'originalSize'));
  if (!sides || !isPositiveInteger(sides[0]) || !isPositiveInteger(sides[1])) return { width: null, height: null };
  return { width: sides[0], height: sides[1] };
}

const unit = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : null;

function focalPoint(image: unknown): PictureView['focal'] {
  const point = childOf(image, 'mediaFocalPoint');
  const x = unit(childOf(point, 'x'));
  const y = unit(childOf(point, 'y'));
  return x === null || y === null ? null : { x, y };
}

/** The owner's alt text, else the image's title; '' leaves the picture decorative. */
export function pictureAlt(image: unknown): string {
  const alt = textIfSet(childOf(image, 'altText'))?.trim();
  if (alt) return alt;
  return textIfSet(childOf(image, 'title'))?.trim() ?? '';
}

/** null when the value has no assetUrl to show. */
export function pictureView(image: unknown, className: string): PictureView | null {
  const src = textIfSet(childOf(image, 'assetUrl'));
  if (src === undefined) return null;
  return { className, src, ...size(image), alt: pictureAlt(image), focal: focalPoint(image) };
}
