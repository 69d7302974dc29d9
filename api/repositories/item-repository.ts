import { type ExpressionBuilder, type SelectQueryBuilder, sql } from 'kysely';
import { RECORD_TYPES } from '../../domain/spec-enums.ts';
import { readJsonColumns } from '../db/read-json.ts';
import type { Collection, Database, Image, Item } from '../db/schema.ts';
import type { Db } from './transaction.ts';

type Ordering = Collection['ordering'];

/** The most items one list call returns, whatever the caller asks for (the page_size check's upper bound). */
export const MAX_PAGE_SIZE = 250;

export interface ListItemsOptions {
  /** Only items carrying this category (exact match). */
  category?: string;
  /** Only items carrying this tag (exact match). */
  tag?: string;
  /** Only starred items. */
  featured?: boolean;
  offset?: number;
  /** Defaults to the collection's page size. */
  limit?: number;
  /** The collection's order and page size when the caller has its row already: one query fewer. */
  collection?: Pick<Collection, 'ordering' | 'pageSize'>;
}

export interface OffsetPage<T> {
  items: T[];
  total: number;
  offset: number;
  limit: number;
  nextOffset: number | null;
  prevOffset: number | null;
}

export interface AdjacentItems {
  /** The item shown just before this one in the collection's list. */
  previous: Item | undefined;
  /** The item shown just after this one. */
  next: Item | undefined;
}

export interface SearchHit {
  item: Item;
  collection: { id: string; urlId: string; title: string; typeName: string };
  rank: number;
}

export interface SearchPage {
  results: SearchHit[];
  total: number;
  offset: number;
  limit: number;
  nextOffset: number | null;
  prevOffset: number | null;
}

/**
 * Every column of an item as the app reads it, in the table's order: all but
 * the search document (migration 0010), which only search's own SQL reads and
 * which would add the item's every word to each list, page and memo entry.
 * A Record, so a column added to ItemsTable must be added here too.
 */
const ITEM_COLUMN_LIST: Record<keyof Item, true> = {
  websiteId: true,
  id: true,
  collectionId: true,
  recordType: true,
  title: true,
  urlId: true,
  body: true,
  excerpt: true,
  tags: true,
  categories: true,
  authorId: true,
  addedOn: true,
  publishOn: true,
  updatedOn: true,
  starred: true,
  published: true,
  displayIndex: true,
  mainImageId: true,
  sourceUrl: true,
  externalLink: true,
  passthrough: true,
  commentState: true,
  likeCount: true,
  startDate: true,
  endDate: true,
  location: true,
  structuredContent: true,
  revision: true,
};

/** The same, qualified by the table (search joins collections): what selectAll('items') was. */
const ITEM_COLUMNS = (Object.keys(ITEM_COLUMN_LIST) as (keyof Item)[]).map((column) => `items.${column}` as const);

/*
 * An item is visible once it is published and its publish date has come;
 * a post scheduled for tomorrow must not appear in lists, pages or search.
 */
function isVisible(eb: ExpressionBuilder<Database, 'items'>) {
  return eb.and([eb('items.published', '=', true), eb('items.publishOn', '<=', sql<Date>`now()`)]);
}

/**
 * Whether an item is shown to every visitor: visible, in an enabled
 * collection that is neither password-protected nor a member area. What
 * anyone may act on (a like) without the page's access checks.
 */
