/**
 * The owner's side of stock: changes to a variant's stock, each written to
 * the adjustment log (migration 0031) with who made it and why in the same
 * transaction, and the inventory panel's list of products with their stock.
 *
 * A change is relative ('4 more', '2 fewer') and made by one conditional
 * UPDATE, as a buyer's reservation is (inventory-repository.ts): whichever
 * commits first, the other applies to what it left, so an owner's count and
 * a sale at the same moment both stay counted and stock never goes below 0.
 */
import { type SqlBool, sql } from 'kysely';
import { newId } from '../db/ids.ts';
import { readJsonColumns } from '../db/read-json.ts';
import { type Db, inTransaction } from './transaction.ts';

/** Who changed the stock: a contributor or an API key, by id and by the name they had then. */
export interface StockActor {
  kind: 'contributor' | 'api-key';
  id: string;
  name: string;
}

export interface StockChange {
  /** Units to add (positive) or take off (negative). */
  quantityChange: number;
  /** Set to make the variant unlimited or limited again; absent leaves it. */
  unlimited?: boolean;
}

export interface InventoryAdjustment {
  id: string;
  itemId: string;
  variantId: string;
  sku: string;
  productTitle: string;
  quantityChange: number;
  qtyAfter: number;
  unlimitedAfter: boolean;
  reason: string;
  actorKind: 'contributor' | 'api-key';
  actorName: string;
  createdOn: Date;
}

export type AdjustStockResult =
  | { ok: true; adjustment: InventoryAdjustment }
  | { ok: false; reason: 'not-found' | 'below-zero' };

/** Changes one variant's stock and logs it, atomically; a change that would leave less than 0 changes nothing. */
export async function adjustStock(
  db: Db,
  websiteId: string,
  variantId: string,
  change: StockChange,
  reason: string,
  actor: StockActor,
): Promise<AdjustStockResult> {
  const delta = change.quantityChange;
  if (!Number.isSafeInteger(delta)) throw new RangeError(`quantityChange must be an integer, got ${delta}`);
  return inTransaction(db, async (trx) => {
    const updated = await trx
      .updateTable('productVariants')
      .set((eb) => ({
        qtyInStock: eb('qtyInStock', '+', delta),
        ...(change.unlimited === undefined ? {} : { unlimited: change.unlimited }),
      }))
      .where('websiteId', '=', websiteId)
      .where('id', '=', variantId)
      .where(sql<SqlBool>`qty_in_stock + ${delta} >= 0`)
      .returning(['itemId', 'sku', 'qtyInStock', 'unlimited'])
      .executeTakeFirst();
    if (!updated) {
      const exists = await trx
        .selectFrom('productVariants')
        .select('id')
        .where('websiteId', '=', websiteId)
        .where('id', '=', variantId)
        .executeTakeFirst();
      return { ok: false, reason: exists ? 'below-zero' : 'not-found' };
    }
    const item = await trx
      .selectFrom('items')
      .select('title')
      .where('websiteId', '=', websiteId)
      .where('id', '=', updated.itemId)
      .executeTakeFirstOrThrow();
    const adjustment: InventoryAdjustment = {
      id: newId(),
      itemId: updated.itemId,
      variantId,
      sku: updated.sku,
      productTitle: item.title,
      quantityChange: delta,
      qtyAfter: updated.qtyInStock,
      unlimitedAfter: updated.unlimited,
      reason,
      actorKind: actor.kind,
      actorName: actor.name,
      createdOn: new Date(),
    };
    const { createdOn: _now, ...logged } = adjustment;
    await trx
      .insertInto('inventoryAdjustments')
      .values({ websiteId, ...logged, actorId: actor.id })
      .execute();
    return { ok: true, adjustment };
  });
}

/** The newest changes first: of one variant, or of the whole website. */
export async function listAdjustments(
  db: Db,
  websiteId: string,
  options: { variantId?: string; limit: number },
): Promise<InventoryAdjustment[]> {
  let query = db
    .selectFrom('inventoryAdjustments')
    .select([
      'id',
      'itemId',
      'variantId',
      'sku',
      'productTitle',
      'quantityChange',
      'qtyAfter',
      'unlimitedAfter',
      'reason',
      'actorKind',
      'actorName',
      'createdOn',
    ])
    .where('websiteId', '=', websiteId);
  if (options.variantId !== undefined) query = query.where('variantId', '=', options.variantId);
  return query.orderBy('createdOn', 'desc').orderBy('id', 'desc').limit(options.limit).execute();
}

export const INVENTORY_SORTS = ['name', 'stock', 'price'] as const;
export type InventorySort = (typeof INVENTORY_SORTS)[number];

