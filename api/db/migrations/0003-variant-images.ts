import { type Kysely, sql } from 'kysely';

/**
 * A variant may name its own picture (spec section 2: choosing a variant
 * shows that variant's main image). The picture must be one of the same
 * website's images. Deleting the picture clears only main_image_id
 * (PostgreSQL 15's column list), since website_id belongs to the variant.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('product_variants').addColumn('main_image_id', 'text').execute();
  await sql`
    alter table product_variants
      add constraint product_variants_image_fk foreign key (website_id, main_image_id)
      references images (website_id, id) on delete set null (main_image_id)
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('product_variants').dropConstraint('product_variants_image_fk').execute();
  await db.schema.alterTable('product_variants').dropColumn('main_image_id').execute();
}
