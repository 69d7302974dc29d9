/** video: the wrapper a video block's player mounts into, with its overlay thumbnail. */
import { childOf, type ExecContext, isTruthy } from '../../engine/index.ts';
import { renderMarkup } from '../markup.ts';
import { COLOR_REGIONS, regionColor } from './image-color.ts';
import { focalPoint } from './image-meta.ts';
import { textOf } from './node-values.ts';

/** Flags a template may pass: `{@|video load-false color-data}`. */
export const VIDEO_FLAGS = ['load-false', 'color-data'] as const;

function thumbnail(video: unknown, withColors: boolean) {
  if (!isTruthy(childOf(video, 'mainImageId')) && !isTruthy(childOf(video, 'systemDataId'))) return null;
  const colorData = childOf(video, 'colorData');
  const colors =
    withColors && isTruthy(colorData)
      ? COLOR_REGIONS.map((region) => ({ name: region.toLowerCase(), value: regionColor(colorData, region) }))
      : [];
  return {
    src: textOf(childOf(video, 'assetUrl')),
    dimensions: textOf(childOf(video, 'originalSize')),
    focalPoint: focalPoint(video),
    colors,
  };
}

export function video(value: unknown, args: readonly string[], ctx: ExecContext): string {
  const oembed = childOf(value, 'oembed');
  return renderMarkup(
    'content-video',
    {
      loadFalse: args.includes('load-false'),
      html: textOf(childOf(oembed, 'html')),
      provider: textOf(childOf(oembed, 'providerName')),
      overlay: isTruthy(childOf(value, 'overlay')),
      thumbnail: thumbnail(value, args.includes('color-data')),
    },
    ctx,
  );
}