export interface InventoryQuery {
  /** Matches the product's name or any of its SKUs, anywhere, in any case. */
  search: string;
  sort: InventorySort;
  direction: 'asc' | 'desc';
  offset: number;
  limit: number;
}

export interface InventoryVariant {
  id: string;
  sku: string;
  attributes: Record<string, string>;
  qtyInStock: number;
  unlimited: boolean;
  priceMinor: string;
  salePriceMinor: string;
  onSale: boolean;
}

export interface InventoryProduct {
  itemId: string;
  collectionId: string;
  title: string;
  productType: number;
  published: boolean;
  /** Some variant never runs out. */
  unlimited: boolean;
  /** The limited variants' stock added up. */
  totalStock: number;
  minPriceMinor: string;
  currency: string;
  variants: InventoryVariant[];
}

export interface InventoryPage {
  products: InventoryProduct[];
  total: number;
  hasNextPage: boolean;
}

/** A LIKE pattern matching `text` anywhere, its own % and _ taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The search as a condition on the product row `i`: its name, or any of its SKUs. */
function searchCondition(search: string) {
  const text = search.trim();
  if (text === '') return sql``;
  const pattern = containsPattern(text);
  return sql`and (i.title ilike ${pattern} or exists (
    select 1 from product_variants s
    where s.website_id = i.website_id and s.item_id = i.id and s.sku ilike ${pattern}))`;
}

/**
 * One page of the website's products with their variants' stock, sorted by
 * name, total stock (a product with an unlimited variant counts as more
 * than any number) or lowest price; ties by name, then id, so pages never
 * overlap.
 */
export async function listInventory(db: Db, websiteId: string, query: InventoryQuery): Promise<InventoryPage> {
  const direction = sql.raw(query.direction === 'desc' ? 'desc' : 'asc');
  const order = {
    name: sql`lower(i.title) ${direction}`,
    stock: sql`bool_or(v.unlimited) ${direction}, sum(case when v.unlimited then 0 else v.qty_in_stock end) ${direction}`,
    price: sql`min(v.price_minor) ${direction}`,
  }[query.sort];
  const matches = searchCondition(query.search);
  const rows = await sql<{
    itemId: string;
    collectionId: string;
    title: string;
    productType: number;
    published: boolean;
    unlimited: boolean;
    totalStock: string;
    minPriceMinor: string;
    currency: string;
    total: string;
  }>`
    select i.id as item_id, i.collection_id, i.title, p.product_type, i.published,
      bool_or(v.unlimited) as unlimited,
      sum(case when v.unlimited then 0 else v.qty_in_stock end) as total_stock,
      min(v.price_minor) as min_price_minor, min(v.currency) as currency,
      count(*) over () as total
    from items i
    join products p on p.website_id = i.website_id and p.item_id = i.id
    join product_variants v on v.website_id = i.website_id and v.item_id = i.id
    where i.website_id = ${websiteId} ${matches}
    group by i.website_id, i.id, p.product_type
    order by ${order}, lower(i.title) asc, i.id asc
    limit ${query.limit + 1} offset ${query.offset}`.execute(db);
  const page = rows.rows.slice(0, query.limit);
  const ids = page.map((row) => row.itemId);
  const variants =
    ids.length === 0
      ? []
      : await db
          .selectFrom('productVariants')
          .select([
            'id',
            'itemId',
            'sku',
            'attributes',
            'qtyInStock',
            'unlimited',
            'priceMinor',
            'salePriceMinor',
            'onSale',
          ])
          .where('websiteId', '=', websiteId)
          .where('itemId', 'in', ids)
          .orderBy('displayIndex')
          .orderBy('id')
          .execute();
  const byItem = new Map<string, InventoryVariant[]>(ids.map((id) => [id, []]));
  for (const row of variants) {
    const { itemId, ...variant } = readJsonColumns('productVariants', row);
    byItem.get(itemId)?.push(variant);
  }
  // A page past the end has no rows to carry the count, so the count is asked for separately then.
  const total = page.length > 0 ? Number(page[0]!.total) : await countInventory(db, websiteId, matches);
  return {
    products: page.map(({ total: _total, totalStock, ...row }) => ({
      ...row,
      totalStock: Number(totalStock),
      variants: byItem.get(row.itemId) ?? [],
    })),
    total,
    hasNextPage: rows.rows.length > query.limit,
  };
}

async function countInventory(db: Db, websiteId: string, matches: ReturnType<typeof searchCondition>): Promise<number> {
  const row = await sql<{ count: string }>`
    select count(*) as count from items i
    join products p on p.website_id = i.website_id and p.item_id = i.id
    where i.website_id = ${websiteId} ${matches}`.execute(db);
  return Number(row.rows[0]?.count ?? 0);
}
