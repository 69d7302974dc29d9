import { sql } from 'kysely';
import { json } from '../db/json.ts';
import { readJsonColumns } from '../db/read-json.ts';
import type { Db } from './transaction.ts';

export type Preferences = Record<string, unknown>;

/** A namespace's preferences; {} when none were saved. The spec strips websiteId from the response. */
export async function getPreferences(db: Db, websiteId: string, namespace: string): Promise<Preferences> {
  const row = await db
    .selectFrom('commercePreferences')
    .select('preferences')
    .where('websiteId', '=', websiteId)
    .where('namespace', '=', namespace)
    .executeTakeFirst();
  return withoutWebsiteId(readJsonColumns('commercePreferences', row)?.preferences ?? {});
}

/**
 * Replaces a namespace's preferences (PUT semantics) and returns what was
 * stored. A websiteId in the body is dropped: the website is the one the
 * request is for, never one the body names.
 */
export async function putPreferences(
  db: Db,
  websiteId: string,
  namespace: string,
  preferences: Preferences,
): Promise<Preferences> {
  const stored = withoutWebsiteId(preferences);
  await db
    .insertInto('commercePreferences')
    .values({ websiteId, namespace, preferences: json(stored) })
    .onConflict((oc) =>
      oc.columns(['websiteId', 'namespace']).doUpdateSet({
        preferences: (eb) => eb.ref('excluded.preferences'),
        updatedOn: sql`now()`,
      }),
    )
    .execute();
  return stored;
}

function withoutWebsiteId(preferences: Preferences): Preferences {
  const { websiteId: _websiteId, ...rest } = preferences;
  return rest;
}
