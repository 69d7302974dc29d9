/**
 * Putting a collection or an item back as one of its saved revisions were:
 * a new save (so the history grows, and the restore itself can be undone)
 * whose content is the old revision's, based on the revision the owner was
 * looking at like any other save. What the old revision names and is gone
 * since (a picture, an author) is left out rather than failing the restore;
 * a URL another page has taken since is refused.
 */
import { ApiError } from '../api-errors.ts';
import type { Collection, Item } from '../db/schema.ts';
import { getRevisionSnapshot, type RevisionSubject } from '../repositories/content-revision-repository.ts';
import type { Db } from '../repositories/transaction.ts';
import { writeOrder } from './collection-editing.ts';
import { contributorExists, imageExists, invalidInput } from './content-references.ts';
import { readCollectionSnapshot, readItemSnapshot } from './content-snapshots.ts';
import { type SaveContext, saveCollection, saveItem } from './revisioned-save.ts';

async function snapshotOf(db: Db, websiteId: string, subject: RevisionSubject, revision: number) {
  const snapshot = await getRevisionSnapshot(db, websiteId, subject, revision);
  if (!snapshot) throw new ApiError('revision-not-found');
  return snapshot;
}

const URL_TAKEN_SINCE = 'Another page has taken this version’s URL since; change that page’s URL first.';

export async function restoreCollection(
  db: Db,
  id: string,
  context: SaveContext,
  revision: number,
): Promise<Collection> {
  return saveCollection(db, id, context, async (_current, trx) => {
    const snapshot = readCollectionSnapshot(
      await snapshotOf(trx, context.websiteId, { kind: 'collection', id }, revision),
    );
    const clash = await trx
      .selectFrom('collections')
      .select('id')
      .where('websiteId', '=', context.websiteId)
      .where('urlId', '=', snapshot.urlId)
      .where('id', '!=', id)
      .executeTakeFirst();
    if (clash) invalidInput({ revision: URL_TAKEN_SINCE });
    if (snapshot.itemOrder) await writeOrder(trx, context.websiteId, id, snapshot.itemOrder);
    const { itemOrder: _order, ...columns } = snapshot;
    return columns;
  });
}

export async function restoreItem(db: Db, id: string, context: SaveContext, revision: number): Promise<Item> {
  return saveItem(db, id, context, async (current, trx) => {
    const snapshot = readItemSnapshot(await snapshotOf(trx, context.websiteId, { kind: 'item', id }, revision));
    const clash = await trx
      .selectFrom('items')
      .select('id')
      .where('websiteId', '=', context.websiteId)
      .where('collectionId', '=', current.collectionId)
      .where('urlId', '=', snapshot.urlId)
      .where('id', '!=', id)
      .executeTakeFirst();
    if (clash) invalidInput({ revision: URL_TAKEN_SINCE });
    const imageKept =
      snapshot.mainImageId !== null && (await imageExists(trx, context.websiteId, snapshot.mainImageId));
    const authorKept =
      snapshot.authorId !== null && (await contributorExists(trx, context.websiteId, snapshot.authorId));
    return {
      ...snapshot,
      mainImageId: imageKept ? snapshot.mainImageId : null,
      authorId: authorKept ? snapshot.authorId : null,
      publishOn: new Date(snapshot.publishOn),
      startDate: snapshot.startDate === null ? null : new Date(snapshot.startDate),
      endDate: snapshot.endDate === null ? null : new Date(snapshot.endDate),
    };
  });
}
