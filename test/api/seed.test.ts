import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { type Kysely, sql } from 'kysely';
import t from 'tap';
import type { Database, PageBlock } from '../../api/db/schema.ts';
import {
  DEMO_IMAGE_DIR,
  DEMO_WEBSITE_ID,
  demoSiteRows,
  isDatabaseEmpty,
  seedDemoSite,
} from '../../api/seed/seed-demo-site.ts';
import { PRODUCT_TYPES, RECORD_TYPES } from '../../domain/spec-enums.ts';
import { colorDataOf, sceneFromSvg } from '../../tools/demo-images/svg-scene.ts';
import { openTestDatabase } from './helpers/test-database.ts';

async function tableNames(db: Kysely<Database>): Promise<string[]> {
  const tables = await sql<{ tableName: string }>`
    select table_name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not like 'kysely_%'
    order by table_name
  `.execute(db);
  return tables.rows.map((row) => row.tableName);
}

async function tableCounts(db: Kysely<Database>): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of await tableNames(db)) {
    const result = await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(db);
    // count(*) without group by always returns exactly one row.
    counts[table] = Number(result.rows[0]!.n);
  }
  return counts;
}

/** Every row of every table, in a canonical order, as text. */
async function dump(db: Kysely<Database>): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const table of await tableNames(db)) {
    const result = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db);
    out[table] = result.rows.map((row) => JSON.stringify(row)).sort();
  }
  return out;
}

t.test('seeding an empty database creates the demo site, and a second run changes nothing', async (t) => {
  const { db } = await openTestDatabase(t);
  t.equal(await isDatabaseEmpty(db), true, 'a migrated database starts empty');

  const first = await seedDemoSite(db);
  t.same(first, { created: true, websiteId: DEMO_WEBSITE_ID });
  t.equal(await isDatabaseEmpty(db), false);

  const counts = await tableCounts(db);
  const rows = demoSiteRows();
  t.equal(counts.websites, 1);
  t.equal(counts.items, rows.items.length);
  t.equal(counts.product_variants, rows.productVariants.length);
  t.equal(counts.likes, rows.likes.length);
  t.equal(counts.product_reviews, rows.productReviews.length);
  t.ok(rows.productReviews.length > 0, 'demo products have reviews');
  t.equal(counts.images, readdirSync(DEMO_IMAGE_DIR).filter((file) => file.endsWith('.svg')).length);

  const second = await seedDemoSite(db);
  t.same(second, { created: false, websiteId: DEMO_WEBSITE_ID });
  t.same(await tableCounts(db), counts, 'same row count in every table');
});

t.test('concurrent seeders leave exactly one copy', async (t) => {
  const { db } = await openTestDatabase(t, { poolSize: 4 });
  const results = await Promise.all([seedDemoSite(db), seedDemoSite(db), seedDemoSite(db)]);
  t.equal(results.filter((result) => result.created).length, 1, 'one seeder created the site');
  t.same(new Set(results.map((result) => result.websiteId)), new Set([DEMO_WEBSITE_ID]));
  const counts = await tableCounts(db);
  t.equal(counts.websites, 1);
  t.equal(counts.items, demoSiteRows().items.length);
  t.equal(counts.domains, 2);
});

t.test('the demo site is the same rows on every load (fixed ids and dates)', async (t) => {
  const a = await openTestDatabase(t);
  const b = await openTestDatabase(t);
  await seedDemoSite(a.db);
  await seedDemoSite(b.db);
  t.same(await dump(a.db), await dump(b.db));
});

