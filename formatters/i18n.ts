/**
 * The locale-aware formatter family: numbers, money, dates, intervals,
 * relative times, ICU-style messages and units, in the render's locale.
 * Helpers live in ./i18n/.
 */
import type { FormatterTable } from '../engine/index.ts';
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

export const i18nFormatters: FormatterTable = {
  datetime: datetimeFormatter,
  'datetime-interval': datetimeIntervalFormatter,
  decimal: decimalFormatter,
  'i18n-money-format': legacyMoneyFormatter,
  message: messageFormatter,
  money: moneyFormatter,
  'money-format': moneyFormatFormatter,
  moneyFormat: moneyFormatFormatter,
  'money-string': moneyStringFormatter,
  plural: messageFormatter,
  'relative-time': relativeTimeFormatter,
  timesince: timesinceFormatter,
  unit: unitFormatter,
};
