/** A bare website for a benchmark that brings its own data (its settings and one host). */
import { newId } from '../api/db/ids.ts';
import type { Db } from '../api/repositories/transaction.ts';

export async function buildBenchWebsite(db: Db): Promise<string> {
  const websiteId = newId();
  await db
    .insertInto('websites')
    .values({ id: websiteId, identifier: `bench-${websiteId}`, siteTitle: 'Bench' })
    .execute();
  await db.insertInto('websiteSettings').values({ websiteId, updatedOn: new Date() }).execute();
  await db
    .insertInto('domains')
    .values({ host: `bench-${websiteId}.example`, websiteId, isPrimary: true })
    .execute();
  return websiteId;
}
