/**
 * formatters/: the formatter families (core, content, commerce, date, i18n,
 * social) as typed tables, with the readers every plugin and page block
 * shares (json-values.ts, scalar-text.ts, product-json.ts; numbers are read
 * by engine/read-number.ts) and the markup templates' renderer (markup.ts).
 * Store rules come from domain/; nothing here imports the server or the
 * browser code.
 */
import type { FormatterTable } from '../engine/index.ts';
import { commerceFormatters } from './commerce.ts';
import { contentFormatters } from './content.ts';
import { coreFormatters } from './core.ts';
import { dateFormatters } from './date.ts';
import { i18nFormatters } from './i18n.ts';
import { socialFormatters } from './social.ts';

/** Every formatter family, spread into one table. */
export const formatters: FormatterTable = {
  ...coreFormatters,
  ...contentFormatters,
  ...commerceFormatters,
  ...socialFormatters,
  ...dateFormatters,
  ...i18nFormatters,
};
