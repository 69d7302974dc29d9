import { type Kysely, sql } from 'kysely';

/**
 * The first schema. Tenant tables lead their primary key and unique indexes
 * with website_id and reference each other through (website_id, id), so rows
 * of one website can only point at rows of the same website.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const now = sql`now()`;
  const emptyObject = sql`'{}'::jsonb`;
  const emptyList = sql`'[]'::jsonb`;

  await db.schema
    .createTable('websites')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('identifier', 'text', (c) => c.notNull().unique())
    .addColumn('site_title', 'text', (c) => c.notNull())
    .addColumn('created_on', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('domains')
    .addColumn('host', 'text', (c) => c.primaryKey())
    .addColumn('website_id', 'text', (c) => c.notNull().references('websites.id').onDelete('cascade'))
    .addColumn('is_primary', 'boolean', (c) => c.notNull().defaultTo(false))
    .addCheckConstraint('domains_host_lowercase', sql`host = lower(host)`)
    .execute();
  await db.schema.createIndex('domains_website_idx').on('domains').column('website_id').execute();

  await db.schema
    .createTable('website_settings')
    .addColumn('website_id', 'text', (c) => c.primaryKey().references('websites.id').onDelete('cascade'))
    .addColumn('time_zone', 'text', (c) => c.notNull().defaultTo('America/New_York'))
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('en-US'))
    .addColumn('base_currency', 'char(3)', (c) => c.notNull().defaultTo('USD'))
    .addColumn('site_description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('logo_image_id', 'text')
    .addColumn('template_package', 'text', (c) => c.notNull().defaultTo('default'))
    .addColumn('captcha_site_key', 'text')
    .addColumn('comments_enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('simple_liking_enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('disqus_shortname', 'text')
    .addColumn('use_cldr_money_format', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('store_settings', 'jsonb', (c) => c.notNull().defaultTo(emptyObject))
    .addColumn('share_button_options', 'jsonb', (c) => c.notNull().defaultTo(emptyObject))
    .addColumn('social_accounts', 'jsonb', (c) => c.notNull().defaultTo(emptyList))
    .addColumn('header_code', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('footer_code', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('languages', 'jsonb', (c) => c.notNull().defaultTo(emptyList))
    .addColumn('updated_on', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('contributors')
    .addColumn('website_id', 'text', (c) => c.notNull().references('websites.id').onDelete('cascade'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('display_name', 'text', (c) => c.notNull())
    .addColumn('role', 'smallint', (c) => c.notNull())
    .addColumn('created_on', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('contributors_pk', ['website_id', 'id'])
    .addUniqueConstraint('contributors_email_uq', ['website_id', 'email'])
    // The spec's role numbers (section 6); 5 is not a role.
    .addCheckConstraint('contributors_role', sql`role in (1, 2, 3, 4, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)`)
    .execute();

  await db.schema
    .createTable('images')
    .addColumn('website_id', 'text', (c) => c.notNull().references('websites.id').onDelete('cascade'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('asset_url', 'text', (c) => c.notNull())
    .addColumn('filename', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull().check(sql`width > 0`))
    .addColumn('height', 'integer', (c) => c.notNull().check(sql`height > 0`))
    .addColumn('focal_x', 'real', (c) => c.notNull().defaultTo(0.5))
    .addColumn('focal_y', 'real', (c) => c.notNull().defaultTo(0.5))
    .addColumn('alt_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('body', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('color_data', 'jsonb')
    .addColumn('created_on', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('images_pk', ['website_id', 'id'])
    .execute();

  await db.schema
    .createTable('collections')
    .addColumn('website_id', 'text', (c) => c.notNull().references('websites.id').onDelete('cascade'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('parent_id', 'text')
    .addColumn('type', 'smallint', (c) => c.notNull())
    .addColumn('type_name', 'text', (c) => c.notNull())
    .addColumn('url_id', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('navigation_title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('ordering', 'text', (c) => c.notNull().defaultTo('chronological'))
    .addColumn('folder_behavior', 'smallint')
    .addColumn('page_size', 'integer', (c) => c.notNull().defaultTo(20).check(sql`page_size between 1 and 250`))
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('password_protected', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('member_only', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('display_index', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_home', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('blocks', 'jsonb', (c) => c.notNull().defaultTo(emptyList))
    .addColumn('settings', 'jsonb', (c) => c.notNull().defaultTo(emptyObject))
    .addColumn('created_on', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_on', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('collections_pk', ['website_id', 'id'])
    .addUniqueConstraint('collections_url_uq', ['website_id', 'url_id'])
    .addForeignKeyConstraint('collections_parent_fk', ['website_id', 'parent_id'], 'collections', ['website_id', 'id'])
    .addCheckConstraint('collections_ordering', sql`ordering in ('chronological', 'user-ordered', 'alphabetical')`)
    // Folder behaviour: index 1, redirect 2, none 3, variation 4.
    .addCheckConstraint('collections_folder_behavior', sql`folder_behavior is null or folder_behavior between 1 and 4`)
    .addCheckConstraint('collections_url_id', sql`url_id ~ '^[a-z0-9][a-z0-9-]*$'`)
    .execute();

  await sql`create unique index collections_one_home on collections (website_id) where is_home`.execute(db);

  await db.schema
    .createTable('items')
    .addColumn('website_id', 'text', (c) => c.notNull().references('websites.id').onDelete('cascade'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('collection_id', 'text', (c) => c.notNull())
    .addColumn('record_type', 'smallint', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('url_id', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('excerpt', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('tags', 'jsonb', (c) => c.notNull().defaultTo(emptyList))
    .addColumn('categories', 'jsonb', (c) => c.notNull().defaultTo(emptyList))
    .addColumn('author_id', 'text')
    .addColumn('added_on', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('publish_on', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_on', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('starred', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('published', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('display_index', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('main_image_id', 'text')
    .addColumn('source_url', 'text')
    .addColumn('external_link', 'text')
    .addColumn('passthrough', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('comment_state', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('like_count', 'integer', (c) => c.notNull().defaultTo(0).check(sql`like_count >= 0`))
    .addColumn('start_date', 'timestamptz')
    .addColumn('end_date', 'timestamptz')
    .addColumn('location', 'jsonb')
    .addColumn('structured_content', 'jsonb', (c) => c.notNull().defaultTo(emptyObject))
    .addPrimaryKeyConstraint('items_pk', ['website_id', 'id'])
    .addUniqueConstraint('items_url_uq', ['website_id', 'collection_id', 'url_id'])
    .addForeignKeyConstraint(
      'items_collection_fk',
      ['website_id', 'collection_id'],
      'collections',
      ['website_id', 'id'],
      (c) => c.onDelete('cascade'),
    )
    .addForeignKeyConstraint('items_author_fk', ['website_id', 'author_id'], 'contributors', ['website_id', 'id'])
    .addForeignKeyConstraint('items_image_fk', ['website_id', 'main_image_id'], 'images', ['website_id', 'id'])
    .addCheckConstraint('items_url_id', sql`url_id ~ '^[a-z0-9][a-z0-9-]*$'`)
    .addCheckConstraint('items_event_dates', sql`end_date is null or start_date <= end_date`)
    .execute();
  await db.schema
    .createIndex('items_listing_idx')
    .on('items')
    .columns(['website_id', 'collection_id', 'published', 'publish_on desc'])
    .execute();
  await db.schema.createIndex('items_tags_idx').on('items').using('gin').column('tags').execute();
  await db.schema.createIndex('items_categories_idx').on('items').using('gin').column('categories').execute();
  // Search reads this expression; the index makes /search a lookup rather than a scan.
  await sql`create index items_search_idx on items using gin (
    (setweight(to_tsvector('simple', title), 'A') || setweight(to_tsvector('simple', body), 'B'))
  )`.execute(db);

  await db.schema
    .createTable('item_images')
    .addColumn('website_id', 'text', (c) => c.notNull())
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addColumn('image_id', 'text', (c) => c.notNull())
    .addColumn('display_index', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('item_images_pk', ['website_id', 'item_id', 'image_id'])
    .addForeignKeyConstraint('item_images_item_fk', ['website_id', 'item_id'], 'items', ['website_id', 'id'], (c) =>
      c.onDelete('cascade'),
    )
    .addForeignKeyConstraint('item_images_image_fk', ['website_id', 'image_id'], 'images', ['website_id', 'id'], (c) =>
      c.onDelete('cascade'),
    )
    .execute();

  await db.schema
    .createTable('forms')
    .addColumn('website_id', 'text', (c) => c.notNull().references('websites.id').onDelete('cascade'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('is_newsletter', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('fields', 'jsonb', (c) => c.notNull().defaultTo(emptyList))
    .addColumn('submission_message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('submission_html', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('success_redirect', 'text')
    .addColumn('disclaimer_message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('captcha_enabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('captcha_theme', 'text', (c) => c.notNull().defaultTo('light'))
    .addColumn('captcha_alignment', 'text', (c) => c.notNull().defaultTo('left'))
    .addColumn('storage', 'jsonb', (c) => c.notNull().defaultTo(emptyObject))
    .addPrimaryKeyConstraint('forms_pk', ['website_id', 'id'])
    .addCheckConstraint('forms_captcha_theme', sql`captcha_theme in ('light', 'dark')`)
    .addCheckConstraint('forms_captcha_alignment', sql`captcha_alignment in ('left', 'center', 'right')`)
    .execute();

  await db.schema
    .createTable('products')
    .addColumn('website_id', 'text', (c) => c.notNull())
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addColumn('product_type', 'smallint', (c) => c.notNull().check(sql`product_type between 1 and 5`))
    .addColumn('is_subscribable', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('subscription_plan', 'jsonb')
    .addColumn('additional_fields_form_id', 'text')
    .addColumn('use_custom_add_button_text', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('custom_add_button_text', 'text')
    .addColumn('variant_option_ordering', 'jsonb', (c) => c.notNull().defaultTo(emptyList))
    .addColumn('price_minor', 'bigint', (c) => c.check(sql`price_minor >= 0`))
    .addColumn('sale_price_minor', 'bigint', (c) => c.check(sql`sale_price_minor >= 0`))
    .addColumn('currency', 'char(3)', (c) => c.notNull().defaultTo('USD'))
    .addColumn('on_sale', 'boolean', (c) => c.notNull().defaultTo(false))
    .addPrimaryKeyConstraint('products_pk', ['website_id', 'item_id'])
    .addForeignKeyConstraint('products_item_fk', ['website_id', 'item_id'], 'items', ['website_id', 'id'], (c) =>
      c.onDelete('cascade'),
    )
    .addForeignKeyConstraint('products_form_fk', ['website_id', 'additional_fields_form_id'], 'forms', [
      'website_id',
      'id',
    ])
    // PHYSICAL and SERVICE are the subscribable product types.
    .addCheckConstraint('products_subscribable_types', sql`not is_subscribable or product_type in (1, 3)`)
    .execute();

  await db.schema
    .createTable('product_variants')
    .addColumn('website_id', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addColumn('sku', 'text', (c) => c.notNull())
    .addColumn('price_minor', 'bigint', (c) => c.notNull().check(sql`price_minor >= 0`))
    .addColumn('sale_price_minor', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`sale_price_minor >= 0`))
    .addColumn('currency', 'char(3)', (c) => c.notNull().defaultTo('USD'))
    .addColumn('on_sale', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('unlimited', 'boolean', (c) => c.notNull().defaultTo(false))
    // The check is what makes overselling impossible, whatever the caller does.
    .addColumn('qty_in_stock', 'integer', (c) => c.notNull().defaultTo(0).check(sql`qty_in_stock >= 0`))
    .addColumn('attributes', 'jsonb', (c) => c.notNull().defaultTo(emptyObject))
    .addColumn('display_index', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('product_variants_pk', ['website_id', 'id'])
    .addUniqueConstraint('product_variants_sku_uq', ['website_id', 'sku'])
    .addForeignKeyConstraint(
      'product_variants_product_fk',
      ['website_id', 'item_id'],
      'products',
      ['website_id', 'item_id'],
      (c) => c.onDelete('cascade'),
    )
    .execute();
  await db.schema
    .createIndex('product_variants_item_idx')
    .on('product_variants')
    .columns(['website_id', 'item_id'])
    .execute();

  await db.schema
    .createTable('product_categories')
    .addColumn('website_id', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('collection_id', 'text', (c) => c.notNull())
    .addColumn('parent_category_id', 'text')
    .addColumn('display_name', 'text', (c) => c.notNull())
    .addColumn('url_slug', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull().defaultTo('CATEGORY'))
    .addColumn('page_rendering', 'text', (c) => c.notNull().defaultTo('LIST_VIEW'))
    .addColumn('display_index', 'integer', (c) => c.notNull().defaultTo(1))
    .addPrimaryKeyConstraint('product_categories_pk', ['website_id', 'id'])
    .addUniqueConstraint('product_categories_slug_uq', [
      'website_id',
      'collection_id',
      'parent_category_id',
      'url_slug',
    ])
    .addForeignKeyConstraint(
      'product_categories_collection_fk',
      ['website_id', 'collection_id'],
      'collections',
      ['website_id', 'id'],
      (c) => c.onDelete('cascade'),
    )
    .addForeignKeyConstraint(
      'product_categories_parent_fk',
      ['website_id', 'parent_category_id'],
      'product_categories',
      ['website_id', 'id'],
    )
    .addCheckConstraint('product_categories_type', sql`type in ('ROOT', 'CATEGORY')`)
    .addCheckConstraint('product_categories_root', sql`(type = 'ROOT') = (parent_category_id is null)`)
    .addCheckConstraint('product_categories_name', sql`char_length(display_name) between 1 and 25`)
    .execute();
  // One root category per store.
  await sql`create unique index product_categories_one_root on product_categories (website_id, collection_id) where type = 'ROOT'`.execute(
    db,
  );

  await db.schema
    .createTable('navigations')
    .addColumn('website_id', 'text', (c) => c.notNull().references('websites.id').onDelete('cascade'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('identifier', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('navigations_pk', ['website_id', 'id'])
    .addUniqueConstraint('navigations_identifier_uq', ['website_id', 'identifier'])
    .execute();

  await db.schema
    .createTable('navigation_items')
    .addColumn('website_id', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('navigation_id', 'text', (c) => c.notNull())
    .addColumn('parent_id', 'text')
    .addColumn('collection_id', 'text')
    .addColumn('external_link', 'text')
    .addColumn('member_area_id', 'text')
    .addColumn('title', 'text')
    .addColumn('new_window', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('display_index', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('navigation_items_pk', ['website_id', 'id'])
    .addForeignKeyConstraint(
      'navigation_items_navigation_fk',
      ['website_id', 'navigation_id'],
      'navigations',
      ['website_id', 'id'],
      (c) => c.onDelete('cascade'),
    )
    .addForeignKeyConstraint(
      'navigation_items_parent_fk',
      ['website_id', 'parent_id'],
      'navigation_items',
      ['website_id', 'id'],
      (c) => c.onDelete('cascade'),
    )
    .addForeignKeyConstraint(
      'navigation_items_collection_fk',
      ['website_id', 'collection_id'],
      'collections',
      ['website_id', 'id'],
      (c) => c.onDelete('cascade'),
    )
    .addCheckConstraint('navigation_items_target', sql`num_nonnulls(collection_id, external_link, member_area_id) = 1`)
    .execute();

  await db.schema
    .createTable('comments')
    .addColumn('website_id', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addColumn('parent_id', 'text')
    .addColumn('author_name', 'text', (c) => c.notNull())
    .addColumn('author_email', 'text')
    .addColumn('author_url', 'text')
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('approved', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('added_on', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('comments_pk', ['website_id', 'id'])
    .addForeignKeyConstraint('comments_item_fk', ['website_id', 'item_id'], 'items', ['website_id', 'id'], (c) =>
      c.onDelete('cascade'),
    )
    .addForeignKeyConstraint('comments_parent_fk', ['website_id', 'parent_id'], 'comments', ['website_id', 'id'], (c) =>
      c.onDelete('cascade'),
    )
    .execute();
  await db.schema
    .createIndex('comments_item_idx')
    .on('comments')
    .columns(['website_id', 'item_id', 'added_on'])
    .execute();

  await db.schema
    .createTable('likes')
    .addColumn('website_id', 'text', (c) => c.notNull())
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addColumn('visitor_key', 'text', (c) => c.notNull())
    .addColumn('created_on', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('likes_pk', ['website_id', 'item_id', 'visitor_key'])
    .addForeignKeyConstraint('likes_item_fk', ['website_id', 'item_id'], 'items', ['website_id', 'id'], (c) =>
      c.onDelete('cascade'),
    )
    .execute();

  await db.schema
    .createTable('site_users')
    .addColumn('website_id', 'text', (c) => c.notNull().references('websites.id').onDelete('cascade'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('display_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('locale', 'text')
    .addColumn('created_on', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('site_users_pk', ['website_id', 'id'])
    .addCheckConstraint('site_users_email', sql`char_length(email) between 3 and 256`)
    .execute();
  await sql`create unique index site_users_email_uq on site_users (website_id, lower(email))`.execute(db);

  await db.schema
    .createTable('site_user_sessions')
    .addColumn('website_id', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull())
    .addColumn('site_user_id', 'text', (c) => c.notNull())
    .addColumn('xsrf_token', 'text', (c) => c.notNull())
    .addColumn('remember_me', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('expires_on', 'timestamptz', (c) => c.notNull())
    .addColumn('created_on', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('site_user_sessions_pk', ['website_id', 'token_hash'])
    .addForeignKeyConstraint(
      'site_user_sessions_user_fk',
      ['website_id', 'site_user_id'],
      'site_users',
      ['website_id', 'id'],
      (c) => c.onDelete('cascade'),
    )
    .execute();

  await db.schema
    .createTable('carts')
    .addColumn('website_id', 'text', (c) => c.notNull().references('websites.id').onDelete('cascade'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('site_user_id', 'text')
    .addColumn('currency', 'char(3)', (c) => c.notNull().defaultTo('USD'))
    .addColumn('is_purchased', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('order_id', 'text')
    .addColumn('coupons', 'jsonb', (c) => c.notNull().defaultTo(emptyList))
    .addColumn('shipping_location', 'jsonb')
    .addColumn('selected_shipping_option', 'jsonb')
    .addColumn('created_on', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_on', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('carts_pk', ['website_id', 'id'])
    .execute();
  // Deleting a site user detaches their carts. The column list (Postgres 15+)
  // clears only site_user_id: a plain SET NULL would null website_id too,
  // which is part of the key, and the delete would fail.
  await sql`alter table carts add constraint carts_user_fk foreign key (website_id, site_user_id)
    references site_users (website_id, id) on delete set null (site_user_id)`.execute(db);

  await db.schema
    .createTable('cart_entries')
    .addColumn('website_id', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('cart_id', 'text', (c) => c.notNull())
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addColumn('variant_id', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity between 1 and 9999`))
    .addColumn('additional_fields', 'jsonb')
    .addColumn('added_on', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('cart_entries_pk', ['website_id', 'id'])
    .addForeignKeyConstraint('cart_entries_cart_fk', ['website_id', 'cart_id'], 'carts', ['website_id', 'id'], (c) =>
      c.onDelete('cascade'),
    )
    .addForeignKeyConstraint(
      'cart_entries_variant_fk',
      ['website_id', 'variant_id'],
      'product_variants',
      ['website_id', 'id'],
      (c) => c.onDelete('cascade'),
    )
    .addForeignKeyConstraint(
      'cart_entries_item_fk',
      ['website_id', 'item_id'],
      'products',
      ['website_id', 'item_id'],
      (c) => c.onDelete('cascade'),
    )
    .execute();
  await db.schema.createIndex('cart_entries_cart_idx').on('cart_entries').columns(['website_id', 'cart_id']).execute();

  await db.schema
    .createTable('orders')
    .addColumn('website_id', 'text', (c) => c.notNull().references('websites.id').onDelete('cascade'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('order_number', 'integer', (c) => c.notNull())
    .addColumn('cart_id', 'text', (c) => c.notNull())
    .addColumn('test_mode', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('currency', 'char(3)', (c) => c.notNull())
    .addColumn('subtotal_minor', 'bigint', (c) => c.notNull())
    .addColumn('tax_minor', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('shipping_minor', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('discount_minor', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('grand_total_minor', 'bigint', (c) => c.notNull())
    .addColumn('customer_email', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('PENDING'))
    .addColumn('created_on', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('orders_pk', ['website_id', 'id'])
    .addUniqueConstraint('orders_number_uq', ['website_id', 'order_number'])
    .addUniqueConstraint('orders_cart_uq', ['website_id', 'cart_id'])
    .addForeignKeyConstraint('orders_cart_fk', ['website_id', 'cart_id'], 'carts', ['website_id', 'id'])
    .addCheckConstraint('orders_status', sql`status in ('PENDING', 'FULFILLED', 'CANCELED')`)
    .execute();

  await db.schema
    .createTable('order_lines')
    .addColumn('website_id', 'text', (c) => c.notNull())
    .addColumn('order_id', 'text', (c) => c.notNull())
    .addColumn('line_number', 'integer', (c) => c.notNull())
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addColumn('variant_id', 'text', (c) => c.notNull())
    .addColumn('sku', 'text', (c) => c.notNull())
    .addColumn('product_name', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
    .addColumn('unit_price_minor', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'char(3)', (c) => c.notNull())
    .addPrimaryKeyConstraint('order_lines_pk', ['website_id', 'order_id', 'line_number'])
    .addForeignKeyConstraint('order_lines_order_fk', ['website_id', 'order_id'], 'orders', ['website_id', 'id'], (c) =>
      c.onDelete('cascade'),
    )
    .execute();

  await db.schema
    .createTable('form_submission_keys')
    .addColumn('website_id', 'text', (c) => c.notNull().references('websites.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('created_on', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('used_on', 'timestamptz')
    .addPrimaryKeyConstraint('form_submission_keys_pk', ['website_id', 'key'])
    .execute();

  await db.schema
    .createTable('form_submissions')
    .addColumn('website_id', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('form_id', 'text', (c) => c.notNull())
    .addColumn('data', 'jsonb', (c) => c.notNull())
    .addColumn('page_title', 'text')
    .addColumn('page_id', 'text')
    .addColumn('content_source', 'char(1)', (c) => c.check(sql`content_source in ('i', 'c')`))
    .addColumn('page_path', 'text')
    .addColumn('created_on', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('form_submissions_pk', ['website_id', 'id'])
    .addForeignKeyConstraint(
      'form_submissions_form_fk',
      ['website_id', 'form_id'],
      'forms',
      ['website_id', 'id'],
      (c) => c.onDelete('cascade'),
    )
    .execute();

  await db.schema
    .createTable('restock_signups')
    .addColumn('website_id', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addColumn('variant_id', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().check(sql`char_length(email) between 3 and 256`))
    .addColumn('join_mailing_list', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('language', 'text')
    .addColumn('created_on', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('notified_on', 'timestamptz')
    .addPrimaryKeyConstraint('restock_signups_pk', ['website_id', 'id'])
    .addForeignKeyConstraint(
      'restock_signups_variant_fk',
      ['website_id', 'variant_id'],
      'product_variants',
      ['website_id', 'id'],
      (c) => c.onDelete('cascade'),
    )
    .execute();
  // Signing up twice for the same variant is one sign-up.
  await sql`create unique index restock_signups_uq on restock_signups (website_id, variant_id, lower(email))`.execute(
    db,
  );

  await db.schema
    .createTable('api_keys')
    .addColumn('website_id', 'text', (c) => c.notNull().references('websites.id').onDelete('cascade'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('key_prefix', 'text', (c) => c.notNull())
    .addColumn('key_hash', 'text', (c) => c.notNull())
    .addColumn('permissions', 'jsonb', (c) => c.notNull().defaultTo(emptyList))
    .addColumn('created_on', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('last_used_on', 'timestamptz')
    .addColumn('revoked_on', 'timestamptz')
    .addPrimaryKeyConstraint('api_keys_pk', ['website_id', 'id'])
    .addUniqueConstraint('api_keys_hash_uq', ['website_id', 'key_hash'])
    .execute();

  await db.schema
    .createTable('commerce_preferences')
    .addColumn('website_id', 'text', (c) => c.notNull().references('websites.id').onDelete('cascade'))
    .addColumn('namespace', 'text', (c) => c.notNull())
    .addColumn('preferences', 'jsonb', (c) => c.notNull().defaultTo(emptyObject))
    .addColumn('updated_on', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('commerce_preferences_pk', ['website_id', 'namespace'])
    .execute();

  await db.schema
    .createTable('analytics_events')
    .addColumn('website_id', 'text', (c) => c.notNull().references('websites.id').onDelete('cascade'))
    .addColumn('id', 'bigint', (c) => c.notNull().generatedAlwaysAsIdentity())
    .addColumn('event_name', 'text', (c) => c.notNull())
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    .addColumn('occurred_on', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('analytics_events_pk', ['website_id', 'id'])
    .execute();

  await db.schema
    .createTable('performance_records')
    .addColumn('website_id', 'text', (c) => c.notNull().references('websites.id').onDelete('cascade'))
    .addColumn('id', 'bigint', (c) => c.notNull().generatedAlwaysAsIdentity())
    .addColumn('app', 'text', (c) => c.notNull())
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('page_load_id', 'text', (c) => c.notNull())
    .addColumn('data', 'jsonb', (c) => c.notNull())
    .addColumn('ts', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('performance_records_pk', ['website_id', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const tables = [
    'performance_records',
    'analytics_events',
    'commerce_preferences',
    'api_keys',
    'restock_signups',
    'form_submissions',
    'form_submission_keys',
    'order_lines',
    'orders',
    'cart_entries',
    'carts',
    'site_user_sessions',
    'site_users',
    'likes',
    'comments',
    'navigation_items',
    'navigations',
    'product_categories',
    'product_variants',
    'products',
    'forms',
    'item_images',
    'items',
    'collections',
    'images',
    'contributors',
    'website_settings',
    'domains',
    'websites',
  ];
  for (const table of tables) await db.schema.dropTable(table).execute();
}
