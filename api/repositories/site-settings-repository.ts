/**
 * The owner's writes to a website's settings: the general settings (the
 * site title lives on the websites row, the rest on website_settings), the
 * store's part of the settings, header and footer code and the plan. Every
 * one of these tables announces its changes (migration 0002), so the
 * content version moves and cached pages are drawn again.
 */
import { sql } from 'kysely';
import { json } from '../db/json.ts';
import type { Db } from './transaction.ts';
import { inTransaction } from './transaction.ts';

export interface SiteSettingsChange {
  siteTitle: string;
  siteDescription: string;
  timeZone: string;
  language: string;
  baseCurrency: string;
  /** null for no captcha. */
  captchaSiteKey: string | null;
}

export async function updateSiteSettings(db: Db, websiteId: string, change: SiteSettingsChange): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const website = await trx
      .updateTable('websites')
      .set({ siteTitle: change.siteTitle })
      .where('id', '=', websiteId)
      .returning('id')
      .executeTakeFirst();
    if (!website) return false;
    await trx
      .updateTable('websiteSettings')
      .set({
        siteDescription: change.siteDescription,
        timeZone: change.timeZone,
        language: change.language,
        baseCurrency: change.baseCurrency,
        captchaSiteKey: change.captchaSiteKey,
      })
      .where('websiteId', '=', websiteId)
      .execute();
    return true;
  });
}

/**
 * Sets some keys of the store settings and keeps the others: merged in the
 * database, so a concurrent change to another key (the inventory panel's
 * scarcity settings, say) is not undone by this one.
 */
export async function mergeStoreSettings(db: Db, websiteId: string, patch: Record<string, unknown>): Promise<void> {
  await db
    .updateTable('websiteSettings')
    .set({ storeSettings: sql`store_settings || cast(${json(patch)} as jsonb)` })
    .where('websiteId', '=', websiteId)
    .execute();
}

export async function getHeaderFooter(db: Db, websiteId: string): Promise<{ header: string; footer: string }> {
  const row = await db
    .selectFrom('websiteSettings')
    .select(['headerCode', 'footerCode'])
    .where('websiteId', '=', websiteId)
    .executeTakeFirstOrThrow();
  return { header: row.headerCode, footer: row.footerCode };
}

export async function setHeaderFooter(
  db: Db,
  websiteId: string,
  code: { header: string; footer: string },
): Promise<void> {
  await db
    .updateTable('websiteSettings')
    .set({ headerCode: code.header, footerCode: code.footer })
    .where('websiteId', '=', websiteId)
    .execute();
}

export async function setBillingPlan(db: Db, websiteId: string, plan: string): Promise<void> {
  await db.updateTable('websiteSettings').set({ billingPlan: plan }).where('websiteId', '=', websiteId).execute();
}
