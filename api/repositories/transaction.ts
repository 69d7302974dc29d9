import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** A database handle or an open transaction; every repository function accepts either. */
export type Db = Kysely<Database>;

/**
 * Runs `work` atomically. Kysely cannot nest transactions, so when the caller
 * already holds one (a service composing several repository calls) the work
 * joins it instead of opening a second.
 */
export async function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  if (db.isTransaction) return work(db);
  return db.transaction().execute(work);
}
