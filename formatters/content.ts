import type { FormatterTable } from '../engine/index.ts';

/** The content formatter family. */
export const contentFormatters: FormatterTable = {};
