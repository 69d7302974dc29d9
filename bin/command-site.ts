/** What the owner commands share: their usage mistake, and the website a --site value names. */
import type { Db } from '../api/repositories/transaction.ts';
import { findWebsiteByHost, getWebsite, type WebsiteWithSettings } from '../api/repositories/website-repository.ts';

export interface CommandOutput {
  out(text: string): void;
  err(text: string): void;
}

/** A mistake in the command line: the command prints it with its usage and exits 2. */
export class UsageError extends Error {}

/** The website --site names (a host it answers on, else its id), or the only one when it is left out. */
export async function findSite(db: Db, site: string | undefined): Promise<WebsiteWithSettings> {
  if (site) {
    const found = (await findWebsiteByHost(db, site)) ?? (await getWebsite(db, site));
    if (!found) throw new UsageError(`no website answers on ${site} or has that id`);
    return found;
  }
  const ids = await db.selectFrom('websites').select('id').limit(2).execute();
  if (ids.length !== 1) {
    throw new UsageError(
      ids.length === 0 ? 'there is no website yet' : 'there are several websites: name one with --site',
    );
  }
  const only = await getWebsite(db, ids[0]!.id);
  if (!only) throw new UsageError('the website has no settings');
  return only;
}
