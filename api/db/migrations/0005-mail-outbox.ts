import { type Kysely, sql } from 'kysely';

/**
 * Mail a website sends (form submissions, restock notices) is written here
 * first, in the same transaction as what caused it, and delivered later by
 * a sender: a visitor's request never waits on an SMTP server, and mail is
 * not lost when one is down. Without SMTP configured the outbox is where the
 * mail can be read.
 *
 * A sender claims a message by moving claimed_until into the future with a
 * conditional update, so two processes cannot both send it; next_attempt_on
 * holds a failed message back (growing waits) before it is tried again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const now = sql`now()`;
  await db.schema
    .createTable('mail_outbox')
    .addColumn('website_id', 'text', (c) => c.notNull().references('websites.id').onDelete('cascade'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind ~ '^[a-z][a-z0-9-]*$'`))
    .addColumn('to_address', 'text', (c) => c.notNull().check(sql`char_length(to_address) between 3 and 256`))
    .addColumn('reply_to', 'text')
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('html_body', 'text')
    .addColumn('created_on', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('sent_on', 'timestamptz')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0).check(sql`attempts >= 0`))
    .addColumn('last_error', 'text')
    .addColumn('next_attempt_on', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('claimed_until', 'timestamptz')
    .addPrimaryKeyConstraint('mail_outbox_pk', ['website_id', 'id'])
    .execute();
  // The sender looks across every website for what is due; sent mail drops out of this index.
  await sql`create index mail_outbox_pending_idx on mail_outbox (next_attempt_on) where sent_on is null`.execute(db);
  await db.schema
    .createIndex('mail_outbox_created_idx')
    .on('mail_outbox')
    .columns(['website_id', 'created_on desc'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('mail_outbox').execute();
}
