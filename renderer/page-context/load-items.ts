/**
 * Turns item rows into template JSON with everything a list or item page
 * shows (main images, authors, comment counts, products and their variants,
 * the forms products ask for), in a fixed number of queries however many
 * items there are.
 */

import type { Collection, Image, Item, StoreSettings } from '../../api/db/schema.ts';
import { countComments } from '../../api/repositories/comment-repository.ts';
import { getAuthors } from '../../api/repositories/contributor-repository.ts';
import { getForms } from '../../api/repositories/form-repository.ts';
import { getImages, listItemImagesOf } from '../../api/repositories/item-repository.ts';
import { getProductsForItems } from '../../api/repositories/product-repository.ts';
import type { Db } from '../../api/repositories/transaction.ts';
import { RECORD_TYPES } from '../../domain/spec-enums.ts';
import { idPart, renderFormFields } from '../page-blocks/index.ts';
import { itemJson } from './content-json.ts';
import { merchandisingJson } from './merchandising-json.ts';

type Json = Record<string, unknown>;

export interface LoadedItems {
  items: Json[];
  /** productMerchandisingContext entries, by product id. */
  merchandising: Record<string, Json>;
}

export interface LoadItemsOptions {
  /**
   * Item pages only: every product picture, and the fields of a product's
   * additional-fields form rendered for the page's lightbox template.
   */
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
  // A product without gallery rows has an empty gallery, as listItemImages would answer.
  const loadGalleries = async () => {
    if (!options.withGallery) return new Map<string, Image[]>();
    const galleries = await listItemImagesOf(db, websiteId, productIds);
    for (const id of productIds) if (!galleries.has(id)) galleries.set(id, []);
    return galleries;
  };
  // Which forms to load is known once the products are: one more query, made only when a product names a form.
  const formIds = [...products.values()].flatMap(({ product }) =>
    product.additionalFieldsFormId ? [product.additionalFieldsFormId] : [],
  );
  const [galleries, forms] = await Promise.all([loadGalleries(), getForms(db, websiteId, formIds)]);
  const merchandising: Record<string, Json> = {};
  const items = rows.flatMap((row) => {
    const collection = collections.get(row.collectionId);
    if (!collection) return [];
    const product = products.get(row.id);
    const main = row.mainImageId ? images.get(row.mainImageId) : undefined;
    if (product) {
      const place = options.withGallery ? 'page' : 'blocks';
      merchandising[row.id] = merchandisingJson(product.product, product.variants, options.store, place);
    }
    const formId = product?.product.additionalFieldsFormId;
    const form = formId ? forms.get(formId) : undefined;
    const json = itemJson(row, {
      collection,
      images,
      authors,
      commentCount: comments.get(row.id),
      product,
      additionalFieldsForm: form,
      gallery: galleries.get(row.id) ?? (product && main ? [main] : undefined),
    });
    if (form && options.withGallery) {
      // The item id in every element id keeps the fields apart from any form block showing the same form.
      // A field of a type the builder lacks is left out; an item has nowhere to report it.
      json.additionalFieldsFormHtml = renderFormFields(form, { domId: `additional-fields-${idPart(row.id)}` }).html;
    }
    return [json];
  });
  return { items, merchandising };
}
