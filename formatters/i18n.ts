import type { FormatterTable } from '../engine/index.ts';

/** The i18n formatter family. */
export const i18nFormatters: FormatterTable = {};
