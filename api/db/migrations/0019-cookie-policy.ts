import { type Kysely, sql } from 'kysely';

/**
 * A website's cookie policy (spec section 5): 'restrictive' makes the page's
 * analytics keep no visitor cookies until the visitor accepts them in the
 * consent banner; a cloneable website (a demo others copy) is always
 * restrictive, since its visitors never agreed to its owner's terms.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('website_settings')
    .addColumn('cookie_policy', 'text', (c) =>
      c.notNull().defaultTo('standard').check(sql`cookie_policy IN ('standard', 'restrictive')`),
    )
    .addColumn('cloneable', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('website_settings').dropColumn('cookie_policy').dropColumn('cloneable').execute();
}
