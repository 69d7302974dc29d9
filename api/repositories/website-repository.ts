import { readJsonColumns } from '../db/read-json.ts';
import type { Website, WebsiteSettings } from '../db/schema.ts';
import type { Db } from './transaction.ts';

export interface WebsiteWithSettings {
  website: Website;
  settings: WebsiteSettings;
}

/**
 * The form a Host header is stored in: lower case, no port, no trailing dot
 * (a fully qualified `example.com.` names the same site). IPv6 literals keep
 * their brackets.
 */
export function normalizeHost(host: string): string {
  let value = host.trim().toLowerCase();
  if (value.startsWith('[')) {
    const end = value.indexOf(']');
    value = end === -1 ? value : value.slice(0, end + 1);
  } else {
    const colon = value.indexOf(':');
    if (colon !== -1) value = value.slice(0, colon);
  }
  return value.endsWith('.') ? value.slice(0, -1) : value;
}

/** The website a request's Host header belongs to, or undefined for an unknown host. */
export async function findWebsiteByHost(db: Db, host: string): Promise<WebsiteWithSettings | undefined> {
  const normalized = normalizeHost(host);
  if (normalized === '') return undefined;
  const website = await db
    .selectFrom('domains')
    .innerJoin('websites', 'websites.id', 'domains.websiteId')
    .selectAll('websites')
    .where('domains.host', '=', normalized)
    .executeTakeFirst();
  return website ? withSettings(db, website) : undefined;
}

export async function getWebsite(db: Db, websiteId: string): Promise<WebsiteWithSettings | undefined> {
  const website = await db.selectFrom('websites').selectAll().where('id', '=', websiteId).executeTakeFirst();
  return website ? withSettings(db, website) : undefined;
}

/** The hosts a website answers on, the primary one first (for canonical links and redirects). */
export async function listDomains(db: Db, websiteId: string): Promise<{ host: string; isPrimary: boolean }[]> {
  return db
    .selectFrom('domains')
    .select(['host', 'isPrimary'])
    .where('websiteId', '=', websiteId)
    .orderBy('isPrimary', 'desc')
    .orderBy('host')
    .execute();
}

// Settings are created together with the website; one without them is
// half-created and is not served rather than rendered with guessed values.
async function withSettings(db: Db, website: Website): Promise<WebsiteWithSettings | undefined> {
  const settings = await db
    .selectFrom('websiteSettings')
    .selectAll()
    .where('websiteId', '=', website.id)
    .executeTakeFirst();
  return settings ? { website, settings: readJsonColumns('websiteSettings', settings) } : undefined;
}
