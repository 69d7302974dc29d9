/**
 * Image sizes given as 'WIDTHxHEIGHT' (an image's originalSize): reading them,
 * scaling them, and picking the stored thumbnail width for a display size.
 */
import { textOf } from './node-values.ts';

/** Spec section 8 display fallback, word for word. */
export const INVALID_SOURCE = "Invalid source parameter. Pass in 'originalSize'";

/** The widths the image service stores (spec section 9 breakpoints). */
export const IMAGE_BREAKPOINTS = [100, 300, 500, 750, 1000, 1500, 2500] as const;

/** Thumbnails are picked from the breakpoints up to 1500w; anything wider gets 1500w. */
const THUMBNAIL_WIDTHS = IMAGE_BREAKPOINTS.slice(0, -1);

/** [width, height] (NaN where a side is not a number), or undefined unless the text is exactly two sides. */
export function parseDimensions(value: unknown): readonly [number, number] | undefined {
  const sides = textOf(value).split('x');
  if (sides.length !== 2) return undefined;
  return [Number.parseInt(sides[0]!, 10), Number.parseInt(sides[1]!, 10)];
}

/**
 * The reference truncates to a 32-bit integer, which also turns the NaN and
 * Infinity of a zero or unreadable side into 0.
 */
const toInt32 = (n: number): number => n | 0;

export function heightForWidth([width, height]: readonly [number, number], requestedWidth: number): number {
  return toInt32((requestedWidth * height) / width);
}

export function widthForHeight([width, height]: readonly [number, number], requestedHeight: number): number {
  return toInt32((requestedHeight * width) / height);
}

/** The smallest stored width that covers `width`, as the image service's format name ('300w'). */
export function thumbnailForWidth(width: number): string {
  const fit = THUMBNAIL_WIDTHS.find((w) => width <= w) ?? THUMBNAIL_WIDTHS[THUMBNAIL_WIDTHS.length - 1]!;
  return `${fit}w`;
}
