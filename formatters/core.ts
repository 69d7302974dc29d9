/**
 * Core formatters: the ones the language itself leans on (apply, escaping, JSON).
 * The rest of the core family (spec: count, cycle, format, ...) arrives with the plugin families.
 */
import type { FormatterTable } from '../engine/index.ts';
import { toOutputString } from '../engine/index.ts';

const escapeHtml = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttr = (s: string): string => escapeHtml(s).replace(/"/g, '&quot;');

export const coreFormatters: FormatterTable = {
  apply: {
    args: { min: 1, max: 1 },
    format: (value, args, ctx) => ctx.renderPartial(args[0]!, value) ?? '',
  },
  html: { format: (value) => escapeHtml(toOutputString(value)) },
  htmlattr: { format: (value) => escapeAttr(toOutputString(value)) },
  htmltag: { format: (value) => escapeAttr(toOutputString(value)) },
  json: { format: (value) => (value === undefined ? '' : JSON.stringify(value)) },
  'json-pretty': { format: (value) => (value === undefined ? '' : JSON.stringify(value, null, 2)) },
  capitalize: { format: (value) => toOutputString(value).toUpperCase() },
};
