import { readJsonColumns } from '../db/read-json.ts';
import type { Item, Product, ProductVariant } from '../db/schema.ts';
import type { Db } from './transaction.ts';

export interface ProductWithVariants {
  product: Product;
  /** In the owner's order. */
  variants: ProductVariant[];
}

export interface ProductDetail extends ProductWithVariants {
  item: Item;
}

/** One row of the inventory stock call's `results`. */
export interface StockLevel {
  variantId: string;
  sku: string;
  unlimited: boolean;
  qtyInStock: number;
}

export interface ProductCategory {
  id: string;
  collectionId: string;
  parentCategoryId: string | null;
  displayName: string;
  urlSlug: string;
  type: 'ROOT' | 'CATEGORY';
  pageRendering: 'LIST_VIEW' | 'GRID_VIEW';
  displayIndex: number;
}

export interface CategoryNode extends ProductCategory {
  children: CategoryNode[];
}

export interface CategoryTree {
  root: ProductCategory | undefined;
  /** The root's children, each with its own, in display order. */
  categories: CategoryNode[];
}

/**
 * A product with its item and variants, whether or not the item is published:
 * the caller decides what an unpublished product may still be used for.
 */
export async function getProduct(db: Db, websiteId: string, itemId: string): Promise<ProductDetail | undefined> {
  const [item, product, variants] = await Promise.all([
    db.selectFrom('items').selectAll().where('websiteId', '=', websiteId).where('id', '=', itemId).executeTakeFirst(),
    db
      .selectFrom('products')
      .selectAll()
      .where('websiteId', '=', websiteId)
      .where('itemId', '=', itemId)
      .executeTakeFirst(),
    listVariants(db, websiteId, [itemId]),
  ]);
  if (!item || !product) return undefined;
  return { item: readJsonColumns('items', item), product: readJsonColumns('products', product), variants };
}

/**
 * Products and variants of many items at once (a list page already has the
 * items): two queries however many items. Items that are not products are
 * absent from the map.
 */
export async function getProductsForItems(
  db: Db,
  websiteId: string,
  itemIds: readonly string[],
): Promise<Map<string, ProductWithVariants>> {
  const unique = [...new Set(itemIds)];
  const result = new Map<string, ProductWithVariants>();
  if (unique.length === 0) return result;
  const [products, variants] = await Promise.all([
    db.selectFrom('products').selectAll().where('websiteId', '=', websiteId).where('itemId', 'in', unique).execute(),
    listVariants(db, websiteId, unique),
  ]);
  for (const product of products) {
    result.set(product.itemId, { product: readJsonColumns('products', product), variants: [] });
  }
  for (const variant of variants) result.get(variant.itemId)?.variants.push(variant);
  return result;
}

export async function findVariantBySku(db: Db, websiteId: string, sku: string): Promise<ProductVariant | undefined> {
  const variant = await db
    .selectFrom('productVariants')
    .selectAll()
    .where('websiteId', '=', websiteId)
    .where('sku', '=', sku)
    .executeTakeFirst();
  return readJsonColumns('productVariants', variant);
}

export async function getVariant(db: Db, websiteId: string, variantId: string): Promise<ProductVariant | undefined> {
  const variant = await db
    .selectFrom('productVariants')
    .selectAll()
    .where('websiteId', '=', websiteId)
    .where('id', '=', variantId)
    .executeTakeFirst();
  return readJsonColumns('productVariants', variant);
}

/** The inventory stock call: every variant of a product with its stock; empty for an unknown item. */
export async function getStock(db: Db, websiteId: string, itemId: string): Promise<{ results: StockLevel[] }> {
  const results = await db
    .selectFrom('productVariants')
    .select(['id as variantId', 'sku', 'unlimited', 'qtyInStock'])
    .where('websiteId', '=', websiteId)
    .where('itemId', '=', itemId)
    .orderBy('displayIndex')
    .orderBy('id')
    .execute();
  return { results };
}

/** A store's category tree: its root and the nested categories under it. */
export async function listCategories(db: Db, websiteId: string, collectionId: string): Promise<CategoryTree> {
  const rows = await db
    .selectFrom('productCategories')
    .select([
      'id',
      'collectionId',
      'parentCategoryId',
      'displayName',
      'urlSlug',
      'type',
      'pageRendering',
      'displayIndex',
    ])
    .where('websiteId', '=', websiteId)
    .where('collectionId', '=', collectionId)
    .orderBy('displayIndex')
    .orderBy('displayName')
    .orderBy('id')
    .execute();
  const root = rows.find((row) => row.type === 'ROOT');
  const nodes = new Map<string, CategoryNode>(rows.map((row) => [row.id, { ...row, children: [] }]));
  const categories: CategoryNode[] = [];
  for (const row of rows) {
    if (row.parentCategoryId === null) continue;
    const node = nodes.get(row.id)!;
    if (row.parentCategoryId === root?.id) categories.push(node);
    else nodes.get(row.parentCategoryId)?.children.push(node);
  }
  return { root, categories };
}

async function listVariants(db: Db, websiteId: string, itemIds: string[]): Promise<ProductVariant[]> {
  const variants = await db
    .selectFrom('productVariants')
    .selectAll()
    .where('websiteId', '=', websiteId)
    .where('itemId', 'in', itemIds)
    .orderBy('itemId')
    .orderBy('displayIndex')
    .orderBy('id')
    .execute();
  return variants.map((variant) => readJsonColumns('productVariants', variant));
}