export async function isPublicItem(db: Db, websiteId: string, itemId: string): Promise<boolean> {
  const row = await db
    .selectFrom('items')
    .innerJoin('collections', (join) =>
      join.onRef('collections.websiteId', '=', 'items.websiteId').onRef('collections.id', '=', 'items.collectionId'),
    )
    .select('items.id')
    .where('items.websiteId', '=', websiteId)
    .where('items.id', '=', itemId)
    .where(isVisible)
    .where('collections.enabled', '=', true)
    .where('collections.passwordProtected', '=', false)
    .where('collections.memberOnly', '=', false)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The addresses (/shop/stoneware-mug) of those of `itemIds` that are
 * products every visitor can see (as isPublicItem), by id: where a buyer
 * asked for reviews is sent to write one (the reviews request, page 209).
 */
export async function publicProductPaths(
  db: Db,
  websiteId: string,
  itemIds: readonly string[],
): Promise<Map<string, string>> {
  if (itemIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('items')
    .innerJoin('collections', (join) =>
      join.onRef('collections.websiteId', '=', 'items.websiteId').onRef('collections.id', '=', 'items.collectionId'),
    )
    .select(['items.id', 'items.urlId', 'collections.urlId as collectionUrlId'])
    .where('items.websiteId', '=', websiteId)
    .where('items.id', 'in', [...itemIds])
    .where('items.recordType', '=', RECORD_TYPES['store-item'])
    .where(isVisible)
    .where('collections.enabled', '=', true)
    .where('collections.passwordProtected', '=', false)
    .where('collections.memberOnly', '=', false)
    .execute();
  return new Map(rows.map((row) => [row.id, `/${row.collectionUrlId}/${row.urlId}`]));
}

/** A published item of a collection by its URL slug. */
export async function findItemByUrlId(
  db: Db,
  websiteId: string,
  collectionId: string,
  urlId: string,
): Promise<Item | undefined> {
  const item = await db
    .selectFrom('items')
    .select(ITEM_COLUMNS)
    .where('items.websiteId', '=', websiteId)
    .where('items.collectionId', '=', collectionId)
    .where('items.urlId', '=', urlId)
    .where(isVisible)
    .executeTakeFirst();
  return readJsonColumns('items', item);
}

/**
 * One page of a collection's visible items in the collection's own order,
 * with the offsets of the neighbouring pages. An unknown collection is an
 * empty page.
 */
export async function listItems(
  db: Db,
  websiteId: string,
  collectionId: string,
  options: ListItemsOptions = {},
): Promise<OffsetPage<Item>> {
  const offset = checkOffset(options.offset);
  const collection =
    options.collection ??
    (await db
      .selectFrom('collections')
      .select(['ordering', 'pageSize'])
      .where('websiteId', '=', websiteId)
      .where('id', '=', collectionId)
      .executeTakeFirst());
  const limit = checkLimit(options.limit, collection?.pageSize ?? 20);
  if (!collection) return offsetPage([], 0, offset, limit);

  let filtered = db
    .selectFrom('items')
    .where('items.websiteId', '=', websiteId)
    .where('items.collectionId', '=', collectionId)
    .where(isVisible);
  // Containment (@>) is what the GIN indexes on tags and categories serve.
  if (options.tag !== undefined) filtered = filtered.where('items.tags', '@>', jsonbList(options.tag));
  if (options.category !== undefined) {
    filtered = filtered.where('items.categories', '@>', jsonbList(options.category));
  }
  if (options.featured) filtered = filtered.where('items.starred', '=', true);

  const [items, count] = await Promise.all([
    orderItems(filtered.select(ITEM_COLUMNS), collection.ordering).offset(offset).limit(limit).execute(),
    filtered.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return offsetPage(
    items.map((item) => readJsonColumns('items', item)),
    Number(count.total),
    offset,
    limit,
  );
}

/** How many related products a product page shows: one row of the store grid. */
export const RELATED_ITEMS_LIMIT = 4;

/**
 * Other visible items of an item's collection for its page's related
 * products: those sharing the most of its categories and tags first, then
 * in the collection's own order, so a product with nothing in common still
 * shows the store's first products rather than nothing.
 */
export async function relatedItems(
  db: Db,
  websiteId: string,
  item: Pick<Item, 'id' | 'collectionId' | 'categories' | 'tags'>,
  ordering: Ordering,
  limit: number = RELATED_ITEMS_LIMIT,
): Promise<Item[]> {
  const shared = (column: 'categories' | 'tags', values: readonly string[]) =>
    values.length === 0
      ? sql<number>`0`
      : sql<number>`(select count(*) from jsonb_array_elements_text(${sql.ref(`items.${column}`)}) as value where value = any(${[...values]}))`;
  const query = db
    .selectFrom('items')
    .select(ITEM_COLUMNS)
    .where('items.websiteId', '=', websiteId)
    .where('items.collectionId', '=', item.collectionId)
    .where('items.id', '!=', item.id)
    .where(isVisible)
    .orderBy(sql`${shared('categories', item.categories)} + ${shared('tags', item.tags)}`, 'desc');
  const rows = await orderItems(query, ordering).limit(limit).execute();
  return rows.map((row) => readJsonColumns('items', row));
}

/**
 * The neighbours of an item in its collection's order, for the item page's
 * previous/next links. Compares against the stored row rather than the values
 * in `item`, whose dates have lost their microseconds.
 */
export async function adjacentItems(
  db: Db,
  websiteId: string,
  item: Pick<Item, 'id' | 'collectionId'>,
  /** The collection's order when the caller has its row already: one query fewer. */
  ordering?: Ordering,
): Promise<AdjacentItems> {
  const collection = ordering
    ? { ordering }
    : await db
        .selectFrom('collections')
        .select('ordering')
        .where('websiteId', '=', websiteId)
        .where('id', '=', item.collectionId)
        .executeTakeFirst();
  if (!collection) return { previous: undefined, next: undefined };

  const neighbours = db
    .selectFrom('items')
    .select(ITEM_COLUMNS)
    .where('items.websiteId', '=', websiteId)
    .where('items.collectionId', '=', item.collectionId)
    .where(isVisible);
  /*
   * One of the item's stored values, as a subquery that does not refer to the
   * outer row: Postgres reads it once, before the scan, and starts the index
   * scan at the item. Joined to the item's row instead, the planner walked the
   * collection's index from one end, testing each row, until it reached the
   * item (10,000 rows for a product listed first). No row, no neighbours.
   */
  const stored = (column: 'publishOn' | 'displayIndex' | 'title' | 'id') =>
    db
      .selectFrom('items as current')
      .select(column)
      .where('current.websiteId', '=', websiteId)
      .where('current.collectionId', '=', item.collectionId)
      .where('current.id', '=', item.id);
  /** Rows whose (column, id) sorts before (<) or after (>) the item's. */
  const beside = (column: 'publishOn' | 'displayIndex' | 'title', side: '<' | '>') =>
    sql<boolean>`(${sql.ref(`items.${column}`)}, ${sql.ref('items.id')}) ${sql.raw(side)} (${stored(column)}, ${stored('id')})`;

  let before: typeof neighbours;
  let after: typeof neighbours;
  switch (collection.ordering) {
    case 'chronological':
      // Newest first: the item listed before this one is the next newer one.
      before = neighbours.where(beside('publishOn', '>')).orderBy('items.publishOn', 'asc').orderBy('items.id', 'asc');
      after = neighbours.where(beside('publishOn', '<')).orderBy('items.publishOn', 'desc').orderBy('items.id', 'desc');
      break;
    case 'user-ordered':
      before = neighbours
        .where(beside('displayIndex', '<'))
        .orderBy('items.displayIndex', 'desc')
        .orderBy('items.id', 'desc');
      after = neighbours
        .where(beside('displayIndex', '>'))
        .orderBy('items.displayIndex', 'asc')
        .orderBy('items.id', 'asc');
      break;
    case 'alphabetical':
      before = neighbours.where(beside('title', '<')).orderBy('items.title', 'desc').orderBy('items.id', 'desc');
      after = neighbours.where(beside('title', '>')).orderBy('items.title', 'asc').orderBy('items.id', 'asc');
      break;
  }
  const [previous, next] = await Promise.all([before.limit(1).executeTakeFirst(), after.limit(1).executeTakeFirst()]);
  return { previous: readJsonColumns('items', previous), next: readJsonColumns('items', next) };
}

/*
 * Title weighted A, body B: the stored column of migration 0010, which
 * items_search_idx indexes and ts_rank reads without rebuilding it.
 */
export const SEARCH_DOCUMENT = sql`items.search_document`;

/**
 * Full-text search over the visible items of the public collections (not
 * disabled, password-protected or member-only), best match first: a title
 * hit weighs more than a body hit. The query takes web-search syntax
 * ("quoted phrases", -exclusions, or).
 */
export async function searchItems(
  db: Db,
  websiteId: string,
  query: string,
  options: { offset?: number; limit?: number } = {},
): Promise<SearchPage> {
  const offset = checkOffset(options.offset);
  const limit = checkLimit(options.limit, 20);
  if (query.trim() === '') return { results: [], total: 0, offset, limit, nextOffset: null, prevOffset: null };
  const tsQuery = sql`websearch_to_tsquery('simple', ${query})`;

  const matching = db
    .selectFrom('items')
    .innerJoin('collections', (join) =>
      join.onRef('collections.websiteId', '=', 'items.websiteId').onRef('collections.id', '=', 'items.collectionId'),
    )
    .where('items.websiteId', '=', websiteId)
    .where(isVisible)
    .where('collections.enabled', '=', true)
    .where('collections.passwordProtected', '=', false)
    .where('collections.memberOnly', '=', false)
    .where(sql<boolean>`${SEARCH_DOCUMENT} @@ ${tsQuery}`);

  const [rows, count] = await Promise.all([
    matching
      .select(ITEM_COLUMNS)
      .select([
        'collections.urlId as collectionUrlId',
        'collections.title as collectionTitle',
        'collections.typeName as collectionTypeName',
        sql<number>`ts_rank(${SEARCH_DOCUMENT}, ${tsQuery})`.as('rank'),
      ])
      .orderBy('rank', 'desc')
      .orderBy('items.publishOn', 'desc')
      .orderBy('items.id')
      .offset(offset)
      .limit(limit)
      .execute(),
    matching.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  const results = rows.map(({ collectionUrlId, collectionTitle, collectionTypeName, rank, ...item }) => ({
    item: readJsonColumns('items', item),
    collection: { id: item.collectionId, urlId: collectionUrlId, title: collectionTitle, typeName: collectionTypeName },
    rank: Number(rank),
  }));
  const { items: _items, ...page } = offsetPage(results, Number(count.total), offset, limit);
  return { results, ...page };
}

/** An item's gallery images in the owner's order. */
export async function listItemImages(db: Db, websiteId: string, itemId: string): Promise<Image[]> {
  const images = await db
    .selectFrom('itemImages')
    .innerJoin('images', (join) =>
      join.onRef('images.websiteId', '=', 'itemImages.websiteId').onRef('images.id', '=', 'itemImages.imageId'),
    )
    .selectAll('images')
    .where('itemImages.websiteId', '=', websiteId)
    .where('itemImages.itemId', '=', itemId)
    .orderBy('itemImages.displayIndex')
    .orderBy('images.id')
    .execute();
  return images.map((image) => readJsonColumns('images', image));
}

/** The gallery images of several items in one query, each item's in the owner's order; items without any are absent. */
export async function listItemImagesOf(
  db: Db,
  websiteId: string,
  itemIds: readonly string[],
): Promise<Map<string, Image[]>> {
  const unique = [...new Set(itemIds)];
  const galleries = new Map<string, Image[]>();
  if (unique.length === 0) return galleries;
  const rows = await db
    .selectFrom('itemImages')
    .innerJoin('images', (join) =>
      join.onRef('images.websiteId', '=', 'itemImages.websiteId').onRef('images.id', '=', 'itemImages.imageId'),
    )
    .selectAll('images')
    .select('itemImages.itemId as galleryItemId')
    .where('itemImages.websiteId', '=', websiteId)
    .where('itemImages.itemId', 'in', unique)
    .orderBy('itemImages.itemId')
    .orderBy('itemImages.displayIndex')
    .orderBy('images.id')
    .execute();
  for (const { galleryItemId, ...image } of rows) {
    const gallery = galleries.get(galleryItemId) ?? [];
    gallery.push(readJsonColumns('images', image));
    galleries.set(galleryItemId, gallery);
  }
  return galleries;
}

/** Images by id, for resolving main images and blocks in one round trip; unknown ids are absent. */
export async function getImages(db: Db, websiteId: string, ids: readonly string[]): Promise<Map<string, Image>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const images = await db
    .selectFrom('images')
    .selectAll()
    .where('websiteId', '=', websiteId)
    .where('id', 'in', unique)
    .execute();
  return new Map(images.map((image) => [image.id, readJsonColumns('images', image)]));
}

function orderItems<O>(query: SelectQueryBuilder<Database, 'items', O>, ordering: Ordering) {
  switch (ordering) {
    case 'chronological':
      return query.orderBy('items.publishOn', 'desc').orderBy('items.id', 'desc');
    case 'user-ordered':
      return query.orderBy('items.displayIndex', 'asc').orderBy('items.id', 'asc');
    case 'alphabetical':
      return query.orderBy('items.title', 'asc').orderBy('items.id', 'asc');
  }
}

function jsonbList(value: string) {
  return sql<string[]>`cast(${JSON.stringify([value])} as jsonb)`;
}

function checkOffset(offset: number | undefined): number {
  if (offset === undefined) return 0;
  if (!Number.isInteger(offset) || offset < 0)
    throw new RangeError(`offset must be a non-negative integer, got ${offset}`);
  return offset;
}

function checkLimit(limit: number | undefined, fallback: number): number {
  if (limit === undefined) return Math.min(fallback, MAX_PAGE_SIZE);
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`limit must be a positive integer, got ${limit}`);
  return Math.min(limit, MAX_PAGE_SIZE);
}

function offsetPage<T>(items: T[], total: number, offset: number, limit: number): OffsetPage<T> {
  return {
    items,
    total,
    offset,
    limit,
    nextOffset: offset + limit < total ? offset + limit : null,
    prevOffset: offset > 0 ? Math.max(0, offset - limit) : null,
  };
}
