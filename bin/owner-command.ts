/**
 * `npm run owner -- api-key create|list|revoke`: what a site owner does
 * until the owner's own panel exists. An API key made here authenticates
 * owner calls (restock lists and sends) with `Authorization: Bearer <key>`.
 * Kept apart from bin/owner.ts, which only opens the database, so tests run
 * it against a database of their own.
 */
import { parseArgs } from 'node:util';
import { API_KEY_PERMISSIONS } from '../api/http/api-key-auth.ts';
import { createApiKey, getApiKey, listApiKeys, revokeApiKey } from '../api/repositories/api-key-repository.ts';
import type { Db } from '../api/repositories/transaction.ts';
import { findWebsiteByHost, getWebsite, type WebsiteWithSettings } from '../api/repositories/website-repository.ts';

export const OWNER_USAGE = `usage: npm run owner -- api-key create --site <host or website id> [--name <name>]
       npm run owner -- api-key list --site <host or website id>
       npm run owner -- api-key revoke <key id>
`;

export interface CommandOutput {
  out(text: string): void;
  err(text: string): void;
}

class UsageError extends Error {}

/** The website a --site value names: a host it answers on, else its id. */
async function findSite(db: Db, site: string | undefined): Promise<WebsiteWithSettings> {
  if (!site) throw new UsageError('--site is required');
  const found = (await findWebsiteByHost(db, site)) ?? (await getWebsite(db, site));
  if (!found) throw new UsageError(`no website answers on ${site} or has that id`);
  return found;
}

const day = (date: Date | null) => (date ? date.toISOString().slice(0, 10) : '-');

/** Runs one owner command; the exit code (0, or 2 for a usage mistake). */
export async function runOwnerCommand(db: Db, argv: string[], output: CommandOutput): Promise<number> {
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { site: { type: 'string' }, name: { type: 'string' } },
    });
    const [area, action, ...rest] = positionals;
    if (area !== 'api-key') throw new UsageError(area ? `unknown command ${area}` : 'no command given');
    switch (action) {
      case 'create': {
        const site = await findSite(db, values.site);
        const name = values.name?.trim() || 'CLI key';
        const { key, apiKey } = await createApiKey(db, site.website.id, name, API_KEY_PERMISSIONS);
        output.out(
          `created API key ${apiKey.id} "${apiKey.name}" for ${site.website.siteTitle}\n${key}\n` +
            'This is the only time the key is shown; send it as "Authorization: Bearer <key>".\n',
        );
        return 0;
      }
      case 'list': {
        const site = await findSite(db, values.site);
        const keys = await listApiKeys(db, site.website.id);
        if (keys.length === 0) output.out('no API keys\n');
        for (const key of keys) {
          const state = key.revokedOn ? `revoked ${day(key.revokedOn)}` : 'live';
          output.out(
            `${key.id}  ${key.keyPrefix}…  ${key.name}  created ${day(key.createdOn)}  last used ${day(key.lastUsedOn)}  ${state}\n`,
          );
        }
        return 0;
      }
      case 'revoke': {
        const [id] = rest;
        if (!id) throw new UsageError('revoke needs the key id (see api-key list)');
        const key = await getApiKey(db, id);
        if (!key || !(await revokeApiKey(db, key.websiteId, id))) {
          output.err(key ? `API key ${id} was revoked already\n` : `no API key ${id}\n`);
          return 1;
        }
        output.out(`revoked API key ${id}\n`);
        return 0;
      }
      default:
        throw new UsageError(action ? `unknown api-key command ${action}` : 'api-key needs create, list or revoke');
    }
  } catch (error) {
    // parseArgs throws a TypeError with a code for an unknown option or a missing value.
    if (error instanceof UsageError || (error instanceof TypeError && 'code' in error)) {
      output.err(`${error.message}\n${OWNER_USAGE}`);
      return 2;
    }
    throw error;
  }
}
