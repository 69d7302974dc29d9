/**
 * What the public commerce API reads and writes: products, stock levels and
 * orders a page at a time (keyset cursors, so a page never repeats or skips
 * a row when others are added meanwhile), and stock adjustments, each
 * recorded with its reason in the transaction that moves the count.
 */
import type { Item, Product, ProductVariant } from '../db/schema.ts';
import { decodeCursor, encodeCursor, InvalidCursorError } from './cursor.ts';
import { adjustStock, type InventoryAdjustment, type StockActor } from './inventory-adjustment-repository.ts';
import type { OrderSummary } from './order-repository.ts';
import { getProductsForItems } from './product-repository.ts';
import type { Db } from './transaction.ts';

export interface Page<T> {
  rows: T[];
  nextPageCursor: string | null;
}

/** One more row than asked tells whether there is a next page. */
function pageOf<T>(rows: T[], limit: number, cursorOf: (last: T) => string[]): Page<T> {
  const more = rows.length > limit;
  const kept = more ? rows.slice(0, limit) : rows;
  const last = kept.at(-1);
  return { rows: kept, nextPageCursor: more && last !== undefined ? encodeCursor(cursorOf(last)) : null };
}

export interface CatalogProduct {
  item: Pick<Item, 'id' | 'collectionId' | 'title' | 'urlId' | 'published'>;
  collectionUrlId: string;
  product: Product;
  variants: ProductVariant[];
}

/** Products in id order, unpublished ones too (the owner's tools see the whole catalog). */
export async function listCatalogProducts(
  db: Db,
  websiteId: string,
  options: { limit: number; cursor?: string; productId?: string },
): Promise<Page<CatalogProduct>> {
  let query = db
    .selectFrom('products')
    .innerJoin('items', (join) =>
      join.onRef('items.websiteId', '=', 'products.websiteId').onRef('items.id', '=', 'products.itemId'),
    )
    .innerJoin('collections', (join) =>
      join.onRef('collections.websiteId', '=', 'items.websiteId').onRef('collections.id', '=', 'items.collectionId'),
    )
    .select([
      'items.id',
      'items.collectionId',
      'items.title',
      'items.urlId',
      'items.published',
      'collections.urlId as collectionUrlId',
    ])
    .where('products.websiteId', '=', websiteId)
    .orderBy('items.id')
    .limit(options.limit + 1);
  if (options.productId !== undefined) query = query.where('items.id', '=', options.productId);
  if (options.cursor !== undefined) {
    const [after] = decodeCursor(options.cursor, 1) as [string];
    query = query.where('items.id', '>', after);
  }
  const items = await query.execute();
  const products = await getProductsForItems(
    db,
    websiteId,
    items.map((item) => item.id),
  );
  const rows = items.flatMap((item) => {
    const found = products.get(item.id);
    if (!found) return [];
    const { collectionUrlId, ...rest } = item;
    return [{ item: rest, collectionUrlId, product: found.product, variants: found.variants }];
  });
  return pageOf(rows, options.limit, (last) => [last.item.id]);
}

export interface StockRow {
  variantId: string;
  productId: string;
  productName: string;
  sku: string;
  unlimited: boolean;
  quantity: number;
}

function stockQuery(db: Db, websiteId: string) {
  return db
    .selectFrom('productVariants as v')
    .innerJoin('items as i', (join) => join.onRef('i.websiteId', '=', 'v.websiteId').onRef('i.id', '=', 'v.itemId'))
    .select([
      'v.id as variantId',
      'v.itemId as productId',
      'i.title as productName',
      'v.sku',
      'v.unlimited',
      'v.qtyInStock as quantity',
    ])
    .where('v.websiteId', '=', websiteId);
}

/** Every variant's stock, in variant id order. */
export async function listStock(
  db: Db,
  websiteId: string,
  options: { limit: number; cursor?: string },
): Promise<Page<StockRow>> {
  let query = stockQuery(db, websiteId)
    .orderBy('v.id')
    .limit(options.limit + 1);
  if (options.cursor !== undefined) {
    const [after] = decodeCursor(options.cursor, 1) as [string];
    query = query.where('v.id', '>', after);
  }
  return pageOf(await query.execute(), options.limit, (last) => [last.variantId]);
}

export async function getStockRow(db: Db, websiteId: string, variantId: string): Promise<StockRow | undefined> {
  return stockQuery(db, websiteId).where('v.id', '=', variantId).executeTakeFirst();
}

export type AdjustResult =
  | { ok: true; stock: StockRow; adjustment: InventoryAdjustment }
  | { ok: false; reason: 'not-found' | 'unlimited' }
  | { ok: false; reason: 'below-zero'; available: number };

/**
 * Moves a variant's count by `change` and records why, or changes nothing:
 * the owner's own stock change (inventory-adjustment-repository.ts), one
 * conditional UPDATE logged in its transaction, so however many run at once
 * beside purchases the count never goes below zero. The API refuses what
 * the panel allows: moving the count of a variant sold without limit, which
 * would change nothing a buyer sees.
 */
export async function adjustVariantStock(
  db: Db,
  websiteId: string,
  variantId: string,
  change: { quantity: number; reason: string },
  actor: StockActor,
): Promise<AdjustResult> {
  if (!Number.isInteger(change.quantity) || change.quantity === 0) {
    throw new RangeError(`an adjustment is a whole number other than 0, got ${change.quantity}`);
  }
  const before = await getStockRow(db, websiteId, variantId);
  if (!before) return { ok: false, reason: 'not-found' };
  if (before.unlimited) return { ok: false, reason: 'unlimited' };
  const result = await adjustStock(db, websiteId, variantId, { quantityChange: change.quantity }, change.reason, actor);
  const stock = await getStockRow(db, websiteId, variantId);
  if (!stock) return { ok: false, reason: 'not-found' };
  if (!result.ok) {
    return result.reason === 'not-found'
      ? { ok: false, reason: 'not-found' }
      : { ok: false, reason: 'below-zero', available: stock.quantity };
  }
  return { ok: true, stock, adjustment: result.adjustment };
}

export interface OrderListRow extends OrderSummary {
  testMode: boolean;
  customerEmail: string | null;
}

/** Orders newest first (by number, which only grows), optionally in one status; a checkout still paying or whose payment failed is no order. */
export async function listOrders(
  db: Db,
  websiteId: string,
  options: { limit: number; cursor?: string; status?: OrderSummary['status'] },
): Promise<Page<OrderListRow>> {
  let query = db
    .selectFrom('orders')
    .select(['id', 'orderNumber', 'currency', 'status', 'grandTotalMinor', 'createdOn', 'testMode', 'customerEmail'])
    .where('websiteId', '=', websiteId)
    .where('paymentStatus', '=', 'paid')
    // Only a paid order is numbered (migration 0034).
    .$narrowType<{ orderNumber: number }>()
    .orderBy('orderNumber', 'desc')
    .limit(options.limit + 1);
  if (options.status !== undefined) query = query.where('status', '=', options.status);
  if (options.cursor !== undefined) {
    const [before] = decodeCursor(options.cursor, 1) as [string];
    if (!/^\d{1,10}$/.test(before)) throw new InvalidCursorError();
    query = query.where('orderNumber', '<', Number(before));
  }
  const rows = (await query.execute()).map(({ grandTotalMinor, ...row }) => ({
    ...row,
    grandTotalCents: grandTotalMinor,
  }));
  return pageOf(rows, options.limit, (last) => [String(last.orderNumber)]);
}
