/**
 * Every variant of every product a visitor can see (published, its date
 * come, in an enabled collection that is neither password-protected nor a
 * member area), in one query, for the dynamic-ads product feed.
 */
import { sql } from 'kysely';
import type { Db } from './transaction.ts';

export interface FeedVariantRow {
  itemId: string;
  variantId: string;
  sku: string;
  title: string;
  excerpt: string;
  body: string;
  collectionUrlId: string;
  itemUrlId: string;
  productType: number;
  /** Digital products and memberships are priced on the product (domain/product-types.ts). */
  productPriceMinor: string | null;
  productSalePriceMinor: string | null;
  productCurrency: string;
  productOnSale: boolean;
  variantPriceMinor: string;
  variantSalePriceMinor: string;
  variantCurrency: string;
  variantOnSale: boolean;
  unlimited: boolean;
  qtyInStock: number;
  attributes: unknown;
  /** The variant's own picture, else the product's. */
  imageUrl: string | null;
  /** How many variants the product has: more than one makes an item group. */
  variantCount: number;
}

export async function listFeedVariants(db: Db, websiteId: string): Promise<FeedVariantRow[]> {
  return db
    .selectFrom('productVariants as variant')
    .innerJoin('items as item', (join) =>
      join.on('item.websiteId', '=', websiteId).onRef('item.id', '=', 'variant.itemId'),
    )
    .innerJoin('products as product', (join) =>
      join.on('product.websiteId', '=', websiteId).onRef('product.itemId', '=', 'item.id'),
    )
    .innerJoin('collections as collection', (join) =>
      join.on('collection.websiteId', '=', websiteId).onRef('collection.id', '=', 'item.collectionId'),
    )
    .leftJoin('images as variantImage', (join) =>
      join.on('variantImage.websiteId', '=', websiteId).onRef('variantImage.id', '=', 'variant.mainImageId'),
    )
    .leftJoin('images as itemImage', (join) =>
      join.on('itemImage.websiteId', '=', websiteId).onRef('itemImage.id', '=', 'item.mainImageId'),
    )
    .select([
      'item.id as itemId',
      'variant.id as variantId',
      'variant.sku',
      'item.title',
      'item.excerpt',
      'item.body',
      'collection.urlId as collectionUrlId',
      'item.urlId as itemUrlId',
      'product.productType',
      'product.priceMinor as productPriceMinor',
      'product.salePriceMinor as productSalePriceMinor',
      'product.currency as productCurrency',
      'product.onSale as productOnSale',
      'variant.priceMinor as variantPriceMinor',
      'variant.salePriceMinor as variantSalePriceMinor',
      'variant.currency as variantCurrency',
      'variant.onSale as variantOnSale',
      'variant.unlimited',
      'variant.qtyInStock',
      'variant.attributes',
      (eb) => eb.fn.coalesce('variantImage.assetUrl', 'itemImage.assetUrl').as('imageUrl'),
      sql<number>`cast(count(*) over (partition by variant.item_id) as integer)`.as('variantCount'),
    ])
    .where('variant.websiteId', '=', websiteId)
    .where('item.published', '=', true)
    .where('item.publishOn', '<=', sql<Date>`now()`)
    .where('collection.enabled', '=', true)
    .where('collection.passwordProtected', '=', false)
    .where('collection.memberOnly', '=', false)
    .orderBy('collection.displayIndex')
    .orderBy('item.displayIndex')
    .orderBy('item.id')
    .orderBy('variant.displayIndex')
    .orderBy('variant.id')
    .execute();
}
