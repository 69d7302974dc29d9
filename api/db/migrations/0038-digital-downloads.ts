import { type Kysely, sql } from 'kysely';

/**
 * Digital delivery (issue 24):
 * - product_digital_files: the files a digital product delivers, in the
 *   owner's order; it takes over products.digital_file_id (0031), which
 *   could name one file only. A file removed from the media store leaves
 *   the products that delivered it.
 * - products.download_limit and download_expiry_days: how many times each
 *   file may be downloaded per order and for how many days after the
 *   purchase; null keeps the store's defaults (api/services/download-policy.ts).
 * - order_downloads: one buyer's right to one file of one paid order, made
 *   the first time the download page lists it: the downloads counted so far
 *   against its limit and when it ends. Both are copied in from the product
 *   so an owner's later change never takes back what was sold; the owner's
 *   reset (orders panel) starts the count and the days again. No foreign key
 *   to the file or the product (item_id, which product sold it): the row
 *   still tells the buyer why a file is gone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE product_digital_files (
      website_id text NOT NULL REFERENCES websites (id) ON DELETE CASCADE,
      item_id text NOT NULL,
      file_id text NOT NULL,
      position integer NOT NULL CHECK (position >= 0),
      PRIMARY KEY (website_id, item_id, file_id),
      FOREIGN KEY (website_id, item_id) REFERENCES products (website_id, item_id) ON DELETE CASCADE,
      FOREIGN KEY (website_id, file_id) REFERENCES media_files (website_id, id) ON DELETE CASCADE
    )`.execute(db);
  await sql`
    INSERT INTO product_digital_files (website_id, item_id, file_id, position)
    SELECT website_id, item_id, digital_file_id, 0 FROM products WHERE digital_file_id IS NOT NULL`.execute(db);
  await sql`ALTER TABLE products DROP CONSTRAINT products_digital_file_fk`.execute(db);
  await sql`ALTER TABLE products DROP COLUMN digital_file_id`.execute(db);
  await sql`ALTER TABLE products ADD COLUMN download_limit integer CHECK (download_limit BETWEEN 1 AND 1000)`.execute(
    db,
  );
  await sql`ALTER TABLE products ADD COLUMN download_expiry_days integer CHECK (download_expiry_days BETWEEN 1 AND 3650)`.execute(
    db,
  );
  await sql`
    CREATE TABLE order_downloads (
      website_id text NOT NULL REFERENCES websites (id) ON DELETE CASCADE,
      order_id text NOT NULL,
      file_id text NOT NULL,
      item_id text NOT NULL,
      downloads_used integer NOT NULL DEFAULT 0 CHECK (downloads_used >= 0),
      download_limit integer NOT NULL CHECK (download_limit > 0),
      expires_on timestamptz NOT NULL,
      created_on timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (website_id, order_id, file_id),
      FOREIGN KEY (website_id, order_id) REFERENCES orders (website_id, id) ON DELETE CASCADE
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE order_downloads`.execute(db);
  await sql`ALTER TABLE products DROP COLUMN download_expiry_days`.execute(db);
  await sql`ALTER TABLE products DROP COLUMN download_limit`.execute(db);
  await sql`ALTER TABLE products ADD COLUMN digital_file_id text`.execute(db);
  await sql`
    UPDATE products p SET digital_file_id = f.file_id
    FROM product_digital_files f
    WHERE f.website_id = p.website_id AND f.item_id = p.item_id AND f.position = 0`.execute(db);
  await sql`alter table products add constraint products_digital_file_fk foreign key (website_id, digital_file_id)
    references media_files (website_id, id) on delete set null (digital_file_id)`.execute(db);
  await sql`DROP TABLE product_digital_files`.execute(db);
}
