import { CompiledQuery, sql } from 'kysely';
import { lineTotal, sumMinorUnits } from '../../domain/money/minor-units.ts';
import { isDeliveredOnline } from '../../domain/product-types.ts';
import { QUANTITY, quantityProblem } from '../../domain/quantity.ts';
import { sellingPrice } from '../../domain/selling-price.ts';
import { PRODUCT_TYPES } from '../../domain/spec-enums.ts';
import { newId } from '../db/ids.ts';
import { json } from '../db/json.ts';
import { preparedStatement } from '../db/prepared-statements.ts';
import { readJsonColumn, readJsonColumns } from '../db/read-json.ts';
import type { Cart, SubscriptionPlan } from '../db/schema.ts';
import { type Db, inTransaction } from './transaction.ts';

const { physical: PHYSICAL } = PRODUCT_TYPES;

export interface CartEntryImage {
  id: string;
  assetUrl: string;
  altText: string;
  width: number;
  height: number;
}

/**
 * A cart entry as the cart UI shows it. Money is integer minor units as a
 * decimal string (exact at any size); the JSON layer decides how to send it.
 */
export interface ShoppingCartEntry {
  id: string;
  itemId: string;
  variantId: string;
  quantity: number;
  /** optionValues: the attributes in the product's option order, as variants list them (spec section 3). */
  chosenVariant: {
    sku: string;
    attributes: Record<string, string>;
    optionValues: { optionName: string; value: string }[];
  };
  additionalFields: Record<string, unknown> | null;
  /** The product's plan when it is sold as a subscription (it recurs), else null. */
  subscriptionPlan: SubscriptionPlan | null;
  productType: number;
  productName: string;
  fullUrl: string;
  currency: string;
  /** What one unit costs now: the sale price while on sale. */
  unitPriceCents: string;
  /** The price before any sale. */
  regularUnitPriceCents: string;
  onSale: boolean;
  lineTotalCents: string;
  image: CartEntryImage | null;
}

/** The spec's Shopping cart; *Cents fields are minor-unit decimal strings. */
export interface ShoppingCart {
  id: string;
  websiteId: string;
  orderId: string | null;
  siteUserId: string | null;
  /** Creation time in ms since the epoch. */
  created: number;
  currency: string;
  isPurchased: boolean;
  entries: ShoppingCartEntry[];
  subtotalCents: string;
  taxCents: string;
  shippingCostCents: string;
  discountCents: string;
  grandTotalCents: string;
  totalQuantity: number;
  hasDigital: boolean;
  purelyDigital: boolean;
  requiresShipping: boolean;
  shippingLocation: Record<string, unknown> | null;
  selectedShippingOption: Record<string, unknown> | null;
  coupons: string[];
  validCoupons: string[];
  invalidCoupons: string[];
  /** The gift cards applied at checkout, by id, in the order they pay (migration 0030). */
  giftCards: string[];
}

export type CartFailureReason =
  | 'cart-not-found'
  | 'cart-purchased'
  | 'entry-not-found'
  | 'variant-not-found'
  | 'quantity-limit';

export type CartWriteResult = { ok: true; entryId: string } | { ok: false; reason: CartFailureReason };
export type AddEntryResult = { ok: true; entryId: string; merged: boolean } | { ok: false; reason: CartFailureReason };

export interface NewCartEntry {
  itemId: string;
  variantId: string;
  quantity: number;
  additionalFields?: Record<string, unknown> | null;
}

export async function createCart(
  db: Db,
  websiteId: string,
  options: { currency: string; siteUserId?: string },
): Promise<ShoppingCart> {
  const cart = await db
    .insertInto('carts')
    .values({ websiteId, id: newId(), currency: options.currency, siteUserId: options.siteUserId ?? null })
    .returningAll()
    .executeTakeFirstOrThrow();
  return shoppingCart(cart, []);
}

/**
 * A cart with its entries priced. The cart's rows are read together (one round
 * trip on a pool); what the entries show of their variants comes from
 * `catalog`, the database by default.
 */
