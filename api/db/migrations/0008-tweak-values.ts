import { type Kysely, sql } from 'kysely';

/**
 * The website's values for its template's tweaks (the variables a package's
 * stylesheets declare with `// tweak: {...}`): tweak name to value, {} for
 * every default (api/db/json-schemas.ts, tweakValuesSchema).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('website_settings')
    .addColumn('tweak_values', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('website_settings').dropColumn('tweak_values').execute();
}
