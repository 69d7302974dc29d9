/**
 * The locale-aware formatter family: numbers, money, dates, intervals,
 * relative times, ICU-style messages and units, in the render's locale.
 * Helpers live in ./i18n/.
 */
import type { Formatter, FormatterTable } from '../engine/index.ts';
import { datetimeFormatter } from './i18n/datetime/datetime.ts';
import { datetimeIntervalFormatter } from './i18n/datetime/interval.ts';
import { relativeTimeFormatter } from './i18n/datetime/relative-time.ts';
import { timesinceFormatter } from './i18n/datetime/timesince.ts';
import { decimalFormatter } from './i18n/decimal.ts';
import { legacyMoneyFormatter } from './i18n/legacy-money.ts';
import { messageFormatter } from './i18n/message/message-formatter.ts';
import { moneyFormatter } from './i18n/money.ts';
import { moneyFormatFormatter, moneyStringFormatter } from './i18n/money-format.ts';
import { unitFormatter } from './i18n/units/unit-formatter.ts';

/** A render given no locale data (`locale: null`) shows nothing for these, rather than guessing a locale. */
function needsLocaleData(formatter: Formatter): Formatter {
  return {
    args: formatter.args,
    format: (value, args, ctx, vars) => (ctx.localized ? formatter.format(value, args, ctx, vars) : ''),
  };
}

export const i18nFormatters: FormatterTable = {
  datetime: needsLocaleData(datetimeFormatter),
  'datetime-interval': needsLocaleData(datetimeIntervalFormatter),
  decimal: needsLocaleData(decimalFormatter),
  'i18n-money-format': legacyMoneyFormatter,
  message: needsLocaleData(messageFormatter),
  money: needsLocaleData(moneyFormatter),
  'money-format': moneyFormatFormatter,
  moneyFormat: moneyFormatFormatter,
  'money-string': moneyStringFormatter,
  plural: needsLocaleData(messageFormatter),
  'relative-time': needsLocaleData(relativeTimeFormatter),
  timesince: timesinceFormatter,
  unit: unitFormatter,
};
