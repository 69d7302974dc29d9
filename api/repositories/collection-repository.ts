import { readJsonColumns } from '../db/read-json.ts';
import type { Collection } from '../db/schema.ts';
import type { Db } from './transaction.ts';

export interface CollectionLookupOptions {
  /** Disabled collections are hidden from visitors; the admin side may ask for them. */
  includeDisabled?: boolean;
}

export async function getCollection(
  db: Db,
  websiteId: string,
  collectionId: string,
  options: CollectionLookupOptions = {},
): Promise<Collection | undefined> {
  let query = db
    .selectFrom('collections')
    .selectAll()
    .where('websiteId', '=', websiteId)
    .where('id', '=', collectionId);
  if (!options.includeDisabled) query = query.where('enabled', '=', true);
  return readJsonColumns('collections', await query.executeTakeFirst());
}

export async function findCollectionByUrlId(
  db: Db,
  websiteId: string,
  urlId: string,
  options: CollectionLookupOptions = {},
): Promise<Collection | undefined> {
  let query = db.selectFrom('collections').selectAll().where('websiteId', '=', websiteId).where('urlId', '=', urlId);
  if (!options.includeDisabled) query = query.where('enabled', '=', true);
  return readJsonColumns('collections', await query.executeTakeFirst());
}

/** The collection served at '/'. */
export async function findHomeCollection(db: Db, websiteId: string): Promise<Collection | undefined> {
  const collection = await db
    .selectFrom('collections')
    .selectAll()
    .where('websiteId', '=', websiteId)
    .where('isHome', '=', true)
    .where('enabled', '=', true)
    .executeTakeFirst();
  return readJsonColumns('collections', collection);
}

/** Enabled collections in the order the owner arranged them. */
export async function listCollections(db: Db, websiteId: string): Promise<Collection[]> {
  const collections = await db
    .selectFrom('collections')
    .selectAll()
    .where('websiteId', '=', websiteId)
    .where('enabled', '=', true)
    .orderBy('displayIndex')
    .orderBy('id')
    .execute();
  return collections.map((collection) => readJsonColumns('collections', collection));
}

/** Enabled collections inside a folder, in the owner's order. */
export async function listChildCollections(db: Db, websiteId: string, parentId: string): Promise<Collection[]> {
  const collections = await db
    .selectFrom('collections')
    .selectAll()
    .where('websiteId', '=', websiteId)
    .where('parentId', '=', parentId)
    .where('enabled', '=', true)
    .orderBy('displayIndex')
    .orderBy('id')
    .execute();
  return collections.map((collection) => readJsonColumns('collections', collection));
}
