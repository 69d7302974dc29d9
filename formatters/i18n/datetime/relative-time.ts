/**
 * The `relative-time` formatter: how far an instant is from the render's
 * `now`, in the largest fitting unit ("3 hours ago", "in 4 months",
 * "yesterday"). `field:day` fixes the unit; `width:short|narrow` shortens it;
 * `context:begin-sentence` capitalizes; `allowWeeks:true` counts 7+ days in weeks;
 * digit options (`maxfrac:1`) keep a fraction of the unit ("in 20.7 days").
 */
import type { Formatter } from '../../../engine/index.ts';
import { numberFormat, relativeFormat } from '../intl-cache.ts';
import { resolveLocale } from '../locale.ts';
import { type DigitOptions, digitOptions, intlDigits } from '../number-format.ts';
import { optionBoolean, optionValue, type ParsedOptions, parseOptions } from '../options.ts';
import { capitalizeFirst } from './datetime.ts';
import { toEpoch } from './epoch.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const YEAR = 365.25 * DAY;
const MONTH = YEAR / 12;
const WEEK = 7 * DAY;

const UNIT_MS: Record<string, number> = {
  second: SECOND,
  minute: MINUTE,
  hour: HOUR,
  day: DAY,
  week: WEEK,
  month: MONTH,
  quarter: 3 * MONTH,
  year: YEAR,
};

const STYLES = new Set(['long', 'short', 'narrow']);

/**
 * The unit a distance reads best in, as the reference picks it: the largest calendar field
 * that is not zero. Seconds, minutes and hours below a day; then days below one whole
 * calendar month from now; months below twelve; years.
 */
function bestUnit(now: number, ms: number): Intl.RelativeTimeFormatUnit {
  const a = Math.abs(ms);
  if (a < MINUTE) return 'second';
  if (a < HOUR) return 'minute';
  if (a < DAY) return 'hour';
  const months = wholeMonths(now, now + ms);
  if (months < 1) return 'day';
  if (months < 12) return 'month';
  return 'year';
}

/** Halves go to the even neighbour: 90 seconds is 2 minutes, half a day is today. */
function roundHalfEven(x: number): number {
  const floor = Math.floor(x);
  const diff = x - floor;
  if (diff > 0.5) return floor + 1;
  if (diff < 0.5) return floor;
  return floor % 2 === 0 ? floor : floor + 1;
}

function style(options: ParsedOptions): Intl.RelativeTimeFormatStyle {
  const w = optionValue(options, 'width', 'format', 'style');
  return w !== undefined && STYLES.has(w) ? (w as Intl.RelativeTimeFormatStyle) : 'long';
}

/** `at` moved by whole calendar months (UTC), the day kept or clamped to the month's last. */
function addMonths(at: number, months: number): number {
  const d = new Date(at);
  const first = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1);
  const f = new Date(first);
  const last = new Date(Date.UTC(f.getUTCFullYear(), f.getUTCMonth() + 1, 0)).getUTCDate();
  return (
    first +
    (Math.min(d.getUTCDate(), last) - 1) * DAY +
    (at - Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()))
  );
}

/** Whole calendar months from `a` towards `b`, whichever way that is. */
function wholeMonths(a: number, b: number): number {
  const sign = b < a ? -1 : 1;
  const passed = (n: number) => sign * (addMonths(a, sign * n) - b) > 0;
  let whole = Math.floor(Math.abs(b - a) / MONTH);
  while (!passed(whole + 1)) whole++;
  while (whole > 0 && passed(whole)) whole--;
  return whole;
}

/**
 * Calendar years or months between two instants: whole calendar months stepped from `a`
 * (now), plus the rest in average months, rolled up into years (42 years 3 months 1 day →
 * 42.25 years), as the reference counts.
 */
function calendarAmount(a: number, b: number, unit: 'year' | 'month'): number {
  const whole = wholeMonths(a, b);
  const start = addMonths(a, (b < a ? -1 : 1) * whole);
  // The rest counts in average Gregorian months (365.2425 / 12 days), as the reference rolls it up.
  const months = whole + Math.abs(b - start) / ((365.2425 / 12) * DAY);
  return unit === 'year' ? months / 12 : months;
}

/** The distance in `unit`, unsigned: calendar months and years, fixed lengths below. */
function unitAmount(now: number, ms: number, unit: Intl.RelativeTimeFormatUnit): number {
  return unit === 'year' || unit === 'month' ? calendarAmount(now, now + ms, unit) : Math.abs(ms) / UNIT_MS[unit]!;
}

const hasDigits = (d: DigitOptions): boolean =>
  d.minInt !== undefined ||
  d.minFrac !== undefined ||
  d.maxFrac !== undefined ||
  d.minSig !== undefined ||
  d.maxSig !== undefined;

/**
 * With digit options (`maxfrac:1`) the amount keeps its fraction ("in 20.7 days"): the
 * number is formatted with those options and put where Intl put its own.
 */
function withDigits(
  now: number,
  ms: number,
  unit: Intl.RelativeTimeFormatUnit,
  locale: string,
  options: ParsedOptions,
  digits: DigitOptions,
): string {
  const exact = unitAmount(now, ms, unit);
  const intl = intlDigits(digits);
  const shown = numberFormat(locale, intl).format(exact);
  // The same rounding, read back as a number, picks the plural form.
  const rounded = Number(numberFormat('en-US', { ...intl, useGrouping: false, minimumIntegerDigits: 1 }).format(exact));
  const amount = ms < 0 ? -rounded : rounded;
  const numeric = optionBoolean(options, 'numericOnly') ? 'always' : 'auto';
  const parts = relativeFormat(locale, { numeric, style: style(options) }).formatToParts(amount, unit);
  let out = '';
  let placed = false;
  for (const part of parts) {
    if (part.type === 'literal') out += part.value;
    else if (!placed) {
      out += shown;
      placed = true;
    }
  }
  return out;
}

export function formatRelative(ms: number, locale: string, options: ParsedOptions, now = 0): string {
  const field = optionValue(options, 'field');
  let unit = (field !== undefined && UNIT_MS[field] ? field : bestUnit(now, ms)) as Intl.RelativeTimeFormatUnit;
  // `allowWeeks:true`: a week or more that would read in days reads in weeks ("in 3 weeks").
  if (field === undefined && unit === 'day' && Math.abs(ms) >= WEEK && optionValue(options, 'allowWeeks') === 'true') {
    unit = 'week';
  }
  const digits = digitOptions(options);
  if (hasDigits(digits)) {
    const text = withDigits(now, ms, unit, locale, options, digits);
    return optionValue(options, 'context') === 'begin-sentence' ? capitalizeFirst(text, locale) : text;
  }
  // Rounded away from the sign, so a past instant under half a unit stays past ("0 days ago").
  const rounded = roundHalfEven(unitAmount(now, ms, unit));
  const amount = ms < 0 ? -rounded : rounded;
  const numeric = optionBoolean(options, 'numericOnly') ? 'always' : 'auto';
  const text = relativeFormat(locale, { numeric, style: style(options) }).format(amount, unit);
  return optionValue(options, 'context') === 'begin-sentence' ? capitalizeFirst(text, locale) : text;
}

export const relativeTimeFormatter: Formatter = {
  format: (value, args, ctx) => {
    const epoch = toEpoch(value);
    if (epoch === undefined) return '';
    return formatRelative(epoch - ctx.now, resolveLocale(ctx.locale), parseOptions(args), ctx.now);
  },
};
