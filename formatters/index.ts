import type { FormatterTable } from '../engine/index.ts';
import { coreFormatters } from './core.ts';

/** Every formatter family, spread into one table. */
export const formatters: FormatterTable = { ...coreFormatters };
