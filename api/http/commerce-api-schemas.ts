/**
 * The public commerce API's requests and answers as zod schemas: the routes
 * parse their input with them, and /api/openapi.json is generated from them
 * (openapi-document.ts), so the document cannot say other than the code.
 * Each schema the document names is registered with its component name.
 */
import { z } from 'zod';
import { PRODUCT_TYPES } from '../../domain/spec-enums.ts';

/** The document's named schemas: components/schemas/{id}. */
export const API_SCHEMAS = z.registry<{ id: string }>();
/** What each named schema is, by id (zod's JSON Schema of a registry carries the ids only). */
export const API_SCHEMA_DESCRIPTIONS = new Map<string, string>();

function named<T extends z.ZodType>(id: string, description: string, schema: T): T {
  API_SCHEMAS.add(schema, { id });
  API_SCHEMA_DESCRIPTIONS.set(id, description);
  return schema;
}

const PRODUCT_TYPE_NAMES = Object.keys(PRODUCT_TYPES) as [
  keyof typeof PRODUCT_TYPES,
  ...(keyof typeof PRODUCT_TYPES)[],
];

export const moneySchema = named(
  'Money',
  'An amount: `value` in minor units (cents) as a string of digits, never a float, and the same in major units.',
  z.object({
    value: z.string().regex(/^-?\d+$/),
    currency: z.string().length(3),
    decimalValue: z.string(),
  }),
);

const stockSchema = named(
  'InventoryLevel',
  "A variant's stock. An unlimited variant has no count to adjust (quantity is what was last counted).",
  z.object({
    variantId: z.string(),
    productId: z.string(),
    productName: z.string(),
    sku: z.string(),
    unlimited: z.boolean(),
    quantity: z.number().int().min(0),
  }),
);

const variantSchema = named(
  'Variant',
  'One purchasable form of a product (a size, a colour), with its price and stock.',
  z.object({
    id: z.string(),
    sku: z.string(),
    price: moneySchema,
    salePrice: moneySchema,
    onSale: z.boolean(),
    attributes: z.record(z.string(), z.string()),
    unlimited: z.boolean(),
    quantity: z.number().int().min(0),
  }),
);

export const productSchema = named(
  'Product',
  "A store item with its variants. `url` is the product page's path on the site.",
  z.object({
    id: z.string(),
    collectionId: z.string(),
    name: z.string(),
    urlId: z.string(),
    url: z.string(),
    productType: z.enum(PRODUCT_TYPE_NAMES),
    published: z.boolean(),
    variants: z.array(variantSchema),
  }),
);

const paginationSchema = named(
  'Pagination',
  'Lists come a page at a time: while hasNextPage is true, ask again with cursor=nextPageCursor.',
  z.object({ hasNextPage: z.boolean(), nextPageCursor: z.string().nullable() }),
);

const adjustmentSchema = named(
  'InventoryAdjustment',
  "A change of a variant's stock, as recorded: the change, the count it left and the reason given.",
  z.object({
    id: z.string(),
    variantId: z.string(),
    quantityChange: z.number().int(),
    quantityAfter: z.number().int().min(0),
    reason: z.string(),
    /** Who made it: an API key (by its name) or a contributor through the admin app. */
    madeBy: z.object({ kind: z.enum(['api-key', 'contributor']), name: z.string() }),
    createdOn: z.iso.datetime(),
  }),
);

const ORDER_STATUSES = ['PENDING', 'FULFILLED', 'CANCELED'] as const;

const orderSummarySchema = named(
  'OrderSummary',
  'An order as listed.',
  z.object({
    id: z.string(),
    orderNumber: z.number().int(),
    status: z.enum(ORDER_STATUSES),
    testMode: z.boolean(),
    customerEmail: z.string().nullable(),
    grandTotal: moneySchema,
    createdOn: z.iso.datetime(),
  }),
);

const orderLineSchema = named(
  'OrderLine',
  'One line of an order, as it was bought.',
  z.object({
    lineNumber: z.number().int(),
    productId: z.string(),
    variantId: z.string(),
    sku: z.string(),
    productName: z.string(),
    quantity: z.number().int(),
    unitPrice: moneySchema,
    optionValues: z.array(z.object({ optionName: z.string(), value: z.string() })),
  }),
);

