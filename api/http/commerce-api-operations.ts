/**
 * The public commerce API, for a site's own tools with an API key
 * (`Authorization: Bearer <key>`): products, stock (read, and adjusted with
 * a reason) and orders. The spec names no such API (its commerce calls are
 * the storefront's, section 7), so its paths, under /api/v1/commerce/, are
 * ours. Declarations only; commerce-api-routes.ts answers them.
 */
import type { ApiOperation } from './api-operation.ts';
import {
  adjustmentAnswerSchema,
  adjustmentInput,
  inventoryAnswerSchema,
  inventoryListSchema,
  orderAnswerSchema,
  orderListQuery,
  orderListSchema,
  orderParams,
  pageQuery,
  productAnswerSchema,
  productListSchema,
  productParams,
  variantParams,
} from './commerce-api-schemas.ts';

export const COMMERCE_API_PATH = '/api/v1/commerce';

const declare = <O extends ApiOperation>(operation: O): O => operation;

export const COMMERCE_API_OPERATIONS = {
  listProducts: declare({
    operationId: 'listProducts',
    method: 'GET',
    path: `${COMMERCE_API_PATH}/products`,
    tag: 'Products',
    summary: 'List products',
    description: 'Every product of the store, published or not, with its variants, a page at a time in a stable order.',
    scope: 'products:read',
    params: undefined,
    query: pageQuery,
    body: undefined,
    answer: { status: 200, description: 'A page of products.', schema: productListSchema },
    errors: ['invalid-cursor'],
  }),
  getProduct: declare({
    operationId: 'getProduct',
    method: 'GET',
    path: `${COMMERCE_API_PATH}/products/{productId}`,
    tag: 'Products',
    summary: 'Read a product',
    description: 'One product with its variants, their prices and stock.',
    scope: 'products:read',
    params: productParams,
    query: undefined,
    body: undefined,
    answer: { status: 200, description: 'The product.', schema: productAnswerSchema },
    errors: ['product-not-found'],
  }),
  listInventory: declare({
    operationId: 'listInventory',
    method: 'GET',
    path: `${COMMERCE_API_PATH}/inventory`,
    tag: 'Inventory',
    summary: 'List stock levels',
    description: "Every variant's stock, a page at a time in a stable order.",
    scope: 'inventory:read',
    params: undefined,
    query: pageQuery,
    body: undefined,
    answer: { status: 200, description: 'A page of stock levels.', schema: inventoryListSchema },
    errors: ['invalid-cursor'],
  }),
  getInventory: declare({
    operationId: 'getInventory',
    method: 'GET',
    path: `${COMMERCE_API_PATH}/inventory/{variantId}`,
    tag: 'Inventory',
    summary: "Read a variant's stock",
    description: "A variant's stock and its latest adjustments (at most 20), newest first.",
    scope: 'inventory:read',
    params: variantParams,
    query: undefined,
    body: undefined,
    answer: { status: 200, description: 'The stock level.', schema: inventoryAnswerSchema },
    errors: ['variant-not-found'],
  }),
  adjustInventory: declare({
    operationId: 'adjustInventory',
    method: 'POST',
    path: `${COMMERCE_API_PATH}/inventory/{variantId}/adjustments`,
    tag: 'Inventory',
    summary: "Adjust a variant's stock",
    description:
      'Adds or takes units, with the reason recorded. Stock never goes below zero: an adjustment that would take more than there is changes nothing (409), however many adjustments and purchases happen at once. A variant with unlimited stock has no count to adjust (409).',
    scope: 'inventory:write',
    params: variantParams,
    query: undefined,
    body: adjustmentInput,
    answer: { status: 201, description: 'The adjustment was made.', schema: adjustmentAnswerSchema },
    errors: ['variant-not-found', 'inventory-below-zero', 'inventory-unlimited', 'rate-limited'],
  }),
  listOrders: declare({
    operationId: 'listOrders',
    method: 'GET',
    path: `${COMMERCE_API_PATH}/orders`,
    tag: 'Orders',
    summary: 'List orders',
    description: 'Orders, newest first, a page at a time; optionally those in one status.',
    scope: 'orders:read',
    params: undefined,
    query: orderListQuery,
    body: undefined,
    answer: { status: 200, description: 'A page of orders.', schema: orderListSchema },
    errors: ['invalid-cursor'],
  }),
  getOrder: declare({
    operationId: 'getOrder',
    method: 'GET',
    path: `${COMMERCE_API_PATH}/orders/{orderId}`,
    tag: 'Orders',
    summary: 'Read an order',
    description: 'One order with its lines, totals and shipping address.',
    scope: 'orders:read',
    params: orderParams,
    query: undefined,
    body: undefined,
    answer: { status: 200, description: 'The order.', schema: orderAnswerSchema },
    errors: ['order-not-found'],
  }),
} as const;

export type CommerceOperationId = keyof typeof COMMERCE_API_OPERATIONS;