export async function getCart(
  db: Db,
  websiteId: string,
  cartId: string,
  catalog: CartCatalog = (ids) => getCartCatalog(db, websiteId, ids),
): Promise<ShoppingCart | undefined> {
  // The cart and its entries in one query (a row per entry, one with no entry for an empty cart).
  const rows = await db
    .selectFrom('carts')
    .leftJoin('cartEntries as entry', (join) =>
      join.onRef('entry.websiteId', '=', 'carts.websiteId').onRef('entry.cartId', '=', 'carts.id'),
    )
    .selectAll('carts')
    .select([
      'entry.id as entryId',
      'entry.itemId as entryItemId',
      'entry.variantId as entryVariantId',
      'entry.quantity as entryQuantity',
      'entry.additionalFields as entryAdditionalFields',
    ])
    .where('carts.websiteId', '=', websiteId)
    .where('carts.id', '=', cartId)
    .orderBy('entry.addedOn')
    .orderBy('entry.id')
    .execute();
  const [first] = rows;
  if (!first) return undefined;
  const {
    entryId: _id,
    entryItemId: _item,
    entryVariantId: _variant,
    entryQuantity: _quantity,
    entryAdditionalFields: _fields,
    ...stored
  } = first;
  const entries = rows.flatMap((row) =>
    row.entryId === null
      ? []
      : [
          {
            id: row.entryId,
            itemId: row.entryItemId!,
            variantId: row.entryVariantId!,
            quantity: row.entryQuantity!,
            additionalFields: row.entryAdditionalFields,
          },
        ],
  );
  return shoppingCart(stored, await cartEntries(entries, catalog));
}

/** The cart's version (migration 0014), which moves with any change to it or its entries; undefined when there is no such cart. */
export async function cartVersion(db: Db, websiteId: string, cartId: string): Promise<string | undefined> {
  // Asked on every shopper's page on PostgreSQL: compiled once rather than built and compiled each time, and
  // prepared once per connection.
  const { rows } = await db.executeQuery<{ version: string }>(CompiledQuery.raw(CART_VERSION_SQL, [websiteId, cartId]));
  return rows[0]?.version;
}
const CART_VERSION_SQL = preparedStatement(
  'cart_version',
  'select "version" from "carts" where "website_id" = $1 and "id" = $2',
);

/** A signed-in site user's open cart, most recently touched first. */
export async function findOpenCartForSiteUser(
  db: Db,
  websiteId: string,
  siteUserId: string,
): Promise<ShoppingCart | undefined> {
  const cart = await db
    .selectFrom('carts')
    .selectAll()
    .where('websiteId', '=', websiteId)
    .where('siteUserId', '=', siteUserId)
    .where('isPurchased', '=', false)
    .orderBy('updatedOn', 'desc')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  if (!cart) return undefined;
  return shoppingCart(cart, await listEntries(db, websiteId, cart.id));
}

/**
 * Adds a variant to a cart. The same variant with equal additional fields
 * is one entry whose quantity grows; a total above 9999 is refused, not
 * clamped, so the visitor learns the add did not happen.
 */
export async function addEntry(
  db: Db,
  websiteId: string,
  cartId: string,
  entry: NewCartEntry,
): Promise<AddEntryResult> {
  checkQuantity(entry.quantity);
  const additionalFields = normalizeFields(entry.additionalFields);
  return inTransaction(db, async (trx) => {
    const locked = await lockOpenCart(trx, websiteId, cartId);
    if (!locked.ok) return locked;
    const existing = await trx
      .selectFrom('cartEntries')
      .select(['id', 'quantity'])
      .where('websiteId', '=', websiteId)
      .where('cartId', '=', cartId)
      .where('itemId', '=', entry.itemId)
      .where('variantId', '=', entry.variantId)
      // jsonb equality ignores key order; "is not distinct from" makes two nulls equal.
      .where('additionalFields', 'is not distinct from', jsonbOrNull(additionalFields))
      .orderBy('addedOn')
      .limit(1)
      .executeTakeFirst();
    if (existing) {
      if (existing.quantity + entry.quantity > QUANTITY.max) return { ok: false, reason: 'quantity-limit' };
      await trx
        .updateTable('cartEntries')
        .set((eb) => ({ quantity: eb('quantity', '+', entry.quantity) }))
        .where('websiteId', '=', websiteId)
        .where('id', '=', existing.id)
        .execute();
      return { ok: true, entryId: existing.id, merged: true };
    }
    // Inserting from the variant row proves the variant belongs to the item.
    const entryId = newId();
    const inserted = await trx
      .insertInto('cartEntries')
      .columns(['websiteId', 'id', 'cartId', 'itemId', 'variantId', 'quantity', 'additionalFields'])
      .expression((eb) =>
        eb
          .selectFrom('productVariants')
          .select([
            'productVariants.websiteId',
            // Parameters in a SELECT list have no column to take a type from.
            eb.cast<string>(eb.val(entryId), 'text').as('id'),
            eb.cast<string>(eb.val(cartId), 'text').as('cartId'),
            'productVariants.itemId',
            'productVariants.id',
            eb.cast<number>(eb.val(entry.quantity), 'integer').as('quantity'),
            jsonbOrNull(additionalFields).as('additionalFields'),
          ])
          .where('productVariants.websiteId', '=', websiteId)
          .where('productVariants.id', '=', entry.variantId)
          .where('productVariants.itemId', '=', entry.itemId),
      )
      .returning('id')
      .executeTakeFirst();
    if (!inserted) return { ok: false, reason: 'variant-not-found' };
    return { ok: true, entryId, merged: false };
  });
}

