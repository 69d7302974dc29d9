/**
 * The `datetime-interval` formatter (`{start, end|datetime-interval yMMMd}`)
 * and message argument (`{0;1 datetime-interval}`). Without a skeleton it
 * shows times for a range within one day and dates otherwise.
 */
import type { Formatter } from '../../../engine/index.ts';
import { dateFormat, memo } from '../intl-cache.ts';
import { resolveLocale } from '../locale.ts';
import { optionValue, type ParsedOptions, parseOptions } from '../options.ts';
import { dateRangeText, dateText, wantsUnpad } from './date-text.ts';
import { capitalizeFirst } from './datetime.ts';
import { toEpoch } from './epoch.ts';
import { glueFor, joinDateTime, type Width } from './glue.ts';
import { skeletonOptions, splitSkeleton } from './skeleton.ts';
import { safeTimeZone } from './time-zone.ts';

type Options = Intl.DateTimeFormatOptions;

const WIDTHS = new Set<string>(['full', 'long', 'medium', 'short']);
const DAY_SKELETON: Options = { year: 'numeric', month: 'short', day: 'numeric' };
const TIME_SKELETON: Options = { hour: 'numeric', minute: 'numeric' };

export interface IntervalOptions {
  /** Skeleton options; undefined picks by the range's length. */
  readonly skeleton?: Options;
  readonly style?: Width;
  readonly capitalize: boolean;
}

const optionCache = new WeakMap<ParsedOptions, IntervalOptions>();

export function intervalOptions(options: ParsedOptions): IntervalOptions {
  let out = optionCache.get(options);
  if (out === undefined) {
    let text = optionValue(options, 'skeleton');
    let style: Width | undefined;
    const date = optionValue(options, 'date');
    if (date && WIDTHS.has(date)) style = date as Width;
    else text ??= date;
    for (const f of options.flags) {
      if (WIDTHS.has(f)) style ??= f as Width;
      else text ??= skeletonOptions(f) ? f : undefined;
    }
    const skeleton = text === undefined ? undefined : skeletonOptions(text);
    out = {
      skeleton,
      style: skeleton ? undefined : style,
      capitalize: optionValue(options, 'context') === 'begin-sentence',
    };
    optionCache.set(options, out);
  }
  return out;
}

const dayKeys = new Map<string, Intl.DateTimeFormat>();

function sameDay(a: number, b: number, timeZone: string): boolean {
  const f = memo(dayKeys, timeZone, () => new Intl.DateTimeFormat('en-US', { dateStyle: 'short', timeZone }));
  return f.format(a) === f.format(b);
}

const separators = new Map<string, string>();

/** The locale's separator between two full dates that share nothing ("{0} – {1}"). */
function fallbackSeparator(locale: string): string {
  return memo(separators, locale, () => {
    // Dates with times in different years have no interval pattern, so Intl uses the fallback.
    const parts = dateFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).formatRangeToParts(
      Date.UTC(2001, 0, 1),
      Date.UTC(2003, 0, 1),
    );
    const shared = parts.filter((p) => (p as { source?: string }).source === 'shared').map((p) => p.value);
    return shared.join('') || ' – ';
  });
}

/** formatInterval(s, e, 'en-US', 'America/New_York', opts) → 'Feb 24 – Jun 19, 2020' */
export function formatInterval(
  start: number,
  end: number,
  locale: string,
  timeZone: string,
  o: IntervalOptions,
): string {
  let out: string;
  if (o.style) {
    out = dateRangeText(start, end, locale, { dateStyle: o.style, timeZone });
  } else {
    const oneDay = sameDay(start, end, timeZone);
    let skeleton = o.skeleton ?? (oneDay ? TIME_SKELETON : DAY_SKELETON);
    let { date, time } = splitSkeleton(skeleton);
    const onlyWeekday = date !== undefined && time === undefined && Object.keys(date).every((k) => k === 'weekday');
    // A weekday alone cannot tell two times apart, so the time is added; a time alone gets the date across days.
    if (onlyWeekday) time = TIME_SKELETON;
    else if (date === undefined && !oneDay) date = DAY_SKELETON;
    skeleton = { ...date, ...time };
    if (date && time) out = splitRange(start, end, locale, timeZone, date, time, oneDay);
    else out = dateRangeText(start, end, locale, { ...skeleton, timeZone }, wantsUnpad(skeleton));
  }
  return o.capitalize ? capitalizeFirst(out, locale) : out;
}

// Date and time halves: within a day the date is shown once and the times as a range.
function splitRange(
  start: number,
  end: number,
  locale: string,
  timeZone: string,
  date: Options,
  time: Options,
  oneDay: boolean,
): string {
  const glue = glueFor(locale, date.month === 'long' ? 'long' : date.month === 'short' ? 'medium' : 'short');
  const dateOptions = { ...date, timeZone };
  const timeOptions = { ...time, timeZone };
  if (oneDay) {
    const d = dateText(start, locale, dateOptions, wantsUnpad(date));
    return joinDateTime(glue, d, dateRangeText(start, end, locale, timeOptions));
  }
  const one = (t: number) =>
    joinDateTime(glue, dateText(t, locale, dateOptions, wantsUnpad(date)), dateText(t, locale, timeOptions));
  return one(start) + fallbackSeparator(locale) + one(end);
}

export const datetimeIntervalFormatter: Formatter = {
  format: (_value, args, ctx, vars) => {
    const start = toEpoch(vars[0]);
    const end = toEpoch(vars[1]);
    if (start === undefined || end === undefined) return '';
    return formatInterval(
      start,
      end,
      resolveLocale(ctx.locale),
      safeTimeZone(ctx.timeZone),
      intervalOptions(parseOptions(args)),
    );
  },
};
