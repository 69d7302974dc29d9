/**
 * `npm run owner -- create-admin` (the first administrator of a fresh
 * install, who then signs in at /config) and `api-key create|list|revoke`.
 * An API key made here authenticates owner calls with
 * `Authorization: Bearer <key>`, with every scope unless --scopes names some.
 * Kept apart from bin/owner.ts, which only opens the database, so tests run
 * it against a database of their own.
 */
import { parseArgs } from 'node:util';
import { createApiKey, getApiKey, listApiKeys, revokeApiKey } from '../api/repositories/api-key-repository.ts';
import { createAdmin } from '../api/repositories/owner-account-repository.ts';
import type { Db } from '../api/repositories/transaction.ts';
import { API_KEY_SCOPES, isApiKeyScope } from '../shared/owner-permissions.ts';
import { newOwnerPassword, ownerEmail, personName } from '../shared/owner-schemas.ts';
import { type CommandOutput, findSite, UsageError } from './command-site.ts';

export const OWNER_USAGE = `usage: npm run owner -- api-key create --site <host or website id> [--name <name>] [--scopes <scope,scope>]
       npm run owner -- api-key list --site <host or website id>
       npm run owner -- api-key revoke <key id>
       npm run owner -- create-admin --email <email> --password <password> [--name <name>] [--site <host or website id>]
         (--site may be left out when the database holds one website)
`;

/** API keys name their website always: a key for the wrong site is worse than a usage mistake. */
function requiredSite(site: string | undefined): string {
  if (!site) throw new UsageError('--site is required');
  return site;
}

async function createAdminCommand(
  db: Db,
  values: { site?: string; email?: string; password?: string; name?: string },
  output: CommandOutput,
): Promise<number> {
  const site = await findSite(db, values.site);
  const email = ownerEmail.safeParse(values.email ?? '');
  if (!email.success) throw new UsageError(`--email: ${email.error.issues[0]!.message}`);
  const password = newOwnerPassword.safeParse(values.password ?? '');
  if (!password.success) throw new UsageError(`--password: ${password.error.issues[0]!.message}`);
  const name = personName.safeParse(values.name ?? email.data.split('@')[0]);
  if (!name.success) throw new UsageError(`--name: ${name.error.issues[0]!.message}`);
  const { contributor, created } = await createAdmin(db, site.website.id, {
    email: email.data,
    password: password.data,
    displayName: name.data,
  });
  output.out(
    `${created ? 'created' : 'updated'} administrator ${contributor.email} for ${site.website.siteTitle}; sign in at /config\n`,
  );
  return 0;
}

const day = (date: Date | null) => (date ? date.toISOString().slice(0, 10) : '-');

/** Runs one owner command; the exit code (0, or 2 for a usage mistake). */
export async function runOwnerCommand(db: Db, argv: string[], output: CommandOutput): Promise<number> {
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        site: { type: 'string' },
        name: { type: 'string' },
        email: { type: 'string' },
        password: { type: 'string' },
        scopes: { type: 'string' },
      },
    });
    const [area, action, ...rest] = positionals;
    if (area === 'create-admin') return await createAdminCommand(db, values, output);
    if (area !== 'api-key') throw new UsageError(area ? `unknown command ${area}` : 'no command given');
    switch (action) {
      case 'create': {
        const site = await findSite(db, requiredSite(values.site));
        const name = values.name?.trim() || 'CLI key';
        const scopes =
          values.scopes === undefined ? [...API_KEY_SCOPES] : values.scopes.split(',').map((s) => s.trim());
        const unknown = scopes.filter((scope) => !isApiKeyScope(scope));
        if (unknown.length > 0 || scopes.length === 0) {
          throw new UsageError(
            `unknown scope ${unknown.join(', ') || '(none)'}; scopes are ${API_KEY_SCOPES.join(', ')}`,
          );
        }
        const { key, apiKey } = await createApiKey(db, site.website.id, name, scopes);
        output.out(
          `created API key ${apiKey.id} "${apiKey.name}" for ${site.website.siteTitle}\n${key}\n` +
            'This is the only time the key is shown; send it as "Authorization: Bearer <key>".\n',
        );
        return 0;
      }
      case 'list': {
        const site = await findSite(db, requiredSite(values.site));
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
