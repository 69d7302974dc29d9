import type { FormatterTable } from '../engine/index.ts';

/** The date formatter family. */
export const dateFormatters: FormatterTable = {};
