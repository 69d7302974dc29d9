/**
 * Loads the demo site (demo-site.ts) into the database, all of it or none of
 * it, at most once per database.
 */
import { fileURLToPath } from 'node:url';
import type { Insertable, Kysely } from 'kysely';
import { RECORD_TYPES } from '../../domain/spec-enums.ts';
import { json } from '../db/json.ts';
import type {
  CollectionsTable,
  CommentsTable,
  ContributorsTable,
  Database,
  DomainsTable,
  FormsTable,
  ImagesTable,
  ItemImagesTable,
  ItemsTable,
  LikesTable,
  NavigationItemsTable,
  NavigationsTable,
  ProductCategoriesTable,
  ProductReviewsTable,
  ProductsTable,
  ProductVariantsTable,
  WebsiteSettingsTable,
  WebsitesTable,
} from '../db/schema.ts';
import { hashPassword } from '../repositories/site-user-repository.ts';
import { seedDemoCheckoutRules } from './demo-checkout-rules.ts';
import { seedDemoGiftCard } from './demo-gift-card.ts';
import { collectionId, DEMO_WEBSITE_ID, demoId, formId, imageId } from './demo-ids.ts';
import { DEMO_MEMBER, DEMO_MEMBER_SALT } from './demo-member.ts';
import { DEMO_LOCKED_PAGE_SALT } from './demo-member-area.ts';
import { hashDemoOwnerPasswords, seedDemoOwners } from './demo-owners.ts';
import { DEMO_REVIEWS } from './demo-reviews.ts';
import { DEMO_SITE } from './demo-site.ts';
import type { DemoComment, DemoNavigationItem, DemoPost, DemoSite } from './demo-types.ts';

export { DEMO_WEBSITE_ID };

/** The folder the demo pictures are served from (as /content/demo/<file>). */
export const DEMO_IMAGE_DIR = fileURLToPath(new URL('./images', import.meta.url));

const ASSET_URL_PREFIX = '/content/demo/';
const UNIQUE_VIOLATION = '23505';
const HOUR_MS = 3_600_000;

export interface DemoRows {
  website: Insertable<WebsitesTable>;
  domains: Insertable<DomainsTable>[];
  websiteSettings: Insertable<WebsiteSettingsTable>;
  contributors: Insertable<ContributorsTable>[];
  images: Insertable<ImagesTable>[];
  forms: Insertable<FormsTable>[];
  collections: Insertable<CollectionsTable>[];
  productCategories: Insertable<ProductCategoriesTable>[];
  items: Insertable<ItemsTable>[];
  itemImages: Insertable<ItemImagesTable>[];
  products: Insertable<ProductsTable>[];
  productVariants: Insertable<ProductVariantsTable>[];
  navigations: Insertable<NavigationsTable>[];
  navigationItems: Insertable<NavigationItemsTable>[];
  comments: Insertable<CommentsTable>[];
  likes: Insertable<LikesTable>[];
  productReviews: Insertable<ProductReviewsTable>[];
}

/**
 * Slug references in the content that point nowhere. The database catches
 * most of them through foreign keys, but not categories (stored by name) or
 * ids inside page blocks, and a message naming the slug beats a constraint name.
 */
function brokenReferences(site: DemoSite): string[] {
  const problems: string[] = [];
  const images = new Set(site.images.map((image) => image.filename));
  const contributors = new Set(site.contributors.map((contributor) => contributor.slug));
  const forms = new Set(site.forms.map((form) => form.slug));
  const collections = new Set(site.collections.map((collection) => collection.slug));
  const categories = new Set(site.store.categories.map((category) => category.displayName));
  const need = (known: Set<string>, slug: string | undefined, what: string) => {
    if (slug !== undefined && !known.has(slug)) problems.push(`${what}: unknown "${slug}"`);
  };
  need(images, site.website.settings.logo, 'logo');
  need(contributors, site.store.manager, 'store manager');
  for (const slug of [
    site.store.collection,
    site.journal.collection,
    site.memberArea.collection,
    site.course.collection,
    site.lockedPage.collection,
    site.gallery.collection,
    site.events.collection,
  ]) {
    need(collections, slug, 'collection');
  }
  for (const product of site.products) {
    if (product.images.length === 0) problems.push(`product ${product.slug}: no image`);
    for (const image of product.images) need(images, image, `product ${product.slug} image`);
    for (const category of product.categories) need(categories, category, `product ${product.slug} category`);
    need(forms, product.additionalFieldsForm, `product ${product.slug} form`);
    need(collections, product.memberArea, `product ${product.slug} member area`);
  }
  for (const post of [...site.journal.posts, ...site.memberArea.posts, ...site.course.lessons]) {
    need(images, post.image, `post ${post.slug} image`);
    need(contributors, post.author, `post ${post.slug} author`);
  }
  for (const item of site.gallery.items) need(images, item.image, `gallery item ${item.slug} image`);
  const products = new Set(site.products.map((product) => product.slug));
  for (const slug of Object.keys(DEMO_REVIEWS)) need(products, slug, 'reviews of product');
  for (const event of site.events.events) need(images, event.image, `event ${event.slug} image`);
  const walk = (items: DemoNavigationItem[]) => {
    for (const item of items) {
      need(collections, item.collection, `navigation item ${item.slug}`);
      walk(item.children ?? []);
    }
  };
  for (const navigation of site.navigations) walk(navigation.items);
  return problems;
}

