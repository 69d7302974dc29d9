/** An image's sampled colours (its colorData), for image-color and video thumbnails. */
import { childOf, type ExecContext } from '../../engine/index.ts';
import { renderMarkup } from '../markup.ts';
import { textOf } from './node-values.ts';

/** The regions colorData samples, in attribute order. */
export const COLOR_REGIONS = ['topLeft', 'topRight', 'bottomLeft', 'bottomRight', 'center'] as const;

/** A region's colour (hex digits without '#'); '' when not sampled. */
export const regionColor = (colorData: unknown, region: string): string =>
  textOf(childOf(colorData, `${region}Average`));

/**
 * image-color: every region as data-color-* attributes; given a region name,
 * '#hex' (or 'PROPERTY: #hex' given a CSS property too).
 */
export function imageColor(image: unknown, args: readonly string[], ctx: ExecContext): string {
  const colorData = childOf(image, 'colorData');
  if (colorData === undefined) return '';
  const region = args[0];
  if (region === undefined) {
    const colors = COLOR_REGIONS.map((name) => ({ name, value: regionColor(colorData, name) }));
    return renderMarkup('content-image-colors', { colors }, ctx);
  }
  const color = regionColor(colorData, region);
  if (color === '') return `"${region}" not found.`;
  const property = args[1];
  return property === undefined ? `#${color}` : `${property}: #${color}`;
}
