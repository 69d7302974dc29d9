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
  return query.executeTakeFirst();
}

export async function findCollectionByUrlId(
  db: Db,
  websiteId: string,
  urlId: string,
  options: CollectionLookupOptions = {},
): Promise<Collection | undefined> {
  let query = db.selectFrom('collections').selectAll().where('websiteId', '=', websiteId).where('urlId', '=', urlId);
  if (!options.includeDisabled) query = query.where('enabled', '=', true);
  return query.executeTakeFirst();
}

/** The collection served at '/'. */
export async function findHomeCollection(db: Db, websiteId: string): Promise<Collection | undefined> {
  return db
    .selectFrom('collections')
    .selectAll()
    .where('websiteId', '=', websiteId)
    .where('isHome', '=', true)
    .where('enabled', '=', true)
    .executeTakeFirst();
}

/** Enabled collections in the order the owner arranged them. */
export async function listCollections(db: Db, websiteId: string): Promise<Collection[]> {
  return db
    .selectFrom('collections')
    .selectAll()
    .where('websiteId', '=', websiteId)
    .where('enabled', '=', true)
    .orderBy('displayIndex')
    .orderBy('id')
    .execute();
}

/** Enabled collections inside a folder, in the owner's order. */
export async function listChildCollections(db: Db, websiteId: string, parentId: string): Promise<Collection[]> {
  return db
    .selectFrom('collections')
    .selectAll()
    .where('websiteId', '=', websiteId)
    .where('parentId', '=', parentId)
    .where('enabled', '=', true)
    .orderBy('displayIndex')
    .orderBy('id')
    .execute();
}
