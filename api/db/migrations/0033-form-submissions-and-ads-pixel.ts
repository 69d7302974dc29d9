import { type Kysely, sql } from 'kysely';

/**
 * The owner's form submissions panel reads a form's submissions newest
 * first a page at a time: an index on exactly that order. The dynamic-ads
 * product feed panel keeps the website's ads pixel id in its settings
 * (null when none), as the site settings keep the captcha site key.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index form_submissions_by_form_newest
    on form_submissions (website_id, form_id, created_on desc, id desc)`.execute(db);
  await db.schema
    .alterTable('website_settings')
    .addColumn('ads_pixel_id', 'text', (c) => c.check(sql`char_length(ads_pixel_id) between 1 and 64`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('website_settings').dropColumn('ads_pixel_id').execute();
  await sql`drop index form_submissions_by_form_newest`.execute(db);
}
