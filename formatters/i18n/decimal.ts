/** The `decimal` formatter: a number in the render's locale. */
import type { Formatter } from '../../engine/index.ts';
import { toDecimal } from './decimal-value.ts';
import { resolveLocale } from './locale.ts';
import { formatNumber, numberOptions } from './number-format.ts';
import { parseOptions } from './options.ts';

export const decimalFormatter: Formatter = {
  format: (value, args, ctx) => {
    const decimal = toDecimal(value);
    if (decimal === undefined) return '';
    // Grouping is opt-in for the formatter (`{n|decimal group}`), unlike message arguments.
    return formatNumber(decimal, resolveLocale(ctx.locale), numberOptions(parseOptions(args), false));
  },
};
