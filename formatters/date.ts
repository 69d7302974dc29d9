/**
 * The date formatter family: `date` prints an instant (epoch milliseconds) with a
 * strftime-style pattern in the render's time zone (`ctx.timeZone`: render option,
 * else website.timeZone, else America/New_York; unknown zone names show UTC).
 */
import { DateTime } from 'luxon';
import type { FormatterTable } from '../engine/index.ts';
import { readNumber } from '../engine/read-number.ts';
import { INVALID_DATE, isShowableInstant } from './date/invalid-date.ts';
import { strftime } from './date/strftime.ts';
import { type DisplayZone, displayZone } from './date/zone.ts';

/** Locale-formatted date and time of an instant in the render's zone; '' for anything that is not an instant. */
function dateTimeField(value: unknown, locale: string, zone: DisplayZone): string {
  if (typeof value !== 'number') return '';
  if (!isShowableInstant(value)) return '';
  const dt = DateTime.fromMillis(value, { zone: zone.zone ?? 'utc' }).setLocale(locale);
  return dt.isValid ? dt.toLocaleString(DateTime.DATETIME_MED) : '';
}

export const dateFormatters: FormatterTable = {
  /** A form's date-time field value (epoch milliseconds), as the visitor's locale writes it. */
  datetimefield: {
    args: { min: 0, max: 0 },
    format: (value, _args, ctx) => dateTimeField(value, ctx.locale, displayZone(ctx.timeZone)),
  },
  date: {
    args: { min: 1 },
    format: (value, args, ctx) => {
      // The pattern may itself contain the argument delimiter: `{t|date %d %B}` is one pattern.
      const pattern = args.join(' ');
      if (pattern === '') return '';
      const ms = readNumber(value, 'leading-number');
      if (!isShowableInstant(ms)) return INVALID_DATE;
      return strftime(pattern, ms, displayZone(ctx.timeZone));
    },
  },
};
