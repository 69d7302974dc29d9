/**
 * The gallery options (spec section 3) a gallery block's layout reads, with
 * the spec's ranges and defaults applied, so an out-of-range stored value
 * cannot break the layout.
 */

import { flagOf } from '../../formatters/content/node-values.ts';
import { childOf, textIfSet } from '../../formatters/json-values.ts';
import { GALLERY_OPTIONS } from '../../predicates/content/gallery.ts';
import { oneOf } from './one-of.ts';

/** Spec aspect-ratio names → CSS aspect-ratio values. */
export const GALLERY_ASPECT_RATIOS = {
  square: '1 / 1',
  standard: '3 / 2',
  'standard-vertical': '2 / 3',
  'four-three': '4 / 3',
  'three-four-vertical': '3 / 4',
  widescreen: '16 / 9',
  'anamorphic-widescreen': '2.4 / 1',
} as const;

type AspectRatioName = keyof typeof GALLERY_ASPECT_RATIOS;
type GalleryDesign = (typeof GALLERY_OPTIONS.design.values)[number];

const DEFAULT_ASPECT_RATIO: AspectRatioName = 'square';
const THUMBNAILS_PER_ROW = { min: 1, max: 10, default: 4 } as const;
const PADDING = { min: 0, max: 50, default: 20 } as const;
const AUTOPLAY_DURATION = { min: 1, max: 10, default: 5 } as const;
const THUMBNAIL_STRIP_HEIGHT = { min: 0, max: 200, default: 80 } as const;
const THUMBNAIL_STRIP_MARGIN = { min: 0, max: 60, default: 20 } as const;
const MAX_WIDTH = { min: 100, max: 300, default: 300 } as const;

export interface GalleryLayout {
  readonly design: GalleryDesign;
  /** Slideshow and slider scroll sideways, so their strip must be reachable by keyboard. */
  readonly scrolls: boolean;
  readonly crop: boolean;
  readonly columns: number;
  /** Pixels. */
  readonly gap: number;
  readonly ratio: string;
  readonly showMeta: boolean;
  /** Pictures open in the lightbox dialog instead of their pages. */
  readonly lightbox: boolean;
  readonly lightboxTheme: 'dark' | 'light';
  /** Seconds between moves of a slideshow or slider that plays by itself; null when it does not. */
  readonly autoplaySeconds: number | null;
  /** Pixels. */
  readonly thumbnailStripHeight: number;
  /** Pixels. */
  readonly thumbnailStripMargin: number;
  /** A slider picture's widest, in pixels. */
  readonly maxWidth: number;
  /** Picture pages open in a new tab (only without the lightbox, which opens nothing). */
  readonly newWindow: boolean;
  readonly transparentBackground: boolean;
}

function whole(value: unknown, range: { min: number; max: number; default: number }): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return range.default;
  return Math.min(range.max, Math.max(range.min, Math.round(value)));
}

export function galleryLayout(options: unknown): GalleryLayout {
  const design = oneOf(childOf(options, 'design'), GALLERY_OPTIONS.design.values, GALLERY_OPTIONS.design.default);
  const ratioName = oneOf(
    textIfSet(childOf(options, 'aspect-ratio')),
    Object.keys(GALLERY_ASPECT_RATIOS) as AspectRatioName[],
    DEFAULT_ASPECT_RATIO,
  );
  const autoCrop = childOf(options, 'auto-crop');
  return {
    design,
    scrolls: design === 'slideshow' || design === 'slider',
    // Spec: auto-crop defaults to true, so only a stored "off" turns it off.
    crop: autoCrop === undefined || autoCrop === null || flagOf(autoCrop),
    columns: whole(childOf(options, 'thumbnails-per-row'), THUMBNAILS_PER_ROW),
    gap: whole(childOf(options, 'padding'), PADDING),
    ratio: GALLERY_ASPECT_RATIOS[ratioName],
    showMeta: flagOf(childOf(options, 'show-meta')),
    lightbox: flagOf(childOf(options, 'lightbox')),
    lightboxTheme: textIfSet(childOf(options, 'lightboxTheme')) === 'light' ? 'light' : 'dark',
    autoplaySeconds:
      (design === 'slideshow' || design === 'slider') && flagOf(childOf(options, 'autoplay'))
        ? whole(childOf(options, 'autoplay-duration'), AUTOPLAY_DURATION)
        : null,
    thumbnailStripHeight: whole(childOf(options, 'thumbnail-strip-height'), THUMBNAIL_STRIP_HEIGHT),
    thumbnailStripMargin: whole(childOf(options, 'thumbnail-strip-margin'), THUMBNAIL_STRIP_MARGIN),
    maxWidth: whole(childOf(options, 'max-width'), MAX_WIDTH),
    newWindow: !flagOf(childOf(options, 'lightbox')) && flagOf(childOf(options, 'newWindow')),
    transparentBackground: flagOf(childOf(options, 'transparentBackground')),
  };
}
