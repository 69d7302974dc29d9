import { type Kysely, sql } from 'kysely';

/**
 * Locked pages and member areas. A password-protected collection keeps its
 * password as a scrypt hash (the site users' format, site-user-repository.ts);
 * the unlock cookie is signed over that hash, so a new password locks out
 * every browser the old one let in. A member-only collection is a member
 * area: its members are the site users granted access, one row each.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('collections').addColumn('password_hash', 'text').execute();
  await db.schema
    .createTable('member_area_members')
    .addColumn('website_id', 'text', (c) => c.notNull())
    .addColumn('collection_id', 'text', (c) => c.notNull())
    .addColumn('site_user_id', 'text', (c) => c.notNull())
    .addColumn('joined_on', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('member_area_members_pk', ['website_id', 'collection_id', 'site_user_id'])
    .addForeignKeyConstraint(
      'member_area_members_collection_fk',
      ['website_id', 'collection_id'],
      'collections',
      ['website_id', 'id'],
      (c) => c.onDelete('cascade'),
    )
    .addForeignKeyConstraint(
      'member_area_members_user_fk',
      ['website_id', 'site_user_id'],
      'site_users',
      ['website_id', 'id'],
      (c) => c.onDelete('cascade'),
    )
    .execute();
  // A page asks which areas its signed-in visitor belongs to.
  await db.schema
    .createIndex('member_area_members_user_idx')
    .on('member_area_members')
    .columns(['website_id', 'site_user_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('member_area_members').execute();
  await db.schema.alterTable('collections').dropColumn('password_hash').execute();
}
