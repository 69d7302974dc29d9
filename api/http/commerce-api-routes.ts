/**
 * The public commerce API's answers (declared in commerce-api-operations.ts):
 * one handler per operation, in a table the compiler checks is complete.
 */
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { majorUnitsText } from '../../domain/money/minor-units-text.ts';
import { PRODUCT_TYPES } from '../../domain/spec-enums.ts';
import { ApiError } from '../api-errors.ts';
import {
  adjustVariantStock,
  type CatalogProduct,
  getStockRow,
  listCatalogProducts,
  listOrders,
  listStock,
  type StockRow,
} from '../repositories/commerce-api-repository.ts';
import { InvalidCursorError } from '../repositories/cursor.ts';
import { type InventoryAdjustment, listAdjustments } from '../repositories/inventory-adjustment-repository.ts';
import { getOrder, type PlacedOrder } from '../repositories/order-repository.ts';
import type { Db } from '../repositories/transaction.ts';
import { type OperationHandler, operationRoute } from './api-operation.ts';
import { COMMERCE_API_OPERATIONS, type CommerceOperationId } from './commerce-api-operations.ts';
import type { moneySchema, productSchema } from './commerce-api-schemas.ts';
import { stockActor } from './stock-actor.ts';

const DEFAULT_PAGE_SIZE = 50;
/** How many of a variant's adjustments its stock read shows. */
const RECENT_ADJUSTMENTS = 20;

const PRODUCT_TYPE_NAME = Object.fromEntries(
  Object.entries(PRODUCT_TYPES).map(([name, type]) => [type, name]),
) as Record<number, z.infer<typeof productSchema>['productType']>;

function money(minor: string | number, currency: string): z.infer<typeof moneySchema> {
  const value = String(minor);
  const decimalValue = majorUnitsText(value, currency);
  if (decimalValue === undefined) throw new RangeError(`not a whole number of minor units: ${value}`);
  return { value, currency, decimalValue };
}

function productJson({ item, collectionUrlId, product, variants }: CatalogProduct) {
  const productType = PRODUCT_TYPE_NAME[product.productType];
  if (productType === undefined) throw new RangeError(`unknown product type ${product.productType}`);
  return {
    id: item.id,
    collectionId: item.collectionId,
    name: item.title,
    urlId: item.urlId,
    url: `/${collectionUrlId}/${item.urlId}`,
    productType,
    published: item.published,
    variants: variants.map((variant) => ({
      id: variant.id,
      sku: variant.sku,
      price: money(variant.priceMinor, variant.currency),
      salePrice: money(variant.salePriceMinor, variant.currency),
      onSale: variant.onSale,
      attributes: variant.attributes,
      unlimited: variant.unlimited,
      quantity: variant.qtyInStock,
    })),
  };
}

const stockJson = (row: StockRow) => ({ ...row });

function adjustmentJson(adjustment: InventoryAdjustment) {
  return {
    id: adjustment.id,
    variantId: adjustment.variantId,
    quantityChange: adjustment.quantityChange,
    quantityAfter: adjustment.qtyAfter,
    reason: adjustment.reason,
    madeBy: { kind: adjustment.actorKind, name: adjustment.actorName },
    createdOn: adjustment.createdOn.toISOString(),
  };
}

function orderJson(order: PlacedOrder) {
  const amount = (minor: string) => money(minor, order.currency);
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    status: order.status,
    testMode: order.testMode,
    customerEmail: order.customerEmail,
    customerName: order.customerName,
    shippingAddress: order.shippingAddress && {
      ...order.shippingAddress,
      region: order.shippingAddress.region ?? null,
    },
    subtotal: amount(order.subtotalCents),
    tax: amount(order.taxCents),
    shipping: amount(order.shippingCostCents),
    discount: amount(order.discountCents),
    grandTotal: amount(order.grandTotalCents),
    lines: order.items.map((line) => ({
      lineNumber: line.lineNumber,
      productId: line.itemId,
      variantId: line.variantId,
      sku: line.sku,
      productName: line.productName,
      quantity: line.quantity,
      unitPrice: amount(line.unitPriceCents),
      optionValues: line.optionValues,
    })),
    createdOn: order.createdOn.toISOString(),
  };
}

