/**
 * What the squarespace tags ask of the site's data, and the interface through
 * which they get it. The engine renders synchronously, so data is fetched
 * (asynchronously) before a render into a TagDataStore, which the render reads.
 * A render that meets a request the store does not hold reports it as missing;
 * the caller fetches it and renders again (see render-with-tag-data.ts).
 */
import type { JsonValue } from '../../engine/index.ts';

/** A `<squarespace:query>` with its attributes parsed. */
export interface QueryRequest {
  readonly kind: 'query';
  /** The collection's URL id (slug). */
  readonly collection: string;
  /** 1..100; null when the tag gives none (the collection's own page size). */
  readonly limit: number | null;
  readonly skip: number;
  readonly featured: boolean;
  /** Comma-separated tags / categories the items must have; null for no filter. */
  readonly tag: string | null;
  readonly category: string | null;
}

export interface NavigationRequest {
  readonly kind: 'navigation';
  /** A `name` from template.conf `navigations`. */
  readonly navigationId: string;
}

/** The navigation of the folder holding the page being rendered. */
export interface FolderNavigationRequest {
  readonly kind: 'folder-navigation';
}

/** The categories of a collection: the one named (URL id), else the page's own collection. */
export interface CategoryRequest {
  readonly kind: 'category';
  readonly collection: string | null;
}

/** An editable layout region of the site (an "open block field"). */
export interface BlockFieldRequest {
  readonly kind: 'block-field';
  readonly id: string;
  readonly columns: 1 | 12;
}

export type TagDataRequest =
  | QueryRequest
  | NavigationRequest
  | FolderNavigationRequest
  | CategoryRequest
  | BlockFieldRequest;

export type TagDataKind = TagDataRequest['kind'];
export type TagDataRequestOf<K extends TagDataKind> = Extract<TagDataRequest, { kind: K }>;

/** A JSON object as the page context holds it. */
export type JsonObject = { readonly [key: string]: JsonValue };

/** What each kind of request gets back; the body or block renders with it as `@`. */
export interface TagDataResults {
  /** `items` as in a navigation .block: `{ active, folderActive, collection, externalLink, items }`. */
  readonly navigation: JsonObject & { readonly items: readonly JsonValue[] };
  readonly 'folder-navigation': JsonObject & { readonly items: readonly JsonValue[] };
  readonly category: JsonObject & { readonly categories: readonly JsonValue[] };
  /** The rendered HTML of the field's blocks. */
  readonly 'block-field': { readonly html: string };
  /** `items` in the collection's order after the filters; `collection` is the queried collection. */
  readonly query: { readonly items: readonly JsonValue[]; readonly collection?: JsonValue };
}

/**
 * Implemented by the page-context builder over the database, one per page request
 * (folder navigation and categories depend on the page). `undefined` means "there is
 * no such thing" (unknown navigation, collection or field), which renders as empty.
 */
export type TagDataSource = {
  readonly [K in TagDataKind]: (request: TagDataRequestOf<K>) => Promise<TagDataResults[K] | undefined>;
};

/** The same request always gives the same key: requests are built with their keys in one order. */
export function requestKey(request: TagDataRequest): string {
  return JSON.stringify(request);
}

/** Fetched tag data for one page render. `undefined` answers are kept: they are answers. */
export class TagDataStore {
  private readonly entries = new Map<string, unknown>();
  private readonly asked = new Map<string, TagDataRequest>();

  has(request: TagDataRequest): boolean {
    return this.entries.has(requestKey(request));
  }

  get<K extends TagDataKind>(request: TagDataRequestOf<K>): TagDataResults[K] | undefined {
    return this.entries.get(requestKey(request)) as TagDataResults[K] | undefined;
  }

  set<K extends TagDataKind>(request: TagDataRequestOf<K>, result: TagDataResults[K] | undefined): void {
    const key = requestKey(request);
    this.entries.set(key, result);
    this.asked.set(key, request);
  }

  /** Every request the store holds an answer to. */
  requests(): TagDataRequest[] {
    return [...this.asked.values()];
  }

  get size(): number {
    return this.entries.size;
  }
}

function ask<K extends TagDataKind>(
  source: TagDataSource,
  request: TagDataRequestOf<K>,
): Promise<TagDataResults[K] | undefined> {
  return (source[request.kind] as (r: TagDataRequestOf<K>) => Promise<TagDataResults[K] | undefined>)(request);
}

/**
 * Fetches, in parallel, every request the store does not hold yet, and stores the answers.
 * A failing data source rejects: a database outage is the caller's to report, not a template's.
 */
export async function fetchTagData(
  source: TagDataSource,
  requests: readonly TagDataRequest[],
  store: TagDataStore = new TagDataStore(),
): Promise<TagDataStore> {
  const wanted = new Map<string, TagDataRequest>();
  for (const request of requests) if (!store.has(request)) wanted.set(requestKey(request), request);
  const fetched = await Promise.all([...wanted.values()].map(async (request) => [request, await ask(source, request)]));
  for (const [request, result] of fetched) store.set(request as TagDataRequest, result as never);
  return store;
}
