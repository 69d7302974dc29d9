/**
 * One squarespace tag as compiled: what the `{@|squarespace-tag ID}` left in its
 * place looks up when it renders. Content and template-syntax attributes are
 * compiled templates given to the render as partials under the names kept here.
 */
import type { TagKind } from './tag-kinds.ts';

export type TagAttribute =
  | { readonly kind: 'static'; readonly value: string; readonly line: number; readonly column: number }
  | { readonly kind: 'dynamic'; readonly partial: string; readonly line: number; readonly column: number };

export interface TagEntry {
  readonly id: string;
  readonly kind: TagKind;
  /** Where the tag's `<` stands: package-relative file, 1-based line and column. */
  readonly file: string;
  readonly line: number;
  readonly column: number;
  /** The tag's source line with a caret, for errors found while rendering. */
  readonly snippet: string;
  readonly attributes: ReadonlyMap<string, TagAttribute>;
  /** Partial name of the content between the opening and closing tags; null when there is none. */
  readonly body: string | null;
}

/** The partial names of a tag's compiled pieces; unique in a package because ids are. */
export const tagPartialName = {
  body: (id: string): string => `squarespace-tag:${id}:body`,
  attribute: (id: string, attribute: string): string => `squarespace-tag:${id}:attr:${attribute}`,
} as const;

/** The formatter that stands in a template where a squarespace tag was. */
export const TAG_FORMATTER = 'squarespace-tag';

/** `{@|squarespace-tag 7}`: `@` keeps the scope where the tag stood. */
export function tagCall(id: string): string {
  return `{@|${TAG_FORMATTER} ${id}}`;
}
