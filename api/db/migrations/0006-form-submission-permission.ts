import type { Kysely } from 'kysely';

/**
 * The page's permission type a form was sent from (spec section 3, form
 * submission page fields: pagePermissionTypeValue), kept as sent so the
 * owner can tell submissions from members-only pages apart.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('form_submissions').addColumn('page_permission_type_value', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('form_submissions').dropColumn('page_permission_type_value').execute();
}
