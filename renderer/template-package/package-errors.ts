/**
 * Every error the template-package layer reports, with its message template.
 * `{name}` slots are filled by `packageError`. Compile and render errors of the
 * engine pass through unchanged (their codes come from ENGINE_ERRORS).
 */
import type { ErrorCode } from '../../engine/index.ts';
import { caretSnippet, type LineColumn, LineIndex } from './source-position.ts';

export const PACKAGE_ERRORS = {
  // files and configuration
  READ_FAILED: "Could not read '{path}': {detail}",
  MISSING_TEMPLATE_CONF: 'The package has no template.conf',
  BAD_JSON: 'Invalid JSON: {detail}',
  BAD_CONF: 'Invalid {what}: {detail}',
  UNKNOWN_REGION: "Layout '{layout}' names region '{region}', but there is no {region}.region",
  UNKNOWN_STYLESHEET: "Stylesheet '{name}' is not in styles/",
  // stylesheets (LESS)
  LESS_ERROR: 'LESS {kind} error: {detail}',
  BAD_TWEAK: 'Invalid tweak declaration: {detail}',
  UNKNOWN_IMPORT:
    "@import '{name}' is not in the package (a stylesheet of the platform or of the package's build); left out",
  MISSING_COLLECTION_CONF: "Collection templates for '{kind}' have no collections/{kind}.conf",
  // squarespace tags (compile time)
  UNKNOWN_TAG: 'Unknown tag <squarespace:{name}>',
  BAD_TAG_SYNTAX: 'Malformed <squarespace:{name}> tag: {detail}',
  UNCLOSED_TAG: '<squarespace:{name}> opened here is never closed with </squarespace:{name}>',
  UNEXPECTED_CLOSE_TAG: '</squarespace:{name}> has no matching opening tag',
  UNKNOWN_ATTRIBUTE: "<squarespace:{name}> has no attribute '{attribute}'",
  DUPLICATE_ATTRIBUTE: "<squarespace:{name}> gives '{attribute}' twice",
  MISSING_ATTRIBUTE: "<squarespace:{name}> needs a '{attribute}' attribute",
  BAD_ATTRIBUTE_VALUE: "<squarespace:{name}> attribute '{attribute}': {detail}",
  BODY_NOT_ALLOWED: '<squarespace:{name}> cannot have content; close it with />',
  TEMPLATE_AND_BODY: "<squarespace:{name}> has both a 'template' attribute and content; use one",
  NOTHING_TO_RENDER: "<squarespace:{name}> needs a 'template' attribute or content between its tags",
  UNKNOWN_BLOCK: "<squarespace:{name}> uses template '{template}', but there is no blocks/{template}.block",
  UNKNOWN_NAVIGATION: "Navigation '{navigation}' is not declared in template.conf navigations",
  UNKNOWN_SCRIPT: "Script '{src}' is not in scripts/",
  // squarespace tags (render time)
  TAG_NOT_WIRED: 'Tag {id} was rendered without its package (use renderPackageTemplate)',
  UNKNOWN_TAG_ID: 'There is no squarespace tag {id} in this package',
  TOO_MANY_QUERIES: 'A page may run at most {limit} <squarespace:query> tags',
  TAG_DATA_MISSING: '<squarespace:{name}> data was still not fetched after {passes} render passes',
} as const;

export type PackageErrorCode = keyof typeof PACKAGE_ERRORS;

/** A template error of the engine, or one of this layer; the shape is the same. */
export interface PackageError {
  readonly code: PackageErrorCode | ErrorCode;
  readonly message: string;
  readonly file: string;
  /** 1-based; 0 when the problem has no place in the file (a missing file). */
  readonly line: number;
  readonly column: number;
  /** The source line with a caret under the column; empty when there is no source. */
  readonly snippet: string;
}

export type MessageParams = Readonly<Record<string, string | number>>;

/**
 * Problems a page renders despite: a stylesheet or script the package's own
 * build step makes (missing from its repository) or the platform supplies
 * (an @import of a Squarespace stylesheet), a tweak declaration that cannot
 * be read, a collection without its .conf. Reported as warnings, not errors (jsont check exits 0 on them).
 */
export const PACKAGE_WARNINGS: ReadonlySet<string> = new Set<PackageErrorCode>([
  'UNKNOWN_STYLESHEET',
  'UNKNOWN_IMPORT',
  'BAD_TWEAK',
  'UNKNOWN_SCRIPT',
  'MISSING_COLLECTION_CONF',
]);

export function packageMessage(code: PackageErrorCode, params: MessageParams = {}): string {
  return PACKAGE_ERRORS[code].replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in params ? String(params[key]) : whole,
  );
}

/** An error at a line and column of `file`; with the file's source it gets a caret snippet. */
export function packageError(
  code: PackageErrorCode,
  params: MessageParams,
  file: string,
  at: LineColumn,
  source?: string | LineIndex,
): PackageError {
  let snippet = '';
  if (source !== undefined && at.line > 0) {
    const index = typeof source === 'string' ? new LineIndex(source) : source;
    snippet = caretSnippet(index.source, index.offsetOf(at));
  }
  return { code, message: packageMessage(code, params), file, line: at.line, column: at.column, snippet };
}

/** An error about a whole file rather than a place in it. */
export function fileError(code: PackageErrorCode, params: MessageParams, file: string): PackageError {
  return packageError(code, params, file, { line: 0, column: 0 });
}

/** formatPackageError(e) → "header.region:3:7 Formatter 'x' is unknown\n{a|x}\n  ^" */
export function formatPackageError(error: PackageError): string {
  const where = error.line > 0 ? `${error.file}:${error.line}:${error.column}` : error.file;
  return error.snippet ? `${where} ${error.message}\n${error.snippet}` : `${where} ${error.message}`;
}