const orderSchema = named(
  'Order',
  'An order with its lines, totals and where it ships.',
  z.object({
    id: z.string(),
    orderNumber: z.number().int(),
    status: z.enum(ORDER_STATUSES),
    testMode: z.boolean(),
    customerEmail: z.string().nullable(),
    customerName: z.string().nullable(),
    shippingAddress: z
      .object({
        line1: z.string(),
        line2: z.string().nullable(),
        city: z.string(),
        region: z.string().nullable(),
        postalCode: z.string(),
        country: z.string(),
      })
      .nullable(),
    subtotal: moneySchema,
    tax: moneySchema,
    shipping: moneySchema,
    discount: moneySchema,
    grandTotal: moneySchema,
    lines: z.array(orderLineSchema),
    createdOn: z.iso.datetime(),
  }),
);

export const errorSchema = named(
  'Error',
  'Every refusal: a stable code, a message to show, and per-field messages for bad input.',
  z.object({
    error: z.object({
      code: z.string(),
      message: z.string(),
      fields: z.record(z.string(), z.string()).optional(),
    }),
  }),
);

export const productListSchema = named(
  'ProductList',
  'A page of products.',
  z.object({ products: z.array(productSchema), pagination: paginationSchema }),
);
export const productAnswerSchema = named('ProductAnswer', 'One product.', z.object({ product: productSchema }));
export const inventoryListSchema = named(
  'InventoryList',
  'A page of stock levels.',
  z.object({ inventory: z.array(stockSchema), pagination: paginationSchema }),
);
export const inventoryAnswerSchema = named(
  'InventoryAnswer',
  "A variant's stock and its latest adjustments, newest first.",
  z.object({ inventory: stockSchema, recentAdjustments: z.array(adjustmentSchema) }),
);
export const adjustmentAnswerSchema = named(
  'AdjustmentAnswer',
  'The stock after the adjustment, and the adjustment as recorded.',
  z.object({ inventory: stockSchema, adjustment: adjustmentSchema }),
);
export const orderListSchema = named(
  'OrderList',
  'A page of orders, newest first.',
  z.object({ orders: z.array(orderSummarySchema), pagination: paginationSchema }),
);
export const orderAnswerSchema = named('OrderAnswer', 'One order.', z.object({ order: orderSchema }));

/** The most of anything one page lists. */
export const MAX_PAGE_SIZE = 100;

export const pageQuery = z.object({
  cursor: z.string().max(500).optional().meta({ description: 'The nextPageCursor of the page before.' }),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_PAGE_SIZE)
    .optional()
    .meta({ description: `How many to list, 1 to ${MAX_PAGE_SIZE}; 50 when not given.` }),
});

export const orderListQuery = pageQuery.extend({
  status: z.enum(ORDER_STATUSES).optional().meta({ description: 'Only orders in this status.' }),
});

const id = (description: string) => z.string().min(1).max(64).meta({ description });
export const productParams = z.object({ productId: id("The product's id (its store item's).") });
export const variantParams = z.object({ variantId: id("The variant's id.") });
export const orderParams = z.object({ orderId: id("The order's id.") });

/** The most one adjustment may move a count, either way. */
export const MAX_ADJUSTMENT = 1_000_000;

export const ADJUSTMENT_MESSAGES = {
  quantity: `Give the change as a whole number other than 0, from -${MAX_ADJUSTMENT} to ${MAX_ADJUSTMENT}.`,
  reasonMissing: 'Please give a reason for the adjustment.',
  reasonTooLong: 'Reasons can be at most 200 characters long.',
} as const;

/** A change of stock: a positive quantity adds units (a delivery), a negative one takes them (breakage, a count). */
export const adjustmentInput = z.object({
  quantity: z
    .number({ error: ADJUSTMENT_MESSAGES.quantity })
    .int(ADJUSTMENT_MESSAGES.quantity)
    .min(-MAX_ADJUSTMENT, ADJUSTMENT_MESSAGES.quantity)
    .max(MAX_ADJUSTMENT, ADJUSTMENT_MESSAGES.quantity)
    .refine((quantity) => quantity !== 0, ADJUSTMENT_MESSAGES.quantity),
  reason: z
    .string({ error: ADJUSTMENT_MESSAGES.reasonMissing })
    .trim()
    .min(1, ADJUSTMENT_MESSAGES.reasonMissing)
    .max(200, ADJUSTMENT_MESSAGES.reasonTooLong),
});
