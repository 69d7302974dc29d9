/**
 * What the products panel reads: a store's products as a list, one product
 * whole for the editor (published or not), and what the editor offers to
 * choose from (the store's categories, the website's forms, member areas).
 */
import { COLLECTION_TYPES, RECORD_TYPES } from '../../domain/spec-enums.ts';
import { readJsonColumns } from '../db/read-json.ts';
import type { Image, Item, Product, ProductVariant } from '../db/schema.ts';
import type { Db } from './transaction.ts';

export interface StoreSummary {
  id: string;
  title: string;
  urlId: string;
  productCount: number;
}

export interface OwnerProductRow {
  id: string;
  title: string;
  urlId: string;
  productType: number;
  published: boolean;
  mainImageId: string | null;
  variantCount: number;
  minPriceMinor: string;
  maxPriceMinor: string;
  unlimited: boolean;
  totalStock: number;
  updatedOn: Date;
}

export interface OwnerProductDetail {
  item: Item;
  product: Product;
  variants: ProductVariant[];
  /** The product's pictures in order, variants' pictures included. */
  images: Image[];
  /** A digital product's files, in the order its download page lists them. */
  digitalFiles: Array<{ id: string; filename: string; sizeBytes: string }>;
}

/** The website's stores (product collections) with how many products each holds. */
export async function listStores(db: Db, websiteId: string): Promise<StoreSummary[]> {
  const rows = await db
    .selectFrom('collections as c')
    .leftJoin('items as i', (join) =>
      join
        .onRef('i.websiteId', '=', 'c.websiteId')
        .onRef('i.collectionId', '=', 'c.id')
        .on('i.recordType', '=', RECORD_TYPES['store-item']),
    )
    .select(['c.id', 'c.title', 'c.urlId', (eb) => eb.fn.count<string>('i.id').as('productCount')])
    .where('c.websiteId', '=', websiteId)
    .where('c.type', '=', COLLECTION_TYPES.products)
    .groupBy(['c.id', 'c.title', 'c.urlId', 'c.displayIndex'])
    .orderBy('c.displayIndex')
    .orderBy('c.title')
    .execute();
  return rows.map((row) => ({ ...row, productCount: Number(row.productCount) }));
}

/** A store's products, published or not, in the store's own order. */
export async function listStoreProducts(db: Db, websiteId: string, collectionId: string): Promise<OwnerProductRow[]> {
  const rows = await db
    .selectFrom('items as i')
    .innerJoin('products as p', (join) => join.onRef('p.websiteId', '=', 'i.websiteId').onRef('p.itemId', '=', 'i.id'))
    .innerJoin('productVariants as v', (join) =>
      join.onRef('v.websiteId', '=', 'i.websiteId').onRef('v.itemId', '=', 'i.id'),
    )
    .select((eb) => [
      'i.id',
      'i.title',
      'i.urlId',
      'p.productType',
      'i.published',
      'i.mainImageId',
      'i.updatedOn',
      eb.fn.countAll<string>().as('variantCount'),
      eb.fn.min('v.priceMinor').as('minPriceMinor'),
      eb.fn.max('v.priceMinor').as('maxPriceMinor'),
      eb.fn<boolean>('bool_or', ['v.unlimited']).as('unlimited'),
      eb.fn
        .sum<string>(eb.case().when('v.unlimited', '=', true).then(0).else(eb.ref('v.qtyInStock')).end())
        .as('totalStock'),
    ])
    .where('i.websiteId', '=', websiteId)
    .where('i.collectionId', '=', collectionId)
    .groupBy(['i.websiteId', 'i.id', 'p.productType'])
    .orderBy('i.displayIndex')
    .orderBy('i.addedOn', 'desc')
    .orderBy('i.id')
    .execute();
  return rows.map((row) => ({
    ...row,
    variantCount: Number(row.variantCount),
    totalStock: Number(row.totalStock),
    minPriceMinor: String(row.minPriceMinor),
    maxPriceMinor: String(row.maxPriceMinor),
  }));
}

export async function getOwnerProduct(
  db: Db,
  websiteId: string,
  itemId: string,
): Promise<OwnerProductDetail | undefined> {
  const [item, product, variants, gallery] = await Promise.all([
    db.selectFrom('items').selectAll().where('websiteId', '=', websiteId).where('id', '=', itemId).executeTakeFirst(),
    db
      .selectFrom('products')
      .selectAll()
      .where('websiteId', '=', websiteId)
      .where('itemId', '=', itemId)
      .executeTakeFirst(),
    db
      .selectFrom('productVariants')
      .selectAll()
      .where('websiteId', '=', websiteId)
      .where('itemId', '=', itemId)
      .orderBy('displayIndex')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('itemImages as ii')
      .innerJoin('images as im', (join) =>
        join.onRef('im.websiteId', '=', 'ii.websiteId').onRef('im.id', '=', 'ii.imageId'),
      )
      .selectAll('im')
      .where('ii.websiteId', '=', websiteId)
      .where('ii.itemId', '=', itemId)
      .orderBy('ii.displayIndex')
      .execute(),
  ]);
  if (!item || !product) return undefined;
  const { searchDocument: _search, ...shown } = item;
  const files = await listProductFiles(db, websiteId, [itemId]);
  return {
    item: readJsonColumns('items', shown),
    product: readJsonColumns('products', product),
    variants: variants.map((variant) => readJsonColumns('productVariants', variant)),
    images: gallery.map((image) => readJsonColumns('images', image)),
    digitalFiles: files.map(({ id, filename, sizeBytes }) => ({ id, filename, sizeBytes })),
  };
}

export interface ProductFile {
  itemId: string;
  id: string;
  filename: string;
  contentType: string;
  sizeBytes: string;
}

/** The files the given digital products deliver, product by product in the owner's order. */
export async function listProductFiles(db: Db, websiteId: string, itemIds: readonly string[]): Promise<ProductFile[]> {
  if (itemIds.length === 0) return [];
  return db
    .selectFrom('productDigitalFiles as pf')
    .innerJoin('mediaFiles as f', (join) =>
      join.onRef('f.websiteId', '=', 'pf.websiteId').onRef('f.id', '=', 'pf.fileId'),
    )
    .select(['pf.itemId', 'f.id', 'f.filename', 'f.contentType', 'f.sizeBytes'])
    .where('pf.websiteId', '=', websiteId)
    .where('pf.itemId', 'in', itemIds)
    .orderBy('pf.itemId')
    .orderBy('pf.position')
    .execute();
}

export interface EditorChoices {
  /** The store's categories by name (the root's children and theirs), in display order. */
  categories: string[];
  forms: { id: string; name: string }[];
  memberAreas: { id: string; title: string }[];
}

export async function getEditorChoices(db: Db, websiteId: string, collectionId: string): Promise<EditorChoices> {
  const [categories, forms, memberAreas] = await Promise.all([
    db
      .selectFrom('productCategories')
      .select('displayName')
      .where('websiteId', '=', websiteId)
      .where('collectionId', '=', collectionId)
      .where('type', '=', 'CATEGORY')
      .orderBy('displayIndex')
      .orderBy('displayName')
      .execute(),
    db.selectFrom('forms').select(['id', 'name']).where('websiteId', '=', websiteId).orderBy('name').execute(),
    db
      .selectFrom('collections')
      .select(['id', 'title'])
      .where('websiteId', '=', websiteId)
      .where('memberOnly', '=', true)
      .orderBy('title')
      .execute(),
  ]);
  return { categories: categories.map((row) => row.displayName), forms, memberAreas };
}
