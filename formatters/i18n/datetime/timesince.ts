/**
 * The `timesince` formatter: an English "about N units ago" inside a
 * `<span class="timesince" data-date="...">` that scripts can refresh.
 * Spec: wording by year, month, week, day, hour and minute; otherwise
 * 'less than a minute ago'. A value that is not a time prints 'Invalid date.'.
 */
import type { Formatter } from '../../../engine/index.ts';
import { readNumber } from '../../../engine/read-number.ts';
import { toOutputString } from '../../json-values.ts';
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

// Read as the dialect reads dates: '12abc' → 12, null or missing → the epoch; unreadable text is no time.
function instant(value: unknown): { readonly epoch: number; readonly text: string } | undefined {
  const epoch = readNumber(value, 'leading-number');
  // data-date shows the number read ('00012' → 12, '-0' → 0), as the reference does.
  return Number.isFinite(epoch) ? { epoch, text: toOutputString(epoch) } : undefined;
}

export const timesinceFormatter: Formatter = {
  format: (value, _args, ctx) => {
    const t = instant(value);
    if (t === undefined) return 'Invalid date.';
    return renderMarkup('i18n-timesince', { date: t.text, text: timeSince(ctx.now - t.epoch) }, ctx);
  },
};
