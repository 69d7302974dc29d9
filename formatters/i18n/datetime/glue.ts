/**
 * The locale's pattern for joining a date and a time ("{date} at {time}",
 * "{date}, {time}"), per width. Intl does not expose it, so it is read off
 * Intl's own combined output once per locale and width.
 */
import { dateFormat, memo } from '../intl-cache.ts';

export type Width = 'full' | 'long' | 'medium' | 'short';

export interface Glue {
  readonly timeFirst: boolean;
  readonly before: string;
  readonly between: string;
  readonly after: string;
}

const SAMPLE = Date.UTC(2020, 1, 24, 14, 4, 40);
const glues = new Map<string, Glue>();

const FALLBACK: Glue = { timeFirst: false, before: '', between: ' ', after: '' };

export function glueFor(locale: string, width: Width): Glue {
  return memo(glues, `${locale}|${width}`, () => {
    const both = dateFormat(locale, { dateStyle: width, timeStyle: width, timeZone: 'UTC' }).format(SAMPLE);
    const date = dateFormat(locale, { dateStyle: width, timeZone: 'UTC' }).format(SAMPLE);
    const time = dateFormat(locale, { timeStyle: width, timeZone: 'UTC' }).format(SAMPLE);
    const d = both.indexOf(date);
    const t = both.indexOf(time);
    if (d < 0 || t < 0) return FALLBACK;
    if (d < t) {
      return {
        timeFirst: false,
        before: both.slice(0, d),
        between: both.slice(d + date.length, t),
        after: both.slice(t + time.length),
      };
    }
    return {
      timeFirst: true,
      before: both.slice(0, t),
      between: both.slice(t + time.length, d),
      after: both.slice(d + date.length),
    };
  });
}

export function joinDateTime(glue: Glue, date: string, time: string): string {
  return glue.timeFirst
    ? glue.before + time + glue.between + date + glue.after
    : glue.before + date + glue.between + time + glue.after;
}
