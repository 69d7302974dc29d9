/**
 * The site-wide lock (page type 103 on every page): the website's password,
 * kept as a scrypt hash in website_settings.site_password_hash. Setting or
 * lifting it changes the website's settings, which moves its content
 * version, so no page kept in the page cache before outlives the change.
 */
import { sql } from 'kysely';
import { hashPassword, verifyPassword } from './site-user-repository.ts';
import type { Db } from './transaction.ts';

/** What the unlock cookie names the site-wide lock by: no collection id (24 hex digits) looks like it. */
export const SITE_LOCK_ID = 'site';

/** The site-wide lock as the unlock cookie sees it, or undefined when the site has no password. */
export function siteLockOf(sitePasswordHash: string | null): { id: string; passwordHash: string } | undefined {
  return sitePasswordHash === null ? undefined : { id: SITE_LOCK_ID, passwordHash: sitePasswordHash };
}

/** Locks the whole site with a password, or opens it again with null. */
export async function setSitePassword(
  db: Db,
  websiteId: string,
  password: string | null,
  fixedSalt?: Buffer,
): Promise<void> {
  if (password !== null && password.length === 0) throw new Error('a site password cannot be empty');
  const sitePasswordHash = password === null ? null : await hashPassword(password, fixedSalt);
  const updated = await db
    .updateTable('websiteSettings')
    .set({ sitePasswordHash, updatedOn: sql`now()` })
    .where('websiteId', '=', websiteId)
    .executeTakeFirst();
  if (updated.numUpdatedRows === 0n) throw new Error(`no settings for website ${websiteId}`);
}

/** Whether the password opens the site. */
export function sitePasswordMatches(sitePasswordHash: string | null, password: string): Promise<boolean> {
  if (sitePasswordHash === null) return Promise.resolve(false);
  return verifyPassword(password, sitePasswordHash);
}
