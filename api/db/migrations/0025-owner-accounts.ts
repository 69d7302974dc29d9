import { type Kysely, sql } from 'kysely';

/**
 * Owner accounts (issue 21): a contributor may sign in to the admin app with
 * a password, opening a session of its own (owner_sessions, apart from site
 * users' sessions); contributors invite others through a one-time emailed
 * link (contributor_invitations). Session and invitation tokens are stored
 * as their sha256 only, so a copy of the database opens no account. A
 * website also records the plan it is on (no real billing: the plan page
 * only records the choice).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Null until the contributor sets a password (an author who never signs in).
  await db.schema.alterTable('contributors').addColumn('password_hash', 'text').execute();
  // Sign-in finds a contributor by email in any letter case; two accounts differing only in case would be ambiguous.
  await sql`create unique index contributors_email_lower_uq on contributors (website_id, lower(email))`.execute(db);
  await db.schema
    .createTable('owner_sessions')
    .addColumn('website_id', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull())
    .addColumn('contributor_id', 'text', (c) => c.notNull())
    .addColumn('xsrf_token', 'text', (c) => c.notNull())
    .addColumn('remember_me', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('expires_on', 'timestamptz', (c) => c.notNull())
    .addColumn('created_on', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('owner_sessions_pk', ['website_id', 'token_hash'])
    .addForeignKeyConstraint(
      'owner_sessions_contributor_fk',
      ['website_id', 'contributor_id'],
      'contributors',
      ['website_id', 'id'],
      (c) => c.onDelete('cascade'),
    )
    .execute();
  await db.schema
    .createIndex('owner_sessions_contributor_idx')
    .on('owner_sessions')
    .columns(['website_id', 'contributor_id'])
    .execute();
  await db.schema
    .createTable('contributor_invitations')
    .addColumn('website_id', 'text', (c) => c.notNull().references('websites.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('role', 'smallint', (c) => c.notNull())
    .addColumn('invited_by', 'text')
    .addColumn('expires_on', 'timestamptz', (c) => c.notNull())
    .addColumn('created_on', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('contributor_invitations_pk', ['website_id', 'token_hash'])
    .addCheckConstraint('contributor_invitations_role', sql`role in (1, 2, 3, 4, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)`)
    .execute();
  // A new invitation to an address replaces the older one, found through this index.
  await sql`create index contributor_invitations_email_idx on contributor_invitations (website_id, lower(email))`.execute(
    db,
  );
  await db.schema
    .alterTable('website_settings')
    .addColumn('billing_plan', 'text', (c) => c.notNull().defaultTo('personal'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('website_settings').dropColumn('billing_plan').execute();
  await db.schema.dropTable('contributor_invitations').execute();
  await db.schema.dropTable('owner_sessions').execute();
  await sql`drop index contributors_email_lower_uq`.execute(db);
  await db.schema.alterTable('contributors').dropColumn('password_hash').execute();
}
