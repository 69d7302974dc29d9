/** color-weight: whether a hex colour is light or dark. */
import { textOf } from './node-values.ts';

/** Spec section 9: template light/dark threshold is half of 0xFFFFFF. */
const LIGHT_DARK_THRESHOLD = 0xffffff / 2;

/** Spec section 5: the template helper accepts hex of 3 to 6 digits. */
const TEMPLATE_HEX = /^#?([0-9a-fA-F]{3,6})$/;

/** 'light' or 'dark' for a hex colour (3 digits expand to 6); '' for anything else. */
export function colorWeight(value: unknown): string {
  const match = TEMPLATE_HEX.exec(textOf(value));
  if (!match) return '';
  let hex = match[1]!;
  if (hex.length === 3) hex = hex[0]! + hex[0] + hex[1] + hex[1] + hex[2] + hex[2];
  return Number.parseInt(hex, 16) > LIGHT_DARK_THRESHOLD ? 'light' : 'dark';
}
