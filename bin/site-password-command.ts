/**
 * `npm run owner -- site-password set <password> [--site <host or id>]` and
 * `site-password clear`: locks the whole site behind a password (every page
 * shows the lock screen, page type 103, until a browser unlocks it) or opens
 * it again. --site may be left out while the database holds one website.
 * Dispatched by bin/owner.ts beside the other owner commands; kept in a file
 * of its own so tests run it against a database of their own.
 */
import { parseArgs } from 'node:util';
import { setSitePassword } from '../api/repositories/site-lock-repository.ts';
import type { Db } from '../api/repositories/transaction.ts';
import { type CommandOutput, findSite, UsageError } from './command-site.ts';

export const SITE_PASSWORD_USAGE = `usage: npm run owner -- site-password set <password> [--site <host or website id>]
       npm run owner -- site-password clear [--site <host or website id>]
`;

/** Longer than any password a person types; the lock screen refuses longer ones too (renderer/access-posts.ts). */
export const SITE_PASSWORD_MAX_LENGTH = 256;

/** Runs `site-password …` (argv after the word site-password); the exit code (0, or 2 for a usage mistake). */
export async function runSitePasswordCommand(db: Db, argv: string[], output: CommandOutput): Promise<number> {
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { site: { type: 'string' } },
    });
    const [action, password, ...extra] = positionals;
    if (action !== 'set' && action !== 'clear') {
      throw new UsageError(action ? `unknown site-password command ${action}` : 'site-password needs set or clear');
    }
    if (action === 'set') {
      // Spaces are kept: the lock screen compares what a visitor types, as typed.
      if (password === undefined || password === '') throw new UsageError('set needs the password');
      if (password.length > SITE_PASSWORD_MAX_LENGTH) {
        throw new UsageError(`a site password is at most ${SITE_PASSWORD_MAX_LENGTH} characters`);
      }
      if (extra.length > 0) throw new UsageError('set takes one password (quote it if it has spaces)');
    } else if (password !== undefined) {
      throw new UsageError('clear takes no password');
    }
    const site = await findSite(db, values.site);
    const title = site.website.siteTitle;
    if (action === 'set') {
      await setSitePassword(db, site.website.id, password!);
      output.out(`${title} is locked: every page asks for the password until a visitor's browser unlocks it\n`);
    } else {
      const wasLocked = site.settings.sitePasswordHash !== null;
      await setSitePassword(db, site.website.id, null);
      output.out(wasLocked ? `${title} is open again: no password is asked\n` : `${title} had no password\n`);
    }
    return 0;
  } catch (error) {
    // parseArgs throws a TypeError with a code for an unknown option or a missing value.
    if (error instanceof UsageError || (error instanceof TypeError && 'code' in error)) {
      output.err(`${error.message}\n${SITE_PASSWORD_USAGE}`);
      return 2;
    }
    throw error;
  }
}
