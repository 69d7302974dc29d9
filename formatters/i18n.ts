/**
 * The locale-aware formatter family: numbers, money, dates, intervals,
 * relative times, ICU-style messages and units, in the render's locale.
 * Helpers live in ./i18n/.
 */
import type { FormatterTable } from '../engine/index.ts';
import { decimalFormatter } from './i18n/decimal.ts';
import { moneyFormatter } from './i18n/money.ts';

export const i18nFormatters: FormatterTable = {
  decimal: decimalFormatter,
  money: moneyFormatter,
};
