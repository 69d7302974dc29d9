import { newId } from '../../../api/db/ids.ts';
import { json } from '../../../api/db/json.ts';
import type { Collection, Item, Product, ProductVariant } from '../../../api/db/schema.ts';
import type { Db } from '../../../api/repositories/transaction.ts';

/*
 * Small builders that insert the least a test needs. Every value has a
 * default and every default is unique (fresh ids and url slugs), so one
 * test database can hold many independent websites.
 */

export interface BuiltWebsite {
  websiteId: string;
  host: string;
}

export async function buildWebsite(
  db: Db,
  options: { host?: string; siteTitle?: string; baseCurrency?: string } = {},
): Promise<BuiltWebsite> {
  const websiteId = newId();
  const host = options.host ?? `site-${websiteId}.example.test`;
  await db
    .insertInto('websites')
    .values({ id: websiteId, identifier: `site-${websiteId}`, siteTitle: options.siteTitle ?? 'Test site' })
    .execute();
  await db
    .insertInto('websiteSettings')
    .values({ websiteId, baseCurrency: options.baseCurrency ?? 'USD', updatedOn: new Date() })
    .execute();
  await db.insertInto('domains').values({ host, websiteId, isPrimary: true }).execute();
  return { websiteId, host };
}

export async function buildCollection(
  db: Db,
  websiteId: string,
  values: Partial<{
    id: string;
    urlId: string;
    title: string;
    type: number;
    typeName: string;
    ordering: Collection['ordering'];
    pageSize: number;
    enabled: boolean;
    isHome: boolean;
    parentId: string | null;
    displayIndex: number;
    passwordProtected: boolean;
    memberOnly: boolean;
  }> = {},
): Promise<Collection> {
  const id = values.id ?? newId();
  const title = values.title ?? 'Collection';
  return db
    .insertInto('collections')
    .values({
      websiteId,
      id,
      type: values.type ?? 1,
      typeName: values.typeName ?? 'blog',
      urlId: values.urlId ?? `c-${id}`,
      title,
      navigationTitle: title,
      ordering: values.ordering,
      pageSize: values.pageSize,
      enabled: values.enabled,
      isHome: values.isHome,
      parentId: values.parentId ?? null,
      displayIndex: values.displayIndex,
      passwordProtected: values.passwordProtected,
      memberOnly: values.memberOnly,
      updatedOn: new Date(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function buildItem(
  db: Db,
  websiteId: string,
  collectionId: string,
  values: Partial<{
    id: string;
    urlId: string;
    title: string;
    body: string;
    recordType: number;
    tags: string[];
    categories: string[];
    publishOn: Date;
    published: boolean;
    starred: boolean;
    displayIndex: number;
    mainImageId: string | null;
  }> = {},
): Promise<Item> {
  const id = values.id ?? newId();
  const publishOn = values.publishOn ?? new Date(Date.now() - 60_000);
  return db
    .insertInto('items')
    .values({
      websiteId,
      id,
      collectionId,
      recordType: values.recordType ?? 1,
      title: values.title ?? 'Item',
      urlId: values.urlId ?? `i-${id}`,
      body: values.body,
      tags: values.tags ? json(values.tags) : undefined,
      categories: values.categories ? json(values.categories) : undefined,
      addedOn: publishOn,
      publishOn,
      updatedOn: publishOn,
      published: values.published,
      starred: values.starred,
      displayIndex: values.displayIndex,
      mainImageId: values.mainImageId ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export interface VariantValues {
  sku?: string;
  priceMinor?: string | number;
  salePriceMinor?: string | number;
  onSale?: boolean;
  currency?: string;
  unlimited?: boolean;
  qtyInStock?: number;
  attributes?: Record<string, string>;
}

export interface BuiltProduct {
  item: Item;
  product: Product;
  /** At least one: tests read variants[0] as "the" variant. */
  variants: [ProductVariant, ...ProductVariant[]];
}

export async function buildProduct(
  db: Db,
  websiteId: string,
  collectionId: string,
  values: {
    urlId?: string;
    title?: string;
    productType?: number;
    priceMinor?: string | number | null;
    salePriceMinor?: string | number | null;
    onSale?: boolean;
    currency?: string;
    mainImageId?: string | null;
    variants?: VariantValues[];
  } = {},
): Promise<BuiltProduct> {
  const item = await buildItem(db, websiteId, collectionId, {
    urlId: values.urlId,
    title: values.title ?? 'Product',
    recordType: 11,
    mainImageId: values.mainImageId,
  });
  const product = await db
    .insertInto('products')
    .values({
      websiteId,
      itemId: item.id,
      productType: values.productType ?? 1,
      priceMinor: values.priceMinor ?? null,
      salePriceMinor: values.salePriceMinor ?? null,
      onSale: values.onSale,
      currency: values.currency,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const variants: ProductVariant[] = [];
  for (const [index, variant] of (values.variants ?? [{}]).entries()) {
    variants.push(
      await db
        .insertInto('productVariants')
        .values({
          websiteId,
          id: newId(),
          itemId: item.id,
          sku: variant.sku ?? `SKU-${newId()}`,
          priceMinor: variant.priceMinor ?? 1000,
          salePriceMinor: variant.salePriceMinor,
          onSale: variant.onSale,
          currency: variant.currency,
          unlimited: variant.unlimited,
          qtyInStock: variant.qtyInStock ?? 10,
          attributes: variant.attributes ? json(variant.attributes) : undefined,
          displayIndex: index,
        })
        .returningAll()
        .executeTakeFirstOrThrow(),
    );
  }
  const [first, ...rest] = variants;
  if (!first) throw new Error('buildProduct: give at least one variant (or none, for a default one)');
  return { item, product, variants: [first, ...rest] };
}

export async function buildImage(db: Db, websiteId: string, values: { id?: string; altText?: string } = {}) {
  const id = values.id ?? newId();
  return db
    .insertInto('images')
    .values({
      websiteId,
      id,
      assetUrl: `https://images.example.test/${id}/photo.jpg`,
      filename: 'photo.jpg',
      contentType: 'image/jpeg',
      width: 1200,
      height: 800,
      altText: values.altText,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A website with a store collection holding one product with one variant. */
export async function buildSite(
  db: Db,
  options: { host?: string; storeUrlId?: string; productUrlId?: string; sku?: string; qtyInStock?: number } = {},
) {
  const website = await buildWebsite(db, { host: options.host });
  const store = await buildCollection(db, website.websiteId, {
    urlId: options.storeUrlId ?? 'shop',
    title: 'Shop',
    type: 13,
    typeName: 'products',
    ordering: 'user-ordered',
  });
  const product = await buildProduct(db, website.websiteId, store.id, {
    urlId: options.productUrlId ?? 'lamp',
    title: 'Lamp',
    variants: [{ sku: options.sku ?? 'LAMP-1', qtyInStock: options.qtyInStock ?? 10, priceMinor: 2500 }],
  });
  return { ...website, store, product, variant: product.variants[0] };
}
