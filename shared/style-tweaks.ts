/**
 * A template's style tweaks as the style panel shows and checks them: what
 * each declares in its stylesheet (`// tweak: { "type": "color", ... }`,
 * renderer/template-package/package-styles.ts), and whether a value fits
 * it: colours by spec section 5's rules (colour-rules.ts), fonts and
 * dropdowns among their options, sizes within their range. Shared by the
 * style panel and the server.
 */
import { checkColour } from './colour-rules.ts';

export interface TweakInfo {
  /** The key of the website's tweak values (tweakJSON). */
  name: string;
  type: string;
  title: string;
  default: string;
  options?: string[];
  min?: number;
  max?: number;
  step?: number;
  unit?: string;
}

export const TWEAK_MESSAGES = {
  notAnOption: 'Please choose one of the options.',
  sizeRange: (tweak: TweakInfo) =>
    `Please enter a size from ${tweak.min ?? 0}${tweak.unit ?? ''} to ${tweak.max ?? 9999}${tweak.unit ?? ''}.`,
  checkbox: 'Please choose on or off.',
  text: 'This value cannot hold ; { } < > or a backslash, and is at most 200 characters.',
  unknown: 'This template has no such style setting.',
} as const;

/** The value as stored, or the message for it. */
export function checkTweakValue(
  tweak: TweakInfo,
  value: unknown,
): { ok: true; value: string | boolean } | { ok: false; message: string } {
  if (tweak.type === 'checkbox') {
    return typeof value === 'boolean' ? { ok: true, value } : { ok: false, message: TWEAK_MESSAGES.checkbox };
  }
  if (typeof value !== 'string' && typeof value !== 'number') return { ok: false, message: TWEAK_MESSAGES.text };
  const text = String(value).trim();
  if (tweak.type === 'color') {
    const colour = checkColour(text);
    return colour.ok ? { ok: true, value: colour.css } : colour;
  }
  if (tweak.options) {
    return tweak.options.includes(text)
      ? { ok: true, value: text }
      : { ok: false, message: TWEAK_MESSAGES.notAnOption };
  }
  if (tweak.min !== undefined || tweak.max !== undefined) {
    const unit = tweak.unit ?? '';
    const match = /^(-?\d+(?:\.\d+)?)([a-z%]*)$/i.exec(text);
    const number = match ? Number(match[1]) : Number.NaN;
    const inRange =
      match !== null &&
      (match[2] === '' || match[2] === unit) &&
      number >= (tweak.min ?? Number.NEGATIVE_INFINITY) &&
      number <= (tweak.max ?? Number.POSITIVE_INFINITY);
    return inRange ? { ok: true, value: `${number}${unit}` } : { ok: false, message: TWEAK_MESSAGES.sizeRange(tweak) };
  }
  if (text === '' || text.length > 200 || /[;{}<>\\]/.test(text)) return { ok: false, message: TWEAK_MESSAGES.text };
  return { ok: true, value: text };
}

/** Every value checked against its tweak: the values to store, or each tweak's message by its name. */
export function checkTweakValues(
  tweaks: readonly TweakInfo[],
  values: Readonly<Record<string, unknown>>,
): { ok: true; values: Record<string, string | boolean> } | { ok: false; problems: Record<string, string> } {
  const byName = new Map(tweaks.map((tweak) => [tweak.name, tweak]));
  const checked: Record<string, string | boolean> = {};
  const problems: Record<string, string> = {};
  for (const [name, value] of Object.entries(values)) {
    const tweak = byName.get(name);
    if (!tweak) {
      problems[name] = TWEAK_MESSAGES.unknown;
      continue;
    }
    const result = checkTweakValue(tweak, value);
    if (result.ok) checked[name] = result.value;
    else problems[name] = result.message;
  }
  return Object.keys(problems).length > 0 ? { ok: false, problems } : { ok: true, values: checked };
}
