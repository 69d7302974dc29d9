import { sql } from 'kysely';
import { type Db, inTransaction } from './transaction.ts';

/** Past this many log rows a website's change log is folded into one. */
const COMPACT_AFTER = 500;

/**
 * A number that changes whenever anything a page of the website shows
 * changes (content, prices, stock, settings): the sum of the change log the
 * triggers of migration 0002 write. Read it before the page's data, so a page
 * cached under it can only be newer than the version, never older.
 */
export async function contentVersion(db: Db, websiteId: string): Promise<string> {
  const row = await db
    .selectFrom('contentChanges')
    .select([
      (eb) => eb.fn.coalesce(eb.fn.sum<string>('weight'), sql<string>`0`).as('version'),
      (eb) => eb.fn.countAll<string>().as('rows'),
    ])
    .where('websiteId', '=', websiteId)
    .executeTakeFirstOrThrow();
  if (Number(row.rows) > COMPACT_AFTER) await compactContentChanges(db, websiteId);
  return String(row.version);
}

/** Folds the log into one row of the same total weight; the version stays what it was. */
export async function compactContentChanges(db: Db, websiteId: string): Promise<void> {
  await inTransaction(db, async (trx) => {
    const removed = await trx
      .deleteFrom('contentChanges')
      .where('websiteId', '=', websiteId)
      .returning('weight')
      .execute();
    const total = removed.reduce((sum, row) => sum + BigInt(row.weight), 0n);
    if (total > 0n) await trx.insertInto('contentChanges').values({ websiteId, weight: total.toString() }).execute();
  });
}
