/**
 * Every problem rendering page blocks can report, with its message template.
 * They have the shape of the engine's TemplateError so a page can list them
 * with the template errors of its blocks (whose codes come from ENGINE_ERRORS).
 */
import type { ErrorCode } from '../../engine/index.ts';

export const PAGE_BLOCK_ERRORS = {
  UNKNOWN_BLOCK_TYPE: 'Block {index} has type {type}, which a page cannot hold; it is left out',
  MISSING_FORM: "Block {index} ({kind}) uses form '{id}', which does not exist; it is left out",
  MISSING_IMAGE: "Block {index} (image) shows image '{id}', which does not exist; it is left out",
  MISSING_COLLECTION: "Block {index} ({kind}) shows collection '{id}', which does not exist; it is left out",
  UNKNOWN_FIELD_TYPE:
    "Form '{form}' field '{field}' has type '{type}', which the form builder does not have; it is left out",
  TOO_MANY_BLOCKS: 'The page has {count} blocks; only the first {limit} are shown',
  BLOCK_FAILED: 'Block {index} ({kind}) could not be rendered: {detail}',
} as const;

export type PageBlockErrorCode = keyof typeof PAGE_BLOCK_ERRORS;

/** Where the errors of this layer say they come from (they have no line in a file). */
export const PAGE_BLOCKS_FILE = 'page-blocks';

export interface PageBlockError {
  readonly code: PageBlockErrorCode | ErrorCode;
  readonly message: string;
  readonly file: string;
  /** 1-based; 0 for the problems of this layer, which are about data rather than a place in a file. */
  readonly line: number;
  readonly column: number;
  readonly snippet: string;
}

export function pageBlockError(
  code: PageBlockErrorCode,
  params: Readonly<Record<string, string | number>>,
): PageBlockError {
  const message = PAGE_BLOCK_ERRORS[code].replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in params ? String(params[key]) : whole,
  );
  return { code, message, file: PAGE_BLOCKS_FILE, line: 0, column: 0, snippet: '' };
}
