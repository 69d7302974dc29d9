/**
 * The `datetime` formatter and message argument. Options:
 * `short|medium|long|full` (date and time), `date:STYLE|SKELETON`,
 * `time:STYLE|SKELETON`, `datetime:STYLE`, `skeleton:SKELETON` or a bare skeleton (`yMMMd`),
 * `wrap:WIDTH` (how date and time are joined), `context:begin-sentence`,
 * `calendar:japanese|buddhist|persian|iso8601|gregorian` (Gregorian otherwise).
 * With no options it prints the long date.
 */
import type { Formatter } from '../../../engine/index.ts';
import { resolveLocale } from '../locale.ts';
import { optionValue, type ParsedOptions, parseOptions } from '../options.ts';
import { dateText, wantsUnpad } from './date-text.ts';
import { toEpoch } from './epoch.ts';
import { glueFor, joinDateTime, type Width } from './glue.ts';
import { skeletonOptions, splitSkeleton } from './skeleton.ts';
import { safeTimeZone } from './time-zone.ts';

const WIDTHS = new Set<string>(['full', 'long', 'medium', 'short']);
const isWidth = (s: string | undefined): s is Width => s !== undefined && WIDTHS.has(s);

type Part = { readonly style: Width } | { readonly skeleton: Intl.DateTimeFormatOptions; readonly width: Width };

export interface DateTimeOptions {
  readonly date?: Part;
  readonly time?: Part;
  readonly wrap?: Width;
  readonly capitalize: boolean;
  /** An Intl calendar; undefined is Gregorian. */
  readonly calendar?: string;
}

// `calendar:NAME` as the reference reads it; any other name is Gregorian.
const CALENDARS: Record<string, string> = {
  gregorian: 'gregory',
  gregory: 'gregory',
  buddhist: 'buddhist',
  iso8601: 'iso8601',
  persian: 'persian',
  japanese: 'japanese',
};

const parsedCache = new WeakMap<ParsedOptions, DateTimeOptions>();

export function dateTimeOptions(options: ParsedOptions): DateTimeOptions {
  let out = parsedCache.get(options);
  if (out === undefined) {
    out = build(options);
    parsedCache.set(options, out);
  }
  return out;
}

function part(text: string | undefined): Part | undefined {
  if (text === undefined) return undefined;
  if (isWidth(text)) return { style: text };
  const skeleton = skeletonOptions(text);
  return skeleton ? { skeleton, width: skeletonWidth(skeleton) } : undefined;
}

// CLDR picks the date-time join by the date's month and weekday widths.
function skeletonWidth(o: Intl.DateTimeFormatOptions): Width {
  if (o.month === 'long') return o.weekday === 'long' ? 'full' : 'long';
  if (o.month === 'short') return 'medium';
  return 'short';
}

function build(options: ParsedOptions): DateTimeOptions {
  let date = part(optionValue(options, 'date'));
  let time = part(optionValue(options, 'time'));
  let skeleton = optionValue(options, 'skeleton');
  // `datetime:WIDTH` is both widths, as the bare width is; `datetime:SKELETON` a skeleton.
  const both = optionValue(options, 'datetime');
  if (isWidth(both)) {
    date ??= { style: both };
    time ??= { style: both };
  } else if (both !== undefined && skeletonOptions(both)) skeleton ??= both;
  for (const f of options.flags) {
    if (isWidth(f)) {
      date ??= { style: f };
      time ??= { style: f };
    } else if (f === 'date') date ??= { style: 'short' };
    else if (f === 'time') time ??= { style: 'short' };
    else skeleton ??= skeletonOptions(f) ? f : undefined;
  }
  const wrapText = optionValue(options, 'wrap');
  const capitalize = optionValue(options, 'context') === 'begin-sentence';
  const calendar = CALENDARS[optionValue(options, 'calendar') ?? ''];
  const skeletonOptionsFound = skeleton === undefined ? undefined : skeletonOptions(skeleton);
  if (skeletonOptionsFound && date === undefined) {
    // A skeleton with date and time fields is formatted as two halves joined like date and time styles.
    const halves = splitSkeleton(skeletonOptionsFound);
    if (halves.date) date = { skeleton: halves.date, width: skeletonWidth(halves.date) };
    if (halves.time && time === undefined) time = { skeleton: halves.time, width: 'short' };
    if (time === undefined || date === undefined) return { date: date ?? time, capitalize, calendar };
  }
  if (date === undefined && time === undefined) date = { style: 'long' };
  return { date, time, wrap: isWidth(wrapText) ? wrapText : undefined, capitalize, calendar };
}

function formatPart(
  epoch: number,
  locale: string,
  timeZone: string,
  p: Part,
  which: 'date' | 'time',
  calendar: string | undefined,
): string {
  if ('style' in p) {
    const options: Intl.DateTimeFormatOptions =
      which === 'date' ? { dateStyle: p.style, timeZone, calendar } : { timeStyle: p.style, timeZone, calendar };
    return dateText(epoch, locale, options);
  }
  return dateText(epoch, locale, { ...p.skeleton, timeZone, calendar }, wantsUnpad(p.skeleton));
}

const widthOf = (p: Part): Width => ('style' in p ? p.style : p.width);

/** formatDateTime(1582571080000, 'en-US', 'America/New_York', opts) → 'February 24, 2020' */
export function formatDateTime(epoch: number, locale: string, timeZone: string, o: DateTimeOptions): string {
  const { date, time, calendar } = o;
  let out: string;
  if (date && time) {
    const wrap = o.wrap ?? widthOf(date);
    if ('style' in date && 'style' in time && wrap === date.style) {
      out = dateText(epoch, locale, { dateStyle: date.style, timeStyle: time.style, timeZone, calendar });
    } else {
      const d = formatPart(epoch, locale, timeZone, date, 'date', calendar);
      const t = formatPart(epoch, locale, timeZone, time, 'time', calendar);
      out = joinDateTime(glueFor(locale, wrap), d, t);
    }
  } else {
    out = formatPart(epoch, locale, timeZone, (date ?? time)!, date ? 'date' : 'time', calendar);
  }
  return o.capitalize ? capitalizeFirst(out, locale) : out;
}

export function capitalizeFirst(text: string, locale: string): string {
  const first = text.codePointAt(0);
  if (first === undefined) return text;
  const ch = String.fromCodePoint(first);
  return ch.toLocaleUpperCase(locale) + text.slice(ch.length);
}

export const datetimeFormatter: Formatter = {
  format: (value, args, ctx) => {
    const epoch = toEpoch(value);
    if (epoch === undefined) return '';
    return formatDateTime(
      epoch,
      resolveLocale(ctx.locale),
      safeTimeZone(ctx.timeZone),
      dateTimeOptions(parseOptions(args)),
    );
  },
};
