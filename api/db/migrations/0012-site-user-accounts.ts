import { type Kysely, sql } from 'kysely';

/**
 * Site-user accounts: whether a user's email address has been proven
 * theirs, and the one-time tokens that emailed links carry (password reset,
 * email verification). A token is stored as its sha256 only, like a session
 * token, so a copy of the database opens no account; using one deletes it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('site_users').addColumn('email_verified_on', 'timestamptz').execute();
  await db.schema
    .createTable('site_user_tokens')
    .addColumn('website_id', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull())
    .addColumn('site_user_id', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull().check(sql`purpose in ('password-reset', 'email-verification')`))
    .addColumn('expires_on', 'timestamptz', (c) => c.notNull())
    .addColumn('created_on', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('site_user_tokens_pk', ['website_id', 'token_hash'])
    .addForeignKeyConstraint(
      'site_user_tokens_user_fk',
      ['website_id', 'site_user_id'],
      'site_users',
      ['website_id', 'id'],
      (c) => c.onDelete('cascade'),
    )
    .execute();
  // A new link of one purpose replaces the user's older ones, found through this index.
  await db.schema
    .createIndex('site_user_tokens_user_idx')
    .on('site_user_tokens')
    .columns(['website_id', 'site_user_id', 'purpose'])
    .execute();
  // Signing out everywhere (password change or reset) finds a user's sessions here.
  await db.schema
    .createIndex('site_user_sessions_user_idx')
    .on('site_user_sessions')
    .columns(['website_id', 'site_user_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('site_user_sessions_user_idx').execute();
  await db.schema.dropTable('site_user_tokens').execute();
  await db.schema.alterTable('site_users').dropColumn('email_verified_on').execute();
}
