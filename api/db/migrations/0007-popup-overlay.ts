import { type Kysely, sql } from 'kysely';

/**
 * The site-wide promotional popup's settings (spec section 2, page type 104
 * popup overlay): one JSON object per website, {} for a site that never set
 * one up (api/db/json-schemas.ts, popupOverlaySettingsSchema).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('website_settings')
    .addColumn('popup_overlay', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('website_settings').dropColumn('popup_overlay').execute();
}
