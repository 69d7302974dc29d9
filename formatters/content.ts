/**
 * The content formatter family: images (meta attributes, srcset, sizes,
 * colours), video and audio players, item classes and small text helpers.
 * Markup comes from templates/markup/content-*.html; helpers live in ./content/.
 */
import { type ArgumentRule, childOf, type FormatterTable } from '../engine/index.ts';
import { colorWeight } from './content/color-weight.ts';
import {
  heightForWidth,
  INVALID_SOURCE,
  parseDimensions,
  thumbnailForWidth,
  widthForHeight,
} from './content/dimensions.ts';
import { humanizeDuration } from './content/humanize-duration.ts';
import { image } from './content/image.ts';
import { imageColor } from './content/image-color.ts';
import { renderImageMeta } from './content/image-meta.ts';
import { imageSrcset } from './content/image-srcset.ts';
import { itemClasses } from './content/item-classes.ts';
import { intArgument, textOf } from './content/node-values.ts';
import { VIDEO_FLAGS, video } from './content/video.ts';
import { websiteColor } from './content/website-color.ts';
import { renderMarkup } from './markup.ts';

const NO_ARGS: ArgumentRule = { min: 0, max: 0 };

const isInteger = (arg: string): boolean => /^-?\d+$/.test(arg);

/** One whole-number size in pixels, e.g. `{size|resizedHeightForWidth 300}`. */
const SIZE_ARG: ArgumentRule = {
  min: 1,
  max: 1,
  check: (args) => (isInteger(args[0]!) ? undefined : `expects a whole number of pixels, got '${args[0]}'`),
};

/** Formats a 'WxH' size, or prints the spec's fallback when the value is not one. */
function withDimensions(value: unknown, use: (size: readonly [number, number]) => unknown): unknown {
  const size = parseDimensions(value);
  return size ? use(size) : INVALID_SOURCE;
}

/** The value's side at `index` of 'WxH'; '' unless the text has exactly two sides. */
const side = (value: unknown, index: 0 | 1): unknown => parseDimensions(value)?.[index] ?? '';

export const contentFormatters: FormatterTable = {
  AbsUrl: {
    args: NO_ARGS,
    format: (value, _args, ctx) => `${textOf(ctx.lookup('base-url'))}/${textOf(value)}`,
  },
  'audio-player': {
    args: NO_ARGS,
    format: (value, _args, ctx) =>
      renderMarkup(
        'content-audio-player',
        {
          url: textOf(childOf(childOf(value, 'structuredContent'), 'audioAssetUrl')),
          id: textOf(childOf(value, 'id')),
        },
        ctx,
      ),
  },
  'child-image-meta': {
    args: {
      min: 0,
      max: 1,
      check: (args) =>
        args.length === 0 || /^\d+$/.test(args[0]!) ? undefined : `expects the child's index, got '${args[0]}'`,
    },
    format: (value, args, ctx) => {
      const index = Number.parseInt(args[0] ?? '0', 10);
      if (Number.isNaN(index)) return '';
      return renderImageMeta(childOf(childOf(value, 'items'), index), ctx);
    },
  },
  'cover-image-meta': {
    format: (value, _args, ctx) => renderImageMeta(childOf(value, 'coverImage'), ctx),
  },
  'color-weight': { args: NO_ARGS, format: (value) => colorWeight(value) },
  height: { args: NO_ARGS, format: (value) => side(value, 1) },
  humanizeDuration: { args: NO_ARGS, format: (value) => humanizeDuration(value) },
  image: { args: { min: 0, max: 1 }, format: (value, args, ctx) => image(value, args, ctx) },
  'image-color': { args: { min: 0, max: 2 }, format: (value, args, ctx) => imageColor(value, args, ctx) },
  'image-meta': { format: (value, _args, ctx) => renderImageMeta(value, ctx) },
  'image-srcset': { format: (value, _args, ctx) => imageSrcset(value, ctx) },
  'item-classes': { args: NO_ARGS, format: (value, _args, ctx) => itemClasses(value, ctx) },
  resizedHeightForWidth: {
    args: SIZE_ARG,
    format: (value, args) => withDimensions(value, (size) => heightForWidth(size, intArgument(args[0]))),
  },
  resizedWidthForHeight: {
    args: SIZE_ARG,
    format: (value, args) => withDimensions(value, (size) => widthForHeight(size, intArgument(args[0]))),
  },
  squarespaceThumbnailForHeight: {
    args: SIZE_ARG,
    format: (value, args) =>
      withDimensions(value, (size) => thumbnailForWidth(widthForHeight(size, intArgument(args[0])))),
  },
  squarespaceThumbnailForWidth: {
    args: SIZE_ARG,
    // The width alone decides; the value is not read.
    format: (_value, args) => thumbnailForWidth(intArgument(args[0])),
  },
  'website-color': { args: NO_ARGS, format: (value) => websiteColor(value) },
  width: { args: NO_ARGS, format: (value) => side(value, 0) },
  video: {
    args: {
      min: 0,
      max: VIDEO_FLAGS.length,
      check: (args) => {
        const unknown = args.find((a) => !(VIDEO_FLAGS as readonly string[]).includes(a));
        return unknown === undefined ? undefined : `unknown flag '${unknown}' (expected ${VIDEO_FLAGS.join(' or ')})`;
      },
    },
    format: (value, args, ctx) => video(value, args, ctx),
  },
};
