import { type Kysely, sql } from 'kysely';

/**
 * Owners edit content in the admin app (issue 23). Each collection and item
 * carries the number of its latest saved revision: a save names the
 * revision it was based on and is refused (409) when someone saved since,
 * so two owners never overwrite each other silently. Every saved revision is
 * kept, whole, in content_revisions, which is the item's history and what a
 * restore copies back. The history table has no content trigger: the save
 * that writes a revision changes the collection or item row too, and that
 * row's trigger moves the website's content version.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('collections')
    .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('items')
    .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createTable('content_revisions')
    .addColumn('website_id', 'text', (c) => c.notNull().references('websites.id').onDelete('cascade'))
    .addColumn('subject_kind', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'text', (c) => c.notNull())
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('snapshot', 'jsonb', (c) => c.notNull())
    .addColumn('contributor_id', 'text')
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_on', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('content_revisions_pk', ['website_id', 'subject_kind', 'subject_id', 'revision'])
    .addCheckConstraint('content_revisions_kind', sql`subject_kind in ('collection', 'item')`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('content_revisions').execute();
  await db.schema.alterTable('items').dropColumn('revision').execute();
  await db.schema.alterTable('collections').dropColumn('revision').execute();
}
