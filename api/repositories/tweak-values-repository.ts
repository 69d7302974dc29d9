import { json } from '../db/json.ts';
import type { TweakValues } from '../db/schema.ts';
import type { Db } from './transaction.ts';

/** The website's values for its template's tweaks, whole; the settings row's trigger moves the content version. */
export async function setTweakValues(db: Db, websiteId: string, values: TweakValues): Promise<void> {
  await db
    .updateTable('websiteSettings')
    .set({ tweakValues: json(values), updatedOn: new Date() })
    .where('websiteId', '=', websiteId)
    .execute();
}
