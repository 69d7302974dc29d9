import type { Kysely } from 'kysely';

/**
 * A site-wide lock: the website's password as a scrypt hash (the format of
 * site users' and collection passwords, site-user-repository.ts), null when
 * the site is open. The unlock cookie is signed over it, so a new password
 * locks out every browser the old one let in.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('website_settings').addColumn('site_password_hash', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('website_settings').dropColumn('site_password_hash').execute();
}
