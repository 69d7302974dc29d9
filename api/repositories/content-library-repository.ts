/**
 * What the admin app's content editors list and pick from: every collection
 * (disabled ones too) with its item count, a collection's items in the
 * owner's order whatever their state (drafts and scheduled ones included),
 * and the website's pictures, forms and contributors.
 */
import { readJsonColumns } from '../db/read-json.ts';
import type { Collection, Item } from '../db/schema.ts';
import type { Db } from './transaction.ts';

export async function listAllCollections(
  db: Db,
  websiteId: string,
): Promise<Array<Collection & { itemCount: number }>> {
  const [collections, counts] = await Promise.all([
    db
      .selectFrom('collections')
      .selectAll()
      .where('websiteId', '=', websiteId)
      .orderBy('displayIndex')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('items')
      .select(['collectionId', (eb) => eb.fn.countAll<string>().as('count')])
      .where('websiteId', '=', websiteId)
      .groupBy('collectionId')
      .execute(),
  ]);
  const byCollection = new Map(counts.map((row) => [row.collectionId, Number(row.count)]));
  return collections.map((row) => ({
    ...readJsonColumns('collections', row),
    itemCount: byCollection.get(row.id) ?? 0,
  }));
}

export async function findAnyCollection(db: Db, websiteId: string, id: string): Promise<Collection | undefined> {
  const row = await db
    .selectFrom('collections')
    .selectAll()
    .where('websiteId', '=', websiteId)
    .where('id', '=', id)
    .executeTakeFirst();
  return readJsonColumns('collections', row);
}

/** Every item of a collection as the owner arranges or dates them; drafts and scheduled items too. */
export async function listAllItems(db: Db, websiteId: string, collection: Collection): Promise<Item[]> {
  let query = db
    .selectFrom('items')
    .selectAll()
    .where('websiteId', '=', websiteId)
    .where('collectionId', '=', collection.id);
  query =
    collection.ordering === 'user-ordered'
      ? query.orderBy('displayIndex').orderBy('id')
      : collection.ordering === 'alphabetical'
        ? query.orderBy('title').orderBy('id')
        : query.orderBy('publishOn', 'desc').orderBy('id');
  const rows = await query.limit(1000).execute();
  return rows.map(({ searchDocument: _document, ...item }) => readJsonColumns('items', item));
}

export async function findAnyItem(db: Db, websiteId: string, id: string): Promise<Item | undefined> {
  const row = await db
    .selectFrom('items')
    .selectAll()
    .where('websiteId', '=', websiteId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  const { searchDocument: _document, ...item } = row;
  return readJsonColumns('items', item);
}

export interface LibraryImage {
  id: string;
  assetUrl: string;
  filename: string;
  altText: string;
  title: string;
  width: number;
  height: number;
}

/** The website's pictures, newest first: what image fields pick from. */
export async function listLibraryImages(db: Db, websiteId: string): Promise<LibraryImage[]> {
  return db
    .selectFrom('images')
    .select(['id', 'assetUrl', 'filename', 'altText', 'title', 'width', 'height'])
    .where('websiteId', '=', websiteId)
    .orderBy('createdOn', 'desc')
    .orderBy('filename')
    .limit(1000)
    .execute();
}

export async function listLibraryForms(db: Db, websiteId: string) {
  return db
    .selectFrom('forms')
    .select(['id', 'name', 'isNewsletter'])
    .where('websiteId', '=', websiteId)
    .orderBy('name')
    .execute();
}

/** Who a post may be credited to: the website's contributors. */
export async function listAuthors(db: Db, websiteId: string) {
  return db
    .selectFrom('contributors')
    .select(['id', 'displayName as name'])
    .where('websiteId', '=', websiteId)
    .orderBy('displayName')
    .execute();
}