const addHours = (date: string, hours: number): string => new Date(Date.parse(date) + hours * HOUR_MS).toISOString();

/** Every row of the demo site, ready to insert; pure, so the test can count what a seed should write. */
export function demoSiteRows(site: DemoSite = DEMO_SITE): DemoRows {
  const problems = brokenReferences(site);
  if (problems.length > 0) throw new Error(`demo site content has broken references:\n${problems.join('\n')}`);

  const websiteId = DEMO_WEBSITE_ID;
  const createdOn = site.website.createdOn;
  const currency = site.website.settings.baseCurrency;
  const contributorId = (slug: string) => demoId('contributor', slug);
  const settings = site.website.settings;

  const rows: DemoRows = {
    website: { id: websiteId, identifier: site.website.identifier, siteTitle: site.website.siteTitle, createdOn },
    domains: site.website.domains.map((domain) => ({ websiteId, host: domain.host, isPrimary: domain.isPrimary })),
    websiteSettings: {
      websiteId,
      timeZone: settings.timeZone,
      language: settings.language,
      baseCurrency: currency,
      siteDescription: settings.siteDescription,
      logoImageId: imageId(settings.logo),
      templatePackage: settings.templatePackage,
      captchaSiteKey: settings.captchaSiteKey,
      commentsEnabled: settings.commentsEnabled,
      simpleLikingEnabled: settings.simpleLikingEnabled,
      disqusShortname: settings.disqusShortname,
      useCldrMoneyFormat: settings.useCldrMoneyFormat,
      storeSettings: json(settings.storeSettings),
      shareButtonOptions: json(settings.shareButtonOptions),
      socialAccounts: json(settings.socialAccounts),
      languages: json(settings.languages),
      popupOverlay: json(settings.popupOverlay),
      updatedOn: createdOn,
    },
    contributors: site.contributors.map((contributor) => ({
      websiteId,
      id: contributorId(contributor.slug),
      email: contributor.email,
      displayName: contributor.displayName,
      role: contributor.role,
      createdOn,
    })),
    images: site.images.map((image) => ({
      websiteId,
      id: imageId(image.filename),
      assetUrl: `${ASSET_URL_PREFIX}${image.filename}`,
      filename: image.filename,
      contentType: 'image/svg+xml',
      width: image.width,
      height: image.height,
      focalX: image.focalPoint.x,
      focalY: image.focalPoint.y,
      altText: image.altText,
      title: image.title,
      body: image.body ?? '',
      colorData: json(image.colorData),
      createdOn,
    })),
    forms: site.forms.map((form) => ({
      websiteId,
      id: formId(form.slug),
      name: form.name,
      isNewsletter: form.isNewsletter,
      fields: json(form.fields),
      submissionMessage: form.submissionMessage,
      submissionHtml: form.submissionHtml,
      successRedirect: form.successRedirect,
      disclaimerMessage: form.disclaimerMessage,
      captchaEnabled: form.captchaEnabled,
      captchaTheme: form.captchaTheme,
      captchaAlignment: form.captchaAlignment,
      storage: json(form.storage),
    })),
    collections: site.collections.map((collection, index) => ({
      websiteId,
      id: collectionId(collection.slug),
      parentId: null,
      type: collection.type,
      typeName: collection.typeName,
      urlId: collection.slug,
      title: collection.title,
      navigationTitle: collection.navigationTitle,
      description: collection.description,
      ordering: collection.ordering,
      pageSize: collection.pageSize,
      displayIndex: index,
      isHome: collection.isHome ?? false,
      memberOnly: collection.memberOnly ?? false,
      // Its password hash is written by seedDemoSite, which may wait for a scrypt.
      passwordProtected: collection.slug === site.lockedPage.collection,
      blocks: json(collection.blocks ?? []),
      settings: json(collection.settings ?? {}),
      createdOn,
      updatedOn: createdOn,
    })),
    productCategories: [],
    items: [],
    itemImages: [],
    products: [],
    productVariants: [],
    navigations: [],
    navigationItems: [],
    comments: [],
    likes: [],
    productReviews: [],
  };

  const store = site.store;
  const storeId = collectionId(store.collection);
  const rootId = demoId('category', store.root.slug);
  // The root category is what store creation makes (spec section 3, store creation payloads).
  rows.productCategories.push({
    websiteId,
    id: rootId,
    collectionId: storeId,
    parentCategoryId: null,
    displayName: store.root.displayName,
    urlSlug: store.root.slug,
    type: 'ROOT',
    pageRendering: 'LIST_VIEW',
    displayIndex: 1,
  });
  store.categories.forEach((category, index) => {
    rows.productCategories.push({
      websiteId,
      id: demoId('category', category.slug),
      collectionId: storeId,
      parentCategoryId: rootId,
      displayName: category.displayName,
      urlSlug: category.slug,
      type: 'CATEGORY',
      pageRendering: 'LIST_VIEW',
      displayIndex: index + 1,
    });
  });

  site.products.forEach((product, index) => {
    const itemId = demoId('product', product.slug);
    for (const review of DEMO_REVIEWS[product.slug] ?? []) {
      const { slug, ...shown } = review;
      rows.productReviews.push({ websiteId, id: demoId('review', slug), itemId, ...shown });
    }
    rows.items.push({
      websiteId,
      id: itemId,
      collectionId: storeId,
      recordType: RECORD_TYPES['store-item'],
      title: product.title,
      urlId: product.slug,
      body: product.body,
      excerpt: product.excerpt,
      tags: json(product.tags),
      categories: json(product.categories),
      authorId: contributorId(store.manager),
      addedOn: product.addedOn,
      publishOn: product.addedOn,
      updatedOn: product.addedOn,
      starred: product.starred ?? false,
      displayIndex: index,
      mainImageId: imageId(product.images[0]),
    });
    product.images.forEach((image, imageIndex) => {
      rows.itemImages.push({ websiteId, itemId, imageId: imageId(image), displayIndex: imageIndex });
    });
    rows.products.push({
      websiteId,
      itemId,
      productType: product.productType,
      isSubscribable: product.subscriptionPlan !== undefined,
      subscriptionPlan: product.subscriptionPlan ? json(product.subscriptionPlan) : null,
      additionalFieldsFormId: product.additionalFieldsForm ? formId(product.additionalFieldsForm) : null,
      useCustomAddButtonText: product.customAddButtonText !== undefined,
      customAddButtonText: product.customAddButtonText ?? null,
      variantOptionOrdering: json(product.optionOrdering),
      memberAreaId: product.memberArea ? collectionId(product.memberArea) : null,
      priceMinor: product.price ?? null,
      salePriceMinor: product.salePrice ?? null,
      currency,
      onSale: product.salePrice !== undefined,
    });
    product.variants.forEach((variant, variantIndex) => {
      rows.productVariants.push({
        websiteId,
        id: demoId('variant', variant.sku.toLowerCase()),
        itemId,
        sku: variant.sku,
        priceMinor: variant.price,
        salePriceMinor: variant.salePrice ?? 0,
        currency,
        onSale: variant.salePrice !== undefined,
        unlimited: variant.stock === 'unlimited',
        qtyInStock: variant.stock === 'unlimited' ? 0 : variant.stock,
        attributes: json(variant.attributes),
        displayIndex: variantIndex,
        mainImageId: variant.image ? imageId(variant.image) : null,
      });
    });
  });

  const addPost = (blogId: string, post: DemoPost, displayIndex = 0) => {
    const itemId = demoId('post', post.slug);
    rows.items.push({
      websiteId,
      id: itemId,
      collectionId: blogId,
      recordType: post.recordType ?? RECORD_TYPES.text,
      displayIndex,
      title: post.title,
      urlId: post.slug,
      body: post.body,
      excerpt: post.excerpt,
      tags: json(post.tags),
      categories: json(post.categories),
      authorId: contributorId(post.author),
      addedOn: post.publishOn,
      publishOn: post.publishOn,
      updatedOn: post.publishOn,
      starred: post.starred ?? false,
      mainImageId: imageId(post.image),
      commentState: post.commentState,
      likeCount: post.likes,
    });
    const addComment = (comment: DemoComment, parentId: string | null) => {
      const id = demoId('comment', comment.slug);
      rows.comments.push({
        websiteId,
        id,
        itemId,
        parentId,
        authorName: comment.authorName,
        authorEmail: comment.authorEmail ?? null,
        authorUrl: comment.authorUrl ?? null,
        body: comment.body,
        approved: true,
        addedOn: comment.addedOn,
      });
      for (const reply of comment.replies ?? []) addComment(reply, id);
    };
    for (const comment of post.comments ?? []) addComment(comment, null);
    // likeCount above and these rows come from the same number, so they cannot disagree.
    for (let n = 1; n <= post.likes; n++) {
      rows.likes.push({
        websiteId,
        itemId,
        visitorKey: demoId('visitor', String(n)),
        createdOn: addHours(post.publishOn, n),
      });
    }
  };
  for (const post of site.journal.posts) addPost(collectionId(site.journal.collection), post);
  for (const post of site.memberArea.posts) addPost(collectionId(site.memberArea.collection), post);
  // A course is read in the owner's order, lesson by lesson.
  for (const [index, lesson] of site.course.lessons.entries()) {
    addPost(collectionId(site.course.collection), lesson, index);
  }

  const galleryId = collectionId(site.gallery.collection);
  site.gallery.items.forEach((item, index) => {
    rows.items.push({
      websiteId,
      id: demoId('gallery-item', item.slug),
      collectionId: galleryId,
      recordType: RECORD_TYPES.image,
      title: item.title,
      urlId: item.slug,
      body: item.body,
      tags: json(item.tags),
      addedOn: item.addedOn,
      publishOn: item.addedOn,
      updatedOn: item.addedOn,
      displayIndex: index,
      mainImageId: imageId(item.image),
    });
  });

  const eventsId = collectionId(site.events.collection);
  for (const event of site.events.events) {
    rows.items.push({
      websiteId,
      id: demoId('event', event.slug),
      collectionId: eventsId,
      recordType: RECORD_TYPES.event,
      title: event.title,
      urlId: event.slug,
      body: event.body,
      excerpt: event.excerpt,
      tags: json(event.tags),
      categories: json(event.categories),
      addedOn: event.publishOn,
      publishOn: event.publishOn,
      updatedOn: event.publishOn,
      mainImageId: event.image ? imageId(event.image) : null,
      startDate: event.startDate,
      endDate: event.endDate,
      location: json(event.location),
    });
  }

  for (const navigation of site.navigations) {
    const navigationId = demoId('navigation', navigation.identifier);
    rows.navigations.push({ websiteId, id: navigationId, identifier: navigation.identifier, title: navigation.title });
    const addItems = (items: DemoNavigationItem[], parentId: string | null) => {
      items.forEach((item, index) => {
        const id = demoId('navigation-item', item.slug);
        rows.navigationItems.push({
          websiteId,
          id,
          navigationId,
          parentId,
          collectionId: item.collection ? collectionId(item.collection) : null,
          externalLink: item.externalLink ?? null,
          memberAreaId: null,
          title: item.title ?? null,
          newWindow: item.newWindow ?? false,
          displayIndex: index,
        });
        addItems(item.children ?? [], id);
      });
    };
    addItems(navigation.items, null);
  }

  return rows;
}

