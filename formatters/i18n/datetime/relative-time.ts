/**
 * The `relative-time` formatter: how far an instant is from the render's
 * `now`, in the largest fitting unit ("3 hours ago", "in 4 months",
 * "yesterday"). `field:day` fixes the unit; `width:short|narrow` shortens it;
 * `context:begin-sentence` capitalizes.
 */
import type { Formatter } from '../../../engine/index.ts';
import { relativeFormat } from '../intl-cache.ts';
import { resolveLocale } from '../locale.ts';
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

/** The unit a distance reads best in: days up to 30, then months up to a year. */
function bestUnit(ms: number): Intl.RelativeTimeFormatUnit {
  const a = Math.abs(ms);
  if (a < MINUTE) return 'second';
  if (a < HOUR) return 'minute';
  if (a < DAY) return 'hour';
  if (a < 30.5 * DAY) return 'day';
  if (a < 365 * DAY) return 'month';
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

export function formatRelative(ms: number, locale: string, options: ParsedOptions): string {
  const field = optionValue(options, 'field');
  const unit = (field !== undefined && UNIT_MS[field] ? field : bestUnit(ms)) as Intl.RelativeTimeFormatUnit;
  // Rounded away from the sign, so a past instant under half a unit stays past ("0 days ago").
  const rounded = roundHalfEven(Math.abs(ms) / UNIT_MS[unit]!);
  const amount = ms < 0 ? -rounded : rounded;
  const numeric = optionBoolean(options, 'numericOnly') ? 'always' : 'auto';
  const text = relativeFormat(locale, { numeric, style: style(options) }).format(amount, unit);
  return optionValue(options, 'context') === 'begin-sentence' ? capitalizeFirst(text, locale) : text;
}

export const relativeTimeFormatter: Formatter = {
  format: (value, args, ctx) => {
    const epoch = toEpoch(value);
    if (epoch === undefined) return '';
    return formatRelative(epoch - ctx.now, resolveLocale(ctx.locale), parseOptions(args));
  },
};
