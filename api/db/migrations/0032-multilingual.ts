import { type Kysely, sql } from 'kysely';

/**
 * Multilingual sites (issue 21, spec section 7's multilingual calls): a
 * website's translation languages, beside its own language (website
 * settings' language), each served under its own address prefix (/fr/…);
 * and the owner's translations, optional overrides of a text of the site,
 * a collection, an item or a navigation link in one language. A page in a
 * language shows the override where there is one and the site's own text
 * elsewhere. Both move the content version, so no kept page outlives a
 * change to them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('website_settings')
    .addColumn('translation_languages', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .execute();
  await db.schema
    .createTable('content_translations')
    .addColumn('website_id', 'text', (c) => c.notNull().references('websites.id').onDelete('cascade'))
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('target_kind', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('field', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_on', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('content_translations_pk', ['website_id', 'language', 'target_id', 'field'])
    .addCheckConstraint(
      'content_translations_kind',
      sql`target_kind in ('site', 'collection', 'item', 'navigation-link')`,
    )
    .addCheckConstraint(
      'content_translations_field',
      sql`field in ('siteTitle', 'siteDescription', 'title', 'navigationTitle', 'description', 'excerpt', 'body')`,
    )
    .execute();
  await sql`create trigger content_translations_content_change
    after insert or update or delete on content_translations
    for each row execute function record_content_change()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('content_translations').execute();
  await db.schema.alterTable('website_settings').dropColumn('translation_languages').execute();
}