t.test('demo content', async (t) => {
  const { db } = await openTestDatabase(t);
  await seedDemoSite(db);
  const w = DEMO_WEBSITE_ID;
  const settings = await db
    .selectFrom('websiteSettings')
    .selectAll()
    .where('websiteId', '=', w)
    .executeTakeFirstOrThrow();
  const collections = await db.selectFrom('collections').selectAll().where('websiteId', '=', w).execute();
  const items = await db.selectFrom('items').selectAll().where('websiteId', '=', w).execute();
  const products = await db.selectFrom('products').selectAll().where('websiteId', '=', w).execute();
  const variants = await db.selectFrom('productVariants').selectAll().where('websiteId', '=', w).execute();
  const images = await db.selectFrom('images').selectAll().where('websiteId', '=', w).execute();
  const forms = await db.selectFrom('forms').selectAll().where('websiteId', '=', w).execute();
  const collectionById = new Map(collections.map((collection) => [collection.id, collection]));
  const variantsOf = (itemId: string) => variants.filter((variant) => variant.itemId === itemId);
  const itemOf = (itemId: string) => items.find((item) => item.id === itemId)!;

  t.test('website, domains and settings', async (t) => {
    const website = await db.selectFrom('websites').selectAll().where('id', '=', w).executeTakeFirstOrThrow();
    t.equal(website.identifier, 'demo');
    const domains = await db.selectFrom('domains').selectAll().orderBy('host').execute();
    t.same(
      domains.map((domain) => [domain.host, domain.websiteId, domain.isPrimary]),
      [
        ['127.0.0.1', w, false],
        ['localhost', w, true],
      ],
      "'localhost' (primary) and '127.0.0.1' map to the demo site",
    );
    t.equal(settings.timeZone, 'America/New_York');
    t.equal(settings.baseCurrency, 'USD');
    t.equal(settings.language, 'en-US');
    t.equal(settings.templatePackage, 'default');
    t.equal(settings.captchaSiteKey, null);
    t.ok(settings.commentsEnabled && settings.simpleLikingEnabled);
    t.same(settings.languages, ['en-US']);
    t.match(settings.storeSettings, {
      scarcityEnabled: true,
      scarcityThreshold: 5,
      scarcityText: String,
      restockSuccessText: String,
      mailingListSignUpEnabled: true,
    });
    t.ok(Object.values(settings.shareButtonOptions).some(Boolean), 'share buttons chosen');
    t.ok(settings.socialAccounts.length > 0);
    t.ok(
      images.some((image) => image.id === settings.logoImageId),
      'the logo is an image row',
    );
    const roles = await db.selectFrom('contributors').select('role').where('websiteId', '=', w).execute();
    t.same(new Set(roles.map((row) => row.role)), new Set([1, 4, 8, 10]), 'admin, editor, store manager and viewer');
  });

  t.test('collections and page blocks', async (t) => {
    const kinds = new Map(collections.map((collection) => [collection.typeName, collection]));
    for (const kind of ['page', 'products', 'blog', 'gallery', 'events']) t.ok(kinds.has(kind), `a ${kind} collection`);
    const homes = collections.filter((collection) => collection.isHome);
    t.equal(homes.length, 1);
    t.same(
      homes[0]?.blocks.map((block) => block.type),
      // The hero picture with the welcome text over it, then the shop and the journal, then the newsletter.
      [5, 2, 55, 55, 51],
    );
    const store = kinds.get('products')!;
    t.equal(store.type, 13);
    t.equal(store.ordering, 'user-ordered');
    const gallery = kinds.get('gallery')!;
    t.match(gallery.settings, {
      design: 'grid',
      'aspect-ratio': 'square',
      'thumbnails-per-row': 4,
      padding: 20,
      lightbox: true,
    });
    const contact = collections.find((collection) => collection.urlId === 'contact')!;
    t.ok(contact.blocks.some((block) => block.type === 9));

    const formIds = new Set(forms.map((form) => form.id));
    const imageIds = new Set(images.map((image) => image.id));
    const broken = (block: PageBlock): boolean => {
      switch (block.type) {
        case 8:
        case 55:
          return !collectionById.has(block.collectionId);
        case 9:
        case 51:
          return !formIds.has(block.formId);
        case 5:
          return !imageIds.has(block.imageId);
        default:
          return false;
      }
    };
    const brokenBlocks = collections.flatMap((collection) => collection.blocks.filter(broken));
    t.same(brokenBlocks, [], 'every block points at a row that exists');
    const newsletterBlock = homes[0]?.blocks.find((block) => block.type === 51);
    t.equal(forms.find((form) => form.id === (newsletterBlock as { formId: string }).formId)?.isNewsletter, true);
  });

  t.test('store categories', async (t) => {
    const categories = await db.selectFrom('productCategories').selectAll().where('websiteId', '=', w).execute();
    const roots = categories.filter((category) => category.type === 'ROOT');
    t.equal(roots.length, 1);
    const [root] = roots;
    if (!root) throw new Error('the store has no root category');
    t.match(root, { parentCategoryId: null, pageRendering: 'LIST_VIEW', displayIndex: 1 });
    t.equal(collectionById.get(root.collectionId)?.type, 13);
    const children = categories.filter((category) => category.parentCategoryId === root.id);
    t.ok(children.length >= 3 && children.length <= 4, `${children.length} child categories`);
    const names = new Set(children.map((category) => category.displayName));
    for (const product of products) {
      for (const name of itemOf(product.itemId).categories) {
        t.ok(names.has(name), `${itemOf(product.itemId).title}: category ${name} exists`);
      }
    }
  });

  t.test('products cover every case the product pages render', async (t) => {
    t.same([...new Set(products.map((product) => product.productType))].sort(), [1, 2, 3, 4, 5], 'types 1 to 5');
    const physical = products.filter((product) => product.productType === PRODUCT_TYPES.physical);
    const stock = (itemId: string) => {
      const list = variantsOf(itemId);
      return {
        unlimited: list.some((variant) => variant.unlimited),
        total: list.reduce((sum, variant) => sum + variant.qtyInStock, 0),
      };
    };
    const soldOut = physical.filter((product) => {
      const s = stock(product.itemId);
      return !s.unlimited && s.total === 0;
    });
    t.equal(soldOut.length, 1, 'exactly one sold-out physical product');
    const threshold = Number(settings.storeSettings.scarcityThreshold);
    const lowStock = physical.filter((product) => {
      const s = stock(product.itemId);
      return !s.unlimited && s.total > 0 && s.total <= threshold;
    });
    t.ok(lowStock.length >= 1, 'a low-stock product for the scarcity message');
    const onSale = products.filter((product) =>
      variantsOf(product.itemId).some(
        (variant) => variant.onSale && BigInt(variant.salePriceMinor) < BigInt(variant.priceMinor),
      ),
    );
    t.ok(onSale.length >= 1, 'a product on sale');
    for (const variant of variants) {
      if (!variant.onSale) continue;
      t.ok(BigInt(variant.salePriceMinor) < BigInt(variant.priceMinor), `${variant.sku}: sale price below price`);
    }
    const subscribable = products.filter((product) => product.isSubscribable);
    t.ok(subscribable.length >= 1, 'a subscribable product');
    for (const product of subscribable) {
      t.ok([PRODUCT_TYPES.physical, PRODUCT_TYPES.service].includes(product.productType as 1 | 3));
      t.same(product.subscriptionPlan, { billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 0 });
    }
    const withOptions = physical.filter((product) => product.variantOptionOrdering.length > 0);
    t.ok(withOptions.length >= 2, 'physical products with options');
    t.ok(
      physical.some((product) => product.variantOptionOrdering.length === 2),
      'a product with two options',
    );
    for (const product of products) {
      const list = variantsOf(product.itemId);
      t.ok(list.length > 0, `${itemOf(product.itemId).title} has variants`);
      for (const variant of list) {
        t.same(
          Object.keys(variant.attributes).sort(),
          [...product.variantOptionOrdering].sort(),
          `${variant.sku} options`,
        );
        t.equal(variant.currency, 'USD');
      }
      const item = itemOf(product.itemId);
      t.equal(item.recordType, RECORD_TYPES['store-item']);
      t.equal(collectionById.get(item.collectionId)?.typeName, 'products');
      t.ok(item.mainImageId, `${item.title} has a main image`);
      t.ok(item.excerpt && item.body, `${item.title} has an excerpt and a body`);
    }
    const digital = products.find((product) => product.productType === PRODUCT_TYPES.digital)!;
    t.ok(Number(digital.priceMinor) > 0, 'digital price on the product');
    t.ok(variantsOf(digital.itemId).every((variant) => variant.unlimited));
    const giftCard = products.find((product) => product.productType === PRODUCT_TYPES['gift-card'])!;
    const denominations = variantsOf(giftCard.itemId);
    t.ok(denominations.length >= 2);
    t.ok(denominations.every((variant) => variant.unlimited && /^\$\d+$/.test(variant.attributes.Amount ?? '')));
    const withForm = products.filter((product) => product.additionalFieldsFormId !== null);
    t.equal(withForm.length, 1);
    t.ok(forms.some((form) => form.id === withForm[0]?.additionalFieldsFormId && form.fields.length > 0));
    const customButton = products.filter((product) => product.useCustomAddButtonText);
    t.equal(customButton.length, 1);
    t.ok(customButton[0]?.customAddButtonText);
    const itemImages = await db.selectFrom('itemImages').selectAll().where('websiteId', '=', w).execute();
    for (const product of products) {
      const own = itemImages
        .filter((row) => row.itemId === product.itemId)
        .sort((a, b) => a.displayIndex - b.displayIndex);
      t.equal(own[0]?.imageId, itemOf(product.itemId).mainImageId, 'main image is the first product image');
    }
  });

  t.test('blog, gallery and events', async (t) => {
    const inKind = (kind: string) => items.filter((item) => collectionById.get(item.collectionId)?.typeName === kind);
    const posts = inKind('blog');
    // The journal's four or five, and the member area's one.
    t.ok(posts.length >= 5 && posts.length <= 6, `${posts.length} posts`);
    t.ok(posts.every((post) => post.recordType === RECORD_TYPES.text && post.mainImageId && post.authorId));
    t.ok(posts.every((post) => post.tags.length > 0 && post.categories.length > 0 && post.excerpt));
    t.equal(posts.filter((post) => post.starred).length, 1, 'one starred post');
    t.ok(posts.some((post) => post.commentState === 1));
    const comments = await db.selectFrom('comments').selectAll().where('websiteId', '=', w).execute();
    const replies = comments.filter((comment) => comment.parentId !== null);
    t.ok(replies.length >= 1, 'a reply');
    for (const reply of replies) {
      t.equal(
        comments.find((comment) => comment.id === reply.parentId)?.itemId,
        reply.itemId,
        'reply on the same post',
      );
    }
    const gallery = inKind('gallery');
    t.ok(gallery.length >= 8 && gallery.length <= 12, `${gallery.length} gallery images`);
    t.ok(gallery.every((item) => item.recordType === RECORD_TYPES.image && item.mainImageId));
    const events = inKind('events');
    t.ok(events.length >= 4 && events.length <= 5, `${events.length} events`);
    for (const event of events) {
      t.equal(event.recordType, RECORD_TYPES.event);
      t.equal(event.startDate?.getUTCFullYear(), 2027, `${event.title} is in 2027`);
      t.ok(event.startDate! < event.endDate!, `${event.title} ends after it starts`);
      t.match(event.location, {
        addressTitle: String,
        addressLine1: String,
        addressLine2: String,
        addressCountry: String,
        mapLat: Number,
        mapLng: Number,
      });
    }
    for (const item of items) {
      for (const tag of item.tags) t.ok(tag.length <= 50, `tag "${tag}" within 50 characters`);
      for (const category of item.categories) t.ok(category.length <= 25, `category "${category}" within 25`);
    }
  });

  t.test('url ids are unique within their collection', async (t) => {
    const seen = new Set<string>();
    const duplicates = items.filter((item) => {
      const key = `${item.collectionId}/${item.urlId}`;
      const again = seen.has(key);
      seen.add(key);
      return again;
    });
    t.same(duplicates, []);
    t.ok(items.every((item) => /^[a-z0-9][a-z0-9-]*$/.test(item.urlId)));
  });

  t.test('like counts match the likes', async (t) => {
    const likes = await db
      .selectFrom('likes')
      .select(['itemId', (eb) => eb.fn.countAll<string>().as('n')])
      .where('websiteId', '=', w)
      .groupBy('itemId')
      .execute();
    const counted = new Map(likes.map((row) => [row.itemId, Number(row.n)]));
    t.ok(counted.size > 0);
    for (const item of items) t.equal(item.likeCount, counted.get(item.id) ?? 0, `${item.title} like count`);
  });

  t.test('forms', async (t) => {
    const contact = forms.find((form) => !form.isNewsletter && form.fields.some((field) => field.type === 'likert'))!;
    const types = new Set(contact.fields.map((field) => field.type));
    for (const type of [
      'name',
      'email',
      'phone',
      'select',
      'radio',
      'checkbox',
      'textarea',
      'date',
      'website',
      'hidden',
      'section',
      'likert',
    ]) {
      t.ok(types.has(type), `contact form has a ${type} field`);
    }
    t.ok(contact.fields.find((field) => field.type === 'phone')?.showCountryCode);
    t.ok((contact.fields.find((field) => field.type === 'textarea')?.maxLength ?? 0) > 0);
    t.match(
      contact.fields.find((field) => field.type === 'hidden'),
      { key: String, value: String },
    );
    t.ok(contact.fields.find((field) => field.type === 'section')?.underline);
    t.ok(contact.submissionMessage && contact.disclaimerMessage);
    t.equal(contact.captchaEnabled, false);
    const newsletter = forms.find((form) => form.isNewsletter)!;
    t.same(
      newsletter.fields.map((field) => field.type),
      ['name', 'email'],
    );
    const fieldIds = forms.flatMap((form) => form.fields.map((field) => field.id));
    t.equal(new Set(fieldIds).size, fieldIds.length, 'field ids are unique');
  });

  t.test('navigations', async (t) => {
    const navigations = await db.selectFrom('navigations').selectAll().where('websiteId', '=', w).execute();
    const navItems = await db
      .selectFrom('navigationItems')
      .selectAll()
      .where('websiteId', '=', w)
      .orderBy('displayIndex')
      .execute();
    for (const item of navItems) {
      if (item.collectionId !== null) t.ok(collectionById.has(item.collectionId), 'navigation target exists');
    }
    const main = navigations.find((navigation) => navigation.identifier === 'mainNav')!;
    t.same(
      navItems
        .filter((item) => item.navigationId === main.id)
        .map((item) => collectionById.get(item.collectionId ?? '')?.typeName ?? item.externalLink),
      ['page', 'products', 'blog', 'gallery', 'events', 'page', 'page'],
    );
    const footer = navigations.find((navigation) => navigation.identifier === 'secondaryNav')!;
    const external = navItems.filter((item) => item.navigationId === footer.id && item.externalLink !== null);
    t.equal(external.length, 1);
    t.match(external[0], { externalLink: /^https:\/\/www\.google\.com\/maps\//, newWindow: true, collectionId: null });
    // Instagram is one of the social accounts the footer lists beside the navigation: not a second time here.
    t.notOk(
      navItems.some((item) => item.externalLink?.includes('instagram.com')),
      'no navigation item repeats a social account',
    );
  });

  t.test('every image row is a well-formed SVG file that matches it', async (t) => {
    const files = readdirSync(DEMO_IMAGE_DIR).filter((file) => file.endsWith('.svg'));
    t.same(images.map((image) => image.filename).sort(), files.sort(), 'one row per file, no orphans');
    for (const image of images) {
      const file = path.join(DEMO_IMAGE_DIR, image.filename);
      t.ok(existsSync(file), `${image.filename} exists`);
      t.equal(image.assetUrl, `/content/demo/${image.filename}`);
      t.equal(image.contentType, 'image/svg+xml');
      t.ok(statSync(file).size <= 6 * 1024, `${image.filename} is at most 6 KB`);
      const scene = sceneFromSvg(readFileSync(file, 'utf8'));
      t.same([scene.width, scene.height], [image.width, image.height], `${image.filename} size`);
      t.same(image.colorData, colorDataOf(scene), `${image.filename} colorData`);
      t.ok(
        image.altText.length > 0 && image.focalX >= 0 && image.focalX <= 1 && image.focalY >= 0 && image.focalY <= 1,
      );
    }
  });
});

t.test('the SVG reader refuses files that are not well-formed', async (t) => {
  const ok =
    '<svg xmlns="http://www.w3.org/2000/svg" width="2" height="2" viewBox="0 0 2 2"><rect x="0" y="0" width="2" height="2" fill="#ffffff"/></svg>';
  t.equal(sceneFromSvg(ok).shapes.length, 1);
  t.throws(() => sceneFromSvg(ok.replace('</svg>', '')), /not closed/);
  t.throws(() => sceneFromSvg(ok.replace('width="2" height="2" fill', 'width="2" width="2" fill')), /duplicate/);
  t.throws(() => sceneFromSvg(ok.replace('viewBox="0 0 2 2"', 'viewBox="0 0 3 2"')), /viewBox/);
  t.throws(() => sceneFromSvg(ok.replace('<rect', '<rect title="a & b"')), /&/);
  t.throws(() => sceneFromSvg(`${ok}<svg/>`), /root/);
});
