/** website-color: a stored website colour as CSS hsl()/hsla(). */
import { childOf } from '../../engine/index.ts';
import { readNumber } from '../../engine/read-number.ts';

// Spec section 5 messages, word for word; the reference runs them together with a space.
const HUE_OUT_OF_BOUNDS = 'Hue out of bounds.';
const SATURATION_OUT_OF_BOUNDS = 'Saturation out of bounds.';
const LIGHTNESS_OUT_OF_BOUNDS = 'Lightness out of bounds.';
const ALPHA_OUT_OF_BOUNDS = 'Alpha out of bounds.';
const MISSING_HSL = 'Missing an H/S/L value.';

const round2 = (n: number): number => Math.round(n * 100) / 100;

/**
 * {hue 0-360, saturation, lightness, alpha 0-1} (spec section 5 ranges) as
 * hsl()/hsla() with at most two decimals, or the spec's messages for missing
 * or out-of-range parts. Unreadable parts print as NaN, as in the reference:
 * saturation and lightness must be real numbers to be in bounds, while hue and
 * alpha need only not be out of them.
 */
export function websiteColor(value: unknown): string {
  const hue = childOf(value, 'hue');
  const saturation = childOf(value, 'saturation');
  const lightness = childOf(value, 'lightness');
  const alpha = childOf(value, 'alpha');
  if (hue === undefined || saturation === undefined || lightness === undefined) return MISSING_HSL;
  const h = readNumber(hue, 'parse-float');
  const s = readNumber(saturation, 'parse-float');
  const l = readNumber(lightness, 'parse-float');
  const a = alpha === undefined ? undefined : readNumber(alpha, 'parse-float');
  let errors = '';
  if (h < 0 || h > 360) errors += `${HUE_OUT_OF_BOUNDS} `;
  if (!(s >= 0 && s <= 1)) errors += `${SATURATION_OUT_OF_BOUNDS} `;
  if (!(l >= 0 && l <= 1)) errors += `${LIGHTNESS_OUT_OF_BOUNDS} `;
  if (a !== undefined && (a < 0 || a > 1)) errors += ALPHA_OUT_OF_BOUNDS;
  if (errors !== '') return errors;
  const hsl = `${round2(h)}, ${round2(s * 100)}%, ${round2(l * 100)}%`;
  return a === undefined ? `hsl(${hsl})` : `hsla(${hsl}, ${round2(a)})`;
}