const pagination = (next: string | null) => ({ hasNextPage: next !== null, nextPageCursor: next });

/** A cursor this API did not give (or a malformed one) is the caller's mistake, told as such. */
async function paged<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof InvalidCursorError) throw new ApiError('invalid-cursor');
    throw error;
  }
}

type Handlers = { [K in CommerceOperationId]: OperationHandler<(typeof COMMERCE_API_OPERATIONS)[K]> };

function handlers(db: Db): Handlers {
  return {
    listProducts: async ({ query, owner }) => {
      const page = await paged(() =>
        listCatalogProducts(db, owner.site.website.id, {
          limit: query.limit ?? DEFAULT_PAGE_SIZE,
          cursor: query.cursor,
        }),
      );
      return { products: page.rows.map(productJson), pagination: pagination(page.nextPageCursor) };
    },
    getProduct: async ({ params, owner }) => {
      const page = await listCatalogProducts(db, owner.site.website.id, { limit: 1, productId: params.productId });
      const found = page.rows[0];
      if (!found) throw new ApiError('product-not-found');
      return { product: productJson(found) };
    },
    listInventory: async ({ query, owner }) => {
      const page = await paged(() =>
        listStock(db, owner.site.website.id, { limit: query.limit ?? DEFAULT_PAGE_SIZE, cursor: query.cursor }),
      );
      return { inventory: page.rows.map(stockJson), pagination: pagination(page.nextPageCursor) };
    },
    getInventory: async ({ params, owner }) => {
      const websiteId = owner.site.website.id;
      const [stock, adjustments] = await Promise.all([
        getStockRow(db, websiteId, params.variantId),
        listAdjustments(db, websiteId, { variantId: params.variantId, limit: RECENT_ADJUSTMENTS }),
      ]);
      if (!stock) throw new ApiError('variant-not-found');
      return { inventory: stockJson(stock), recentAdjustments: adjustments.map(adjustmentJson) };
    },
    adjustInventory: async ({ params, body, owner }) => {
      const result = await adjustVariantStock(
        db,
        owner.site.website.id,
        params.variantId,
        { quantity: body.quantity, reason: body.reason },
        stockActor(owner),
      );
      if (result.ok) return { inventory: stockJson(result.stock), adjustment: adjustmentJson(result.adjustment) };
      if (result.reason === 'below-zero') {
        throw new ApiError('inventory-below-zero', {
          params: { available: String(result.available), change: String(body.quantity) },
        });
      }
      throw new ApiError(result.reason === 'not-found' ? 'variant-not-found' : 'inventory-unlimited');
    },
    listOrders: async ({ query, owner }) => {
      const page = await paged(() =>
        listOrders(db, owner.site.website.id, {
          limit: query.limit ?? DEFAULT_PAGE_SIZE,
          cursor: query.cursor,
          status: query.status,
        }),
      );
      return {
        orders: page.rows.map((order) => ({
          id: order.id,
          orderNumber: order.orderNumber,
          status: order.status,
          testMode: order.testMode,
          customerEmail: order.customerEmail,
          grandTotal: money(order.grandTotalCents, order.currency),
          createdOn: order.createdOn.toISOString(),
        })),
        pagination: pagination(page.nextPageCursor),
      };
    },
    getOrder: async ({ params, owner }) => {
      const order = await getOrder(db, owner.site.website.id, params.orderId);
      if (!order) throw new ApiError('order-not-found');
      return { order: orderJson(order) };
    },
  };
}

export async function commerceApiRoutes(app: FastifyInstance, options: { db: Db }): Promise<void> {
  const table = handlers(options.db);
  for (const id of Object.keys(COMMERCE_API_OPERATIONS) as CommerceOperationId[]) {
    operationRoute(
      app,
      COMMERCE_API_OPERATIONS[id],
      table[id] as OperationHandler<(typeof COMMERCE_API_OPERATIONS)[typeof id]>,
    );
  }
}
