import { type Kysely, sql } from 'kysely';

/**
 * Shipping zones and rates, tax rates and discounts join the website's
 * content version, so the checkout page may keep them per version (the page
 * memo) instead of reading four tables for every shopper. A discount's
 * times_used moves with every order that uses it: that count alone does not
 * move the version (it would empty every cache at each sale), and the
 * checkout reads it afresh for the discounts that have a usage limit.
 */
const RULE_TABLES = ['shipping_zones', 'shipping_rates', 'tax_rates'];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of RULE_TABLES) {
    await sql`create trigger ${sql.raw(`${table}_content_change`)}
      after insert or update or delete on ${sql.table(table)}
      for each row execute function record_content_change()`.execute(db);
  }
  await sql`create trigger discounts_content_change after insert or delete on discounts
    for each row execute function record_content_change()`.execute(db);
  await sql`create trigger discounts_content_update after update on discounts
    for each row when ((to_jsonb(old) - 'times_used') is distinct from (to_jsonb(new) - 'times_used'))
    execute function record_content_change()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger discounts_content_update on discounts`.execute(db);
  await sql`drop trigger discounts_content_change on discounts`.execute(db);
  for (const table of RULE_TABLES) {
    await sql`drop trigger ${sql.raw(`${table}_content_change`)} on ${sql.table(table)}`.execute(db);
  }
}