export async function updateEntryQuantity(
  db: Db,
  websiteId: string,
  cartId: string,
  entryId: string,
  quantity: number,
): Promise<CartWriteResult> {
  checkQuantity(quantity);
  return updateEntry(db, websiteId, cartId, entryId, { quantity });
}

export async function updateEntryAdditionalFields(
  db: Db,
  websiteId: string,
  cartId: string,
  entryId: string,
  additionalFields: Record<string, unknown> | null,
): Promise<CartWriteResult> {
  const normalized = normalizeFields(additionalFields);
  return updateEntry(db, websiteId, cartId, entryId, {
    additionalFields: normalized === null ? null : json(normalized),
  });
}

export async function removeEntry(
  db: Db,
  websiteId: string,
  cartId: string,
  entryId: string,
): Promise<CartWriteResult> {
  return inTransaction(db, async (trx) => {
    const locked = await lockOpenCart(trx, websiteId, cartId);
    if (!locked.ok) return locked;
    const deleted = await trx
      .deleteFrom('cartEntries')
      .where('websiteId', '=', websiteId)
      .where('cartId', '=', cartId)
      .where('id', '=', entryId)
      .returning('id')
      .executeTakeFirst();
    return deleted ? { ok: true, entryId } : { ok: false, reason: 'entry-not-found' };
  });
}

async function updateEntry(
  db: Db,
  websiteId: string,
  cartId: string,
  entryId: string,
  changes: { quantity?: number; additionalFields?: string | null },
): Promise<CartWriteResult> {
  return inTransaction(db, async (trx) => {
    const locked = await lockOpenCart(trx, websiteId, cartId);
    if (!locked.ok) return locked;
    const updated = await trx
      .updateTable('cartEntries')
      .set(changes)
      .where('websiteId', '=', websiteId)
      .where('cartId', '=', cartId)
      .where('id', '=', entryId)
      .returning('id')
      .executeTakeFirst();
    return updated ? { ok: true, entryId } : { ok: false, reason: 'entry-not-found' };
  });
}

/*
 * Every write to a cart first takes the cart row's lock (the UPDATE does)
 * and checks it is still open, so it cannot interleave with placing the
 * order or with another write merging into the same entry.
 */
async function lockOpenCart(
  trx: Db,
  websiteId: string,
  cartId: string,
): Promise<{ ok: true } | { ok: false; reason: 'cart-not-found' | 'cart-purchased' }> {
  const open = await trx
    .updateTable('carts')
    .set({ updatedOn: sql`now()` })
    .where('websiteId', '=', websiteId)
    .where('id', '=', cartId)
    .where('isPurchased', '=', false)
    .returning('id')
    .executeTakeFirst();
  if (open) return { ok: true };
  const exists = await trx
    .selectFrom('carts')
    .select('id')
    .where('websiteId', '=', websiteId)
    .where('id', '=', cartId)
    .executeTakeFirst();
  return { ok: false, reason: exists ? 'cart-purchased' : 'cart-not-found' };
}

/**
 * What a cart entry shows of the variant it holds (price, names, picture): the
 * same for every cart, and changed only by content edits, so a caller may keep
 * it per content version (the renderer does) and read only the visitor's
 * entries per request.
 */
