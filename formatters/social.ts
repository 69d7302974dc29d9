import type { FormatterTable } from '../engine/index.ts';

/** The social formatter family. */
export const socialFormatters: FormatterTable = {};