export interface SeedResult {
  created: boolean;
  websiteId: string;
}

const isUniqueViolation = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === UNIQUE_VIOLATION;

async function existingDemoSite(db: Kysely<Database>, identifier: string): Promise<SeedResult | undefined> {
  const row = await db.selectFrom('websites').select('id').where('identifier', '=', identifier).executeTakeFirst();
  return row ? { created: false, websiteId: row.id } : undefined;
}

/**
 * Loads the demo site in one transaction. Does nothing when a website with
 * the demo identifier exists, including one a concurrent seeder has just
 * committed: the websites row is inserted first, and its unique identifier is
 * what decides which seeder goes on.
 */
export async function seedDemoSite(db: Kysely<Database>): Promise<SeedResult> {
  const rows = demoSiteRows();
  const identifier = rows.website.identifier;
  const existing = await existingDemoSite(db, identifier);
  if (existing) return existing;
  // Hashed before the transaction, which then holds no lock through a scrypt.
  const memberPasswordHash = await hashPassword(DEMO_MEMBER.password, DEMO_MEMBER_SALT);
  const lockedPageHash = await hashPassword(DEMO_SITE.lockedPage.password, DEMO_LOCKED_PAGE_SALT);
  const ownerHashes = await hashDemoOwnerPasswords();
  try {
    return await db.transaction().execute(async (trx) => {
      // On a real server this waits for a concurrent seeder's transaction and
      // then inserts nothing if that one committed.
      const inserted = await trx
        .insertInto('websites')
        .values(rows.website)
        .onConflict((conflict) => conflict.doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!inserted) return (await existingDemoSite(trx, identifier)) ?? { created: false, websiteId: DEMO_WEBSITE_ID };

      // A host already serving another website keeps doing so.
      await trx
        .insertInto('domains')
        .values(rows.domains)
        .onConflict((conflict) => conflict.column('host').doNothing())
        .execute();
      await trx.insertInto('contributors').values(rows.contributors).execute();
      await seedDemoOwners(trx, ownerHashes, rows.website.createdOn);
      await trx.insertInto('images').values(rows.images).execute();
      await trx.insertInto('websiteSettings').values(rows.websiteSettings).execute();
      await trx.insertInto('forms').values(rows.forms).execute();
      await trx
        .insertInto('collections')
        .values(
          rows.collections.map((row) =>
            row.id === collectionId(DEMO_SITE.lockedPage.collection) ? { ...row, passwordHash: lockedPageHash } : row,
          ),
        )
        .execute();
      await trx.insertInto('productCategories').values(rows.productCategories).execute();
      await trx.insertInto('items').values(rows.items).execute();
      await trx.insertInto('itemImages').values(rows.itemImages).execute();
      await trx.insertInto('products').values(rows.products).execute();
      await trx.insertInto('productVariants').values(rows.productVariants).execute();
      await trx.insertInto('navigations').values(rows.navigations).execute();
      await trx.insertInto('navigationItems').values(rows.navigationItems).execute();
      await trx.insertInto('comments').values(rows.comments).execute();
      await trx.insertInto('likes').values(rows.likes).execute();
      await trx.insertInto('productReviews').values(rows.productReviews).execute();
      await seedDemoCheckoutRules(trx, DEMO_WEBSITE_ID);
      await seedDemoGiftCard(
        trx,
        DEMO_WEBSITE_ID,
        DEMO_SITE.website.settings.baseCurrency,
        DEMO_SITE.website.createdOn,
      );
      await trx
        .insertInto('siteUsers')
        .values({
          websiteId: DEMO_WEBSITE_ID,
          id: DEMO_MEMBER.id,
          email: DEMO_MEMBER.email,
          displayName: DEMO_MEMBER.displayName,
          locale: DEMO_MEMBER.locale,
          passwordHash: memberPasswordHash,
          createdOn: rows.website.createdOn,
          emailVerifiedOn: rows.website.createdOn,
        })
        .execute();
      await trx
        .insertInto('memberAreaMembers')
        .values({
          websiteId: DEMO_WEBSITE_ID,
          collectionId: collectionId(DEMO_SITE.memberArea.collection),
          siteUserId: DEMO_MEMBER.id,
          joinedOn: rows.website.createdOn,
        })
        .execute();
      return { created: true, websiteId: DEMO_WEBSITE_ID };
    });
  } catch (error) {
    // Belt and braces for a race the conflict clause cannot see (the rows are
    // all keyed by the same stable ids): if the other seeder won, so did we.
    if (isUniqueViolation(error)) {
      const winner = await existingDemoSite(db, identifier);
      if (winner) return winner;
    }
    throw error;
  }
}

/** True before any website exists: the start command seeds the demo site then. */
export async function isDatabaseEmpty(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('websites').select('id').limit(1).executeTakeFirst();
  return row === undefined;
}
