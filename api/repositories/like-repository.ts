import { type Db, inTransaction } from './transaction.ts';

export interface LikeResult {
  /** Whether this call changed anything (false when already liked / not liked). */
  changed: boolean;
  likeCount: number;
}

/**
 * Records that a visitor likes an item. Idempotent per visitor; the item's
 * like_count moves in the same transaction as the likes row, so the two
 * never disagree. Undefined for an unknown item.
 */
export async function addLike(
  db: Db,
  websiteId: string,
  itemId: string,
  visitorKey: string,
): Promise<LikeResult | undefined> {
  return inTransaction(db, async (trx) => {
    if (!(await itemExists(trx, websiteId, itemId))) return undefined;
    const inserted = await trx
      .insertInto('likes')
      .values({ websiteId, itemId, visitorKey })
      .onConflict((oc) => oc.columns(['websiteId', 'itemId', 'visitorKey']).doNothing())
      .returning('itemId')
      .executeTakeFirst();
    if (!inserted) return { changed: false, likeCount: await likeCount(trx, websiteId, itemId) };
    const item = await trx
      .updateTable('items')
      .set((eb) => ({ likeCount: eb('likeCount', '+', 1) }))
      .where('websiteId', '=', websiteId)
      .where('id', '=', itemId)
      .returning('likeCount')
      .executeTakeFirstOrThrow();
    return { changed: true, likeCount: item.likeCount };
  });
}

/** Takes a visitor's like back; idempotent like `addLike`. Undefined for an unknown item. */
export async function removeLike(
  db: Db,
  websiteId: string,
  itemId: string,
  visitorKey: string,
): Promise<LikeResult | undefined> {
  return inTransaction(db, async (trx) => {
    if (!(await itemExists(trx, websiteId, itemId))) return undefined;
    const deleted = await trx
      .deleteFrom('likes')
      .where('websiteId', '=', websiteId)
      .where('itemId', '=', itemId)
      .where('visitorKey', '=', visitorKey)
      .returning('itemId')
      .executeTakeFirst();
    if (!deleted) return { changed: false, likeCount: await likeCount(trx, websiteId, itemId) };
    const item = await trx
      .updateTable('items')
      .set((eb) => ({ likeCount: eb('likeCount', '-', 1) }))
      .where('websiteId', '=', websiteId)
      .where('id', '=', itemId)
      .returning('likeCount')
      .executeTakeFirstOrThrow();
    return { changed: true, likeCount: item.likeCount };
  });
}

/** An item's count and whether the visitor (when known) likes it; undefined for an unknown item. */
export async function likeState(
  db: Db,
  websiteId: string,
  itemId: string,
  visitorKey: string | undefined,
): Promise<{ likeCount: number; liked: boolean } | undefined> {
  const [item, liked] = await Promise.all([
    db
      .selectFrom('items')
      .select('likeCount')
      .where('websiteId', '=', websiteId)
      .where('id', '=', itemId)
      .executeTakeFirst(),
    visitorKey === undefined ? false : hasLiked(db, websiteId, itemId, visitorKey),
  ]);
  return item ? { likeCount: item.likeCount, liked } : undefined;
}

export async function hasLiked(db: Db, websiteId: string, itemId: string, visitorKey: string): Promise<boolean> {
  const row = await db
    .selectFrom('likes')
    .select('itemId')
    .where('websiteId', '=', websiteId)
    .where('itemId', '=', itemId)
    .where('visitorKey', '=', visitorKey)
    .executeTakeFirst();
  return row !== undefined;
}

async function itemExists(db: Db, websiteId: string, itemId: string): Promise<boolean> {
  const row = await db
    .selectFrom('items')
    .select('id')
    .where('websiteId', '=', websiteId)
    .where('id', '=', itemId)
    .executeTakeFirst();
  return row !== undefined;
}

async function likeCount(db: Db, websiteId: string, itemId: string): Promise<number> {
  const row = await db
    .selectFrom('items')
    .select('likeCount')
    .where('websiteId', '=', websiteId)
    .where('id', '=', itemId)
    .executeTakeFirstOrThrow();
  return row.likeCount;
}
