/**
 * The state of one render that the squarespace-tag formatter reaches through
 * the engine's `host` option: the package's tag table, the fetched data, the
 * static file index, and what the render found missing or wrong.
 */
import { type MessageParams, type PackageError, type PackageErrorCode, packageMessage } from './package-errors.ts';
import type { LineColumn } from './source-position.ts';
import type { StaticFile } from './static-files.ts';
import {
  requestKey,
  type TagDataKind,
  type TagDataRequest,
  type TagDataRequestOf,
  type TagDataResults,
  type TagDataStore,
} from './tag-data.ts';
import type { TagEntry } from './tag-entry.ts';

/** Squarespace's limit of queries on one page; each one costs a database round trip. */
export const MAX_QUERIES_PER_PAGE = 8;

export interface MissingTagData {
  readonly request: TagDataRequest;
  /** The first tag that asked for it. */
  readonly entry: TagEntry;
}

export class TagRenderHost {
  readonly missing = new Map<string, MissingTagData>();
  readonly errors: PackageError[] = [];
  private readonly queries = new Set<string>();

  readonly tags: ReadonlyMap<string, TagEntry>;
  readonly data: TagDataStore;
  readonly staticFiles: ReadonlyMap<string, StaticFile>;
  readonly assetUrl: (file: StaticFile) => string;
  constructor(
    tags: ReadonlyMap<string, TagEntry>,
    data: TagDataStore,
    staticFiles: ReadonlyMap<string, StaticFile>,
    assetUrl: (file: StaticFile) => string,
  ) {
    this.tags = tags;
    this.data = data;
    this.staticFiles = staticFiles;
    this.assetUrl = assetUrl;
  }

  /** An error at the tag, or at one of its attributes (`at`), in the tag's file. */
  error(entry: TagEntry, code: PackageErrorCode, params: MessageParams, at?: LineColumn): void {
    const message = packageMessage(code, params);
    const place =
      at === undefined
        ? { line: entry.line, column: entry.column, snippet: entry.snippet }
        : { line: at.line, column: at.column, snippet: '' };
    this.errors.push({ code, message, file: entry.file, ...place });
  }

  /** The fetched answer, or undefined (and noted as missing) when it was not fetched. */
  lookup<K extends TagDataKind>(request: TagDataRequestOf<K>, entry: TagEntry): TagDataResults[K] | undefined {
    if (this.data.has(request)) return this.data.get(request);
    const key = requestKey(request);
    if (!this.missing.has(key)) this.missing.set(key, { request, entry });
    return undefined;
  }

  /** Counts distinct queries; false once a page asks for more than it may. */
  admitQuery(request: TagDataRequestOf<'query'>): boolean {
    const key = requestKey(request);
    if (this.queries.has(key)) return true;
    if (this.queries.size >= MAX_QUERIES_PER_PAGE) return false;
    this.queries.add(key);
    return true;
  }
}
