import type { Kysely } from 'kysely';

/**
 * What an order line keeps of how it was bought (issue 19): a subscription's
 * plan, so the confirmation and later pages say the order recurs and how
 * often as it was sold (the product's plan may change afterwards), and the
 * cart entry's additional fields, such as a gift card's recipient and note.
 * Both are null on lines that have none and on lines placed before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('order_lines')
    .addColumn('subscription_plan', 'jsonb')
    .addColumn('additional_fields', 'jsonb')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('order_lines').dropColumn('subscription_plan').dropColumn('additional_fields').execute();
}
