/** Builds TemplateErrors with a position and a caret snippet, and prints them. */

import type { Pos } from './ast.ts';
import { type ErrorCode, errorMessage } from './error-codes.ts';
import type { TemplateError } from './types.ts';

export const NO_POS: Pos = { line: 0, column: 0, offset: -1 };

/** The source line at `pos` with a caret under its column; '' when unknown. */
export function snippetAt(source: string | undefined, pos: Pos): string {
  if (source === undefined || pos.offset < 0 || pos.offset > source.length) return '';
  const start = source.lastIndexOf('\n', pos.offset - 1) + 1;
  let end = source.indexOf('\n', pos.offset);
  if (end === -1) end = source.length;
  // Very long lines (minified templates) are cut around the column so the caret stays readable.
  const from = Math.max(start, pos.offset - 60);
  const to = Math.min(end, pos.offset + 60);
  const line = source.slice(from, to).replace(/\t/g, ' ');
  return `${line}\n${' '.repeat(pos.offset - from)}^`;
}

export function templateError(
  code: ErrorCode,
  params: Readonly<Record<string, string | number>>,
  file: string,
  pos: Pos,
  source?: string,
): TemplateError {
  return {
    code,
    message: errorMessage(code, params),
    file,
    line: pos.line,
    column: pos.column,
    snippet: snippetAt(source, pos),
  };
}

/** formatError(e) → "page.html:3:7 Formatter 'x' is unknown\n{a|x}\n  ^" */
export function formatError(error: TemplateError): string {
  const where = error.line > 0 ? `${error.file}:${error.line}:${error.column}` : error.file;
  return error.snippet ? `${where} ${error.message}\n${error.snippet}` : `${where} ${error.message}`;
}
