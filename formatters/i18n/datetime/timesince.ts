/**
 * The `timesince` formatter: an English "about N units ago" inside a
 * `<span class="timesince" data-date="...">` that scripts can refresh.
 * Spec: wording by year, month, week, day, hour and minute; otherwise
 * 'less than a minute ago'. A value that is not a time prints 'Invalid date.'.
 */
import type { Formatter } from '../../../engine/index.ts';
import { renderMarkup } from '../../markup.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

// Largest unit first; each counts whole units (floor) of its length.
const STEPS: readonly { readonly below: number; readonly unit: number; readonly one: string; readonly many: string }[] =
  [
    { below: HOUR, unit: MINUTE, one: 'about a minute ago', many: 'about {n} minutes ago' },
    { below: DAY, unit: HOUR, one: 'about an hour ago', many: 'about {n} hours ago' },
    { below: 7 * DAY, unit: DAY, one: 'about a day ago', many: 'about {n} days ago' },
    { below: 30 * DAY, unit: 7 * DAY, one: 'about a week ago', many: 'about {n} weeks ago' },
    { below: 365 * DAY, unit: 30 * DAY, one: 'about a month ago', many: 'about {n} months ago' },
    { below: Number.POSITIVE_INFINITY, unit: 365 * DAY, one: 'about a year ago', many: 'about {n} years ago' },
  ];

/** timeSince(90_000) → 'about a minute ago' */
export function timeSince(elapsed: number): string {
  if (!(elapsed >= MINUTE)) return 'less than a minute ago';
  for (const step of STEPS) {
    if (elapsed < step.below) {
      const n = Math.floor(elapsed / step.unit);
      return n === 1 ? step.one : step.many.replace('{n}', String(n));
    }
  }
  return 'less than a minute ago';
}

function instant(value: unknown): { readonly epoch: number; readonly text: string } | undefined {
  // A missing or null date counts as the epoch, as the dialect always has.
  if (value === undefined || value === null) return { epoch: 0, text: '0' };
  if (typeof value === 'number' && Number.isFinite(value)) return { epoch: value, text: String(value) };
  if (typeof value === 'string' && /^-?\d+(?:\.\d+)?$/.test(value.trim())) {
    return { epoch: Number(value), text: value.trim() };
  }
  return undefined;
}

export const timesinceFormatter: Formatter = {
  format: (value, _args, ctx) => {
    const t = instant(value);
    if (t === undefined) return 'Invalid date.';
    return renderMarkup('i18n-timesince', { date: t.text, text: timeSince(ctx.now - t.epoch) }, ctx);
  },
};