export interface CartCatalogRow {
  variantId: string;
  itemId: string;
  sku: string;
  attributes: Record<string, string>;
  variantPrice: string;
  variantSalePrice: string | null;
  variantOnSale: boolean;
  variantCurrency: string;
  productType: number;
  variantOptionOrdering: string[];
  isSubscribable: boolean;
  subscriptionPlan: SubscriptionPlan | null;
  productPrice: string | null;
  productSalePrice: string | null;
  productOnSale: boolean;
  productCurrency: string;
  title: string;
  itemUrlId: string;
  collectionUrlId: string;
  imageId: string | null;
  assetUrl: string | null;
  altText: string | null;
  width: number | null;
  height: number | null;
}

/** Looks up the catalog rows of variants; getCartCatalog over the database unless the caller keeps them. */
export type CartCatalog = (variantIds: readonly string[]) => Promise<ReadonlyMap<string, CartCatalogRow>>;

/** The catalog rows of variants in one query; a variant whose product, item or collection is gone is absent. */
export async function getCartCatalog(
  db: Db,
  websiteId: string,
  variantIds: readonly string[],
): Promise<Map<string, CartCatalogRow>> {
  const unique = [...new Set(variantIds)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .selectFrom('productVariants as variant')
    .innerJoin('products as product', (join) =>
      join.onRef('product.websiteId', '=', 'variant.websiteId').onRef('product.itemId', '=', 'variant.itemId'),
    )
    .innerJoin('items as item', (join) =>
      join.onRef('item.websiteId', '=', 'variant.websiteId').onRef('item.id', '=', 'variant.itemId'),
    )
    .innerJoin('collections as collection', (join) =>
      join.onRef('collection.websiteId', '=', 'item.websiteId').onRef('collection.id', '=', 'item.collectionId'),
    )
    // The chosen variant's own picture when it has one, else the product's.
    .leftJoin('images as image', (join) =>
      join
        .onRef('image.websiteId', '=', 'item.websiteId')
        .on((eb) => eb('image.id', '=', eb.fn.coalesce('variant.mainImageId', 'item.mainImageId'))),
    )
    .select([
      'variant.id as variantId',
      'variant.itemId',
      'variant.sku',
      'variant.attributes',
      'variant.priceMinor as variantPrice',
      'variant.salePriceMinor as variantSalePrice',
      'variant.onSale as variantOnSale',
      'variant.currency as variantCurrency',
      'product.productType',
      'product.variantOptionOrdering',
      'product.isSubscribable',
      'product.subscriptionPlan',
      'product.priceMinor as productPrice',
      'product.salePriceMinor as productSalePrice',
      'product.onSale as productOnSale',
      'product.currency as productCurrency',
      'item.title',
      'item.urlId as itemUrlId',
      'collection.urlId as collectionUrlId',
      'image.id as imageId',
      'image.assetUrl',
      'image.altText',
      'image.width',
      'image.height',
    ])
    .where('variant.websiteId', '=', websiteId)
    .where('variant.id', 'in', unique)
    .execute();
  return new Map(rows.map((row) => [row.variantId, row]));
}

/** Entries of a cart with everything pricing and display need, oldest first. */
async function listEntries(
  db: Db,
  websiteId: string,
  cartId: string,
  catalog: CartCatalog = (ids) => getCartCatalog(db, websiteId, ids),
): Promise<ShoppingCartEntry[]> {
  return cartEntries(await listEntryRows(db, websiteId, cartId), catalog);
}

/** The cart's own rows: which variants, how many, with which fields; oldest first. */
function listEntryRows(db: Db, websiteId: string, cartId: string) {
  return db
    .selectFrom('cartEntries')
    .select(['id', 'itemId', 'variantId', 'quantity', 'additionalFields'])
    .where('websiteId', '=', websiteId)
    .where('cartId', '=', cartId)
    .orderBy('addedOn')
    .orderBy('id')
    .execute();
}

type EntryRow = Awaited<ReturnType<typeof listEntryRows>>[number];

async function cartEntries(rows: readonly EntryRow[], catalog: CartCatalog): Promise<ShoppingCartEntry[]> {
  if (rows.length === 0) return [];
  const variants = await catalog(rows.map((row) => row.variantId));
  return rows.flatMap((entry) => {
    const row = variants.get(entry.variantId);
    // An entry whose variant no longer belongs to its item (or is gone) is not shown, as a join would leave it out.
    if (!row || row.itemId !== entry.itemId) return [];
    const attributes = readJsonColumn('productVariants', 'attributes', row.attributes);
    const ordering = readJsonColumn('products', 'variantOptionOrdering', row.variantOptionOrdering);
    const { regular, onSale, unit, currency } = sellingPrice(
      row.productType,
      {
        price: row.productPrice,
        salePrice: row.productSalePrice,
        onSale: row.productOnSale,
        currency: row.productCurrency,
      },
      {
        price: row.variantPrice,
        salePrice: row.variantSalePrice,
        onSale: row.variantOnSale,
        currency: row.variantCurrency,
      },
    );
    return [
      {
        id: entry.id,
        itemId: entry.itemId,
        variantId: entry.variantId,
        quantity: entry.quantity,
        chosenVariant: {
          sku: row.sku,
          attributes,
          optionValues: optionValues(attributes, ordering),
        },
        additionalFields: readJsonColumn('cartEntries', 'additionalFields', entry.additionalFields),
        subscriptionPlan: row.isSubscribable
          ? readJsonColumn('products', 'subscriptionPlan', row.subscriptionPlan)
          : null,
        productType: row.productType,
        productName: row.title,
        fullUrl: `/${row.collectionUrlId}/${row.itemUrlId}`,
        currency,
        unitPriceCents: unit,
        regularUnitPriceCents: regular,
        onSale,
        lineTotalCents: lineTotal(unit, entry.quantity),
        image:
          row.imageId !== null
            ? {
                id: row.imageId,
                assetUrl: row.assetUrl!,
                altText: row.altText!,
                width: row.width!,
                height: row.height!,
              }
            : null,
      },
    ];
  });
}

/** The product's option order first; attributes it does not name follow in stored order. */
function optionValues(attributes: Record<string, string>, ordering: readonly string[]) {
  const names = [...ordering.filter((name) => name in attributes), ...Object.keys(attributes)];
  return [...new Set(names)].map((name) => ({ optionName: name, value: attributes[name]! }));
}

/*
 * Tax, shipping and coupon rules are not data this layer has; the totals
 * carry zero for them and the checkout service fills them in. Coupons are
 * echoed as stored and left unvalidated for the same reason.
 */
function shoppingCart(stored: Cart, entries: ShoppingCartEntry[]): ShoppingCart {
  const cart = readJsonColumns('carts', stored);
  const subtotal = sumMinorUnits(entries.map((entry) => entry.lineTotalCents));
  const totalQuantity = entries.reduce((sum, entry) => sum + entry.quantity, 0);
  return {
    id: cart.id,
    websiteId: cart.websiteId,
    orderId: cart.orderId,
    siteUserId: cart.siteUserId,
    created: cart.createdOn.getTime(),
    currency: cart.currency,
    isPurchased: cart.isPurchased,
    entries,
    subtotalCents: subtotal,
    // The checkout service's to fill in (see above): the cart alone has none, so its total is its subtotal.
    taxCents: '0',
    shippingCostCents: '0',
    discountCents: '0',
    grandTotalCents: subtotal,
    totalQuantity,
    hasDigital: entries.some((entry) => isDeliveredOnline(entry.productType)),
    purelyDigital: entries.length > 0 && entries.every((entry) => isDeliveredOnline(entry.productType)),
    requiresShipping: entries.some((entry) => entry.productType === PHYSICAL),
    shippingLocation: cart.shippingLocation,
    selectedShippingOption: cart.selectedShippingOption,
    coupons: cart.coupons,
    validCoupons: [],
    invalidCoupons: [],
    giftCards: cart.giftCards,
  };
}

function checkQuantity(quantity: number): void {
  if (quantityProblem(quantity) !== null) {
    throw new RangeError(`quantity must be an integer from ${QUANTITY.min} to ${QUANTITY.max}, got ${quantity}`);
  }
}

// No additional-fields form and a form left empty are the same thing, so
// both merge with each other.
function normalizeFields(fields: Record<string, unknown> | null | undefined): Record<string, unknown> | null {
  if (fields === null || fields === undefined || Object.keys(fields).length === 0) return null;
  return fields;
}

function jsonbOrNull(fields: Record<string, unknown> | null) {
  return sql<Record<string, unknown> | null>`cast(${fields === null ? null : json(fields)} as jsonb)`;
}
