import type { Db } from './transaction.ts';

export interface Author {
  id: string;
  displayName: string;
}

/** Contributors by id, as item authors; unknown ids are absent. */
export async function getAuthors(db: Db, websiteId: string, ids: readonly string[]): Promise<Map<string, Author>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .selectFrom('contributors')
    .select(['id', 'displayName'])
    .where('websiteId', '=', websiteId)
    .where('id', 'in', unique)
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}
