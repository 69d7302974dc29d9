import type { FormatterTable } from '../engine/index.ts';

/** The commerce formatter family. */
export const commerceFormatters: FormatterTable = {};
