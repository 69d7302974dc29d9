import { type Kysely, sql } from 'kysely';

/**
 * Order numbers start at 1001 (domain/order-number.ts). A website whose
 * orders were numbered from 1 has each moved up by 1000, so its numbers
 * keep their order and its next order continues the same sequence. Only
 * websites with no number above 1000 move: their new numbers are all above
 * every old one, so the per-website unique index never sees a clash.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    update orders set order_number = order_number + 1000
    where website_id in (
      select website_id from orders group by website_id having max(order_number) <= 1000
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    update orders set order_number = order_number - 1000
    where website_id in (
      select website_id from orders group by website_id having min(order_number) > 1000
    )`.execute(db);
}
