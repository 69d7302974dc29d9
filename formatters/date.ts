/**
 * The date formatter family: `date` prints an instant (epoch milliseconds) with a
 * strftime-style pattern in the render's time zone (`ctx.timeZone`: render option,
 * else website.timeZone, else America/New_York; unknown zone names show UTC).
 */
import type { FormatterTable } from '../engine/index.ts';
import { INVALID_DATE, isShowableInstant } from './date/invalid-date.ts';
import { looseNumber } from './date/loose-number.ts';
import { strftime } from './date/strftime.ts';
import { displayZone } from './date/zone.ts';

export const dateFormatters: FormatterTable = {
  date: {
    args: { min: 1 },
    format: (value, args, ctx) => {
      // The pattern may itself contain the argument delimiter: `{t|date %d %B}` is one pattern.
      const pattern = args.join(' ');
      if (pattern === '') return '';
      const ms = looseNumber(value);
      if (!isShowableInstant(ms)) return INVALID_DATE;
      return strftime(pattern, ms, displayZone(ctx.timeZone));
    },
  },
};
