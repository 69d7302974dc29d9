/**
 * Every save of a collection or an item from the admin app goes through
 * here: in one transaction the row is locked, the revision the editor based
 * its change on is compared with the stored one (a mismatch is a conflict,
 * 409, and nothing is written), the change is applied with the next revision
 * number, and that revision is kept whole in the history. The first save of
 * a subject also keeps the state it had before, so it can be restored.
 * The row's own trigger moves the website's content version (migration 0002).
 */
import type { Updateable } from 'kysely';
import { ApiError } from '../api-errors.ts';
import { json } from '../db/json.ts';
import { readJsonColumns } from '../db/read-json.ts';
import type { Collection, CollectionsTable, Item, ItemsTable } from '../db/schema.ts';
import { recordRevision } from '../repositories/content-revision-repository.ts';
import { type Db, inTransaction } from '../repositories/transaction.ts';
import { collectionSnapshot, itemSnapshot } from './content-snapshots.ts';

export interface SaveContext {
  websiteId: string;
  /** The revision the editor loaded; undefined only for a preview, whose transaction is rolled back. */
  baseRevision: number | undefined;
  contributorId: string | null;
  /** What the history says of this save ('Saved', 'Block added', 'Restored version 3'…). */
  note: string;
}

/** A collection's change: its columns as values (JSON columns already parsed; this module writes them as JSON). */
export type CollectionChange = Omit<Updateable<CollectionsTable>, 'blocks' | 'settings'> & {
  blocks?: unknown[];
  settings?: Record<string, unknown>;
};

export type ItemChange = Omit<Updateable<ItemsTable>, 'tags' | 'categories' | 'location' | 'structuredContent'> & {
  tags?: string[];
  categories?: string[];
  location?: Item['location'];
  structuredContent?: Record<string, unknown>;
};

function checkBase(current: { revision: number }, context: SaveContext): void {
  if (context.baseRevision !== undefined && current.revision !== context.baseRevision) {
    throw new ApiError('content-conflict');
  }
}

/** The items of a collection in the owner's order: what a user-ordered collection's snapshot keeps. */
export async function itemOrderOf(db: Db, websiteId: string, collectionId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('items')
    .select('id')
    .where('websiteId', '=', websiteId)
    .where('collectionId', '=', collectionId)
    .orderBy('displayIndex')
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

async function lockedCollection(trx: Db, websiteId: string, id: string): Promise<Collection> {
  const row = await trx
    .selectFrom('collections')
    .selectAll()
    .where('websiteId', '=', websiteId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw new ApiError('collection-not-found');
  return readJsonColumns('collections', row);
}

async function orderFor(trx: Db, collection: Collection): Promise<string[] | undefined> {
  return collection.ordering === 'user-ordered' ? itemOrderOf(trx, collection.websiteId, collection.id) : undefined;
}

/**
 * Saves a change to a collection: `change` sees the locked row and returns
 * the columns to set, or does its own writes to the collection's items (a
 * reorder) and returns {}.
 */
export async function saveCollection(
  db: Db,
  id: string,
  context: SaveContext,
  change: (current: Collection, trx: Db) => Promise<CollectionChange>,
): Promise<Collection> {
  return inTransaction(db, async (trx) => {
    const current = await lockedCollection(trx, context.websiteId, id);
    checkBase(current, context);
    const subject = { kind: 'collection', id } as const;
    const before = collectionSnapshot(current, await orderFor(trx, current));
    const { blocks, settings, ...columns } = await change(current, trx);
    await recordRevision(trx, context.websiteId, subject, {
      revision: current.revision,
      snapshot: before,
      contributorId: null,
      note: 'Before the first change in the admin app',
    });
    const row = await trx
      .updateTable('collections')
      .set({
        ...columns,
        ...(blocks !== undefined ? { blocks: json(blocks) } : {}),
        ...(settings !== undefined ? { settings: json(settings) } : {}),
        revision: current.revision + 1,
        updatedOn: new Date(),
      })
      .where('websiteId', '=', context.websiteId)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const saved = readJsonColumns('collections', row);
    await recordRevision(trx, context.websiteId, subject, {
      revision: saved.revision,
      snapshot: collectionSnapshot(saved, await orderFor(trx, saved)),
      contributorId: context.contributorId,
      note: context.note,
    });
    return saved;
  });
}

async function lockedItem(trx: Db, websiteId: string, id: string): Promise<Item> {
  const row = await trx
    .selectFrom('items')
    .selectAll()
    .where('websiteId', '=', websiteId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw new ApiError('item-not-found');
  const { searchDocument: _document, ...item } = row;
  return readJsonColumns('items', item);
}

export async function saveItem(
  db: Db,
  id: string,
  context: SaveContext,
  change: (current: Item, trx: Db) => Promise<ItemChange>,
): Promise<Item> {
  return inTransaction(db, async (trx) => {
    const current = await lockedItem(trx, context.websiteId, id);
    checkBase(current, context);
    const subject = { kind: 'item', id } as const;
    const { tags, categories, location, structuredContent, ...columns } = await change(current, trx);
    await recordRevision(trx, context.websiteId, subject, {
      revision: current.revision,
      snapshot: itemSnapshot(current),
      contributorId: null,
      note: 'Before the first change in the admin app',
    });
    await trx
      .updateTable('items')
      .set({
        ...columns,
        ...(tags !== undefined ? { tags: json(tags) } : {}),
        ...(categories !== undefined ? { categories: json(categories) } : {}),
        ...(location !== undefined ? { location: location === null ? null : json(location) } : {}),
        ...(structuredContent !== undefined ? { structuredContent: json(structuredContent) } : {}),
        revision: current.revision + 1,
        updatedOn: new Date(),
      })
      .where('websiteId', '=', context.websiteId)
      .where('id', '=', id)
      .execute();
    const saved = await lockedItem(trx, context.websiteId, id);
    await recordRevision(trx, context.websiteId, subject, {
      revision: saved.revision,
      snapshot: itemSnapshot(saved),
      contributorId: context.contributorId,
      note: context.note,
    });
    return saved;
  });
}

/** A new item's first revision in the history. */
export async function recordNewItem(trx: Db, item: Item, context: SaveContext): Promise<void> {
  await recordRevision(
    trx,
    context.websiteId,
    { kind: 'item', id: item.id },
    {
      revision: item.revision,
      snapshot: itemSnapshot(item),
      contributorId: context.contributorId,
      note: context.note,
    },
  );
}

/** A new collection's first revision in the history. */
export async function recordNewCollection(trx: Db, collection: Collection, context: SaveContext): Promise<void> {
  await recordRevision(
    trx,
    context.websiteId,
    { kind: 'collection', id: collection.id },
    {
      revision: collection.revision,
      snapshot: collectionSnapshot(collection, collection.ordering === 'user-ordered' ? [] : undefined),
      contributorId: context.contributorId,
      note: context.note,
    },
  );
}
