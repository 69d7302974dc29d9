/**
 * Turns item rows into template JSON with everything a list or item page
 * shows (main images, authors, comment counts, products and their variants),
 * in a fixed number of queries however many items there are.
 */

import type { Collection, Item, StoreSettings } from '../../api/db/schema.ts';
import { countComments } from '../../api/repositories/comment-repository.ts';
import { getAuthors } from '../../api/repositories/contributor-repository.ts';
import { getImages, listItemImages } from '../../api/repositories/item-repository.ts';
import { getProductsForItems } from '../../api/repositories/product-repository.ts';
import type { Db } from '../../api/repositories/transaction.ts';
import { RECORD_TYPES } from '../../formatters/content/spec-enums.ts';
import { itemJson } from './content-json.ts';
import { merchandisingJson } from './merchandising-json.ts';

type Json = Record<string, unknown>;

export interface LoadedItems {
  items: Json[];
  /** productMerchandisingContext entries, by product id. */
  merchandising: Record<string, Json>;
}

export interface LoadItemsOptions {
  /** Product pictures and the like: only item pages need every picture. */
  withGallery?: boolean;
  store: StoreSettings;
}

export async function loadItems(
  db: Db,
  websiteId: string,
  collections: ReadonlyMap<string, Pick<Collection, 'urlId' | 'isHome'>>,
  rows: readonly Item[],
  options: LoadItemsOptions,
): Promise<LoadedItems> {
  const ids = rows.map((r) => r.id);
  const productIds = rows.filter((r) => r.recordType === RECORD_TYPES['store-item']).map((r) => r.id);
  const [images, authors, comments, products] = await Promise.all([
    getImages(
      db,
      websiteId,
      rows.flatMap((r) => (r.mainImageId ? [r.mainImageId] : [])),
    ),
    getAuthors(
      db,
      websiteId,
      rows.flatMap((r) => (r.authorId ? [r.authorId] : [])),
    ),
    countComments(db, websiteId, ids),
    getProductsForItems(db, websiteId, productIds),
  ]);
  const galleries = new Map<string, Awaited<ReturnType<typeof listItemImages>>>();
  if (options.withGallery) {
    for (const id of productIds) galleries.set(id, await listItemImages(db, websiteId, id));
  }
  const merchandising: Record<string, Json> = {};
  const items = rows.flatMap((row) => {
    const collection = collections.get(row.collectionId);
    if (!collection) return [];
    const product = products.get(row.id);
    const main = row.mainImageId ? images.get(row.mainImageId) : undefined;
    if (product) merchandising[row.id] = merchandisingJson(product.product, product.variants, options.store);
    return [
      itemJson(row, {
        collection,
        images,
        authors,
        commentCount: comments.get(row.id),
        product,
        gallery: galleries.get(row.id) ?? (product && main ? [main] : undefined),
      }),
    ];
  });
  return { items, merchandising };
}
