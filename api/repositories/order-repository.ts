import { randomBytes } from 'node:crypto';
import type { Selectable } from 'kysely';
import { compareMinorUnits } from '../../domain/money/minor-units.ts';
import { nextOrderNumber } from '../../domain/order-number.ts';
import { newId } from '../db/ids.ts';
import { json } from '../db/json.ts';
import { readJsonColumns } from '../db/read-json.ts';
import type {
  OrderDiscountLine,
  OrderShippingMethod,
  OrdersTable,
  OrderTaxLine,
  SubscriptionPlan,
} from '../db/schema.ts';
import { getCart, type ShoppingCart } from './cart-repository.ts';
import { releaseStock, reserveStock } from './inventory-repository.ts';
import { type Db, inTransaction } from './transaction.ts';

export interface OrderLine {
  lineNumber: number;
  itemId: string;
  variantId: string;
  sku: string;
  productName: string;
  quantity: number;
  /** Minor units, as a decimal string. */
  unitPriceCents: string;
  /** The variant's options as they read when bought; empty for lines from before they were kept. */
  optionValues: { optionName: string; value: string }[];
  /** A subscription's plan as sold: the line recurs. Null for one-off lines and those from before migration 0026. */
  subscriptionPlan: SubscriptionPlan | null;
  /** The cart entry's additional fields (a gift card's recipient and note); null when it had none. */
  additionalFields: Record<string, unknown> | null;
}

/** Where a physical order goes, as the buyer typed it at checkout (country an ISO code since issue 20). */
export interface ShippingAddress {
  line1: string;
  line2: string | null;
  city: string;
  /** A region code (US state, CA province, AU state) or the buyer's text; null when none. */
  region?: string | null;
  /** '' where the country has no postal codes. */
  postalCode: string;
  country: string;
}

/**
 * What an order charges beyond its lines, worked out inside the order's
 * transaction from the cart as locked (checkout-charges.ts): shipping, tax
 * and discounts, and the discounts' uses already counted.
 */
export interface OrderCharges {
  taxCents: string;
  shippingCostCents: string;
  discountCents: string;
  grandTotalCents: string;
  shippingMethod: OrderShippingMethod | null;
  taxLines: OrderTaxLine[];
  discountLines: OrderDiscountLine[];
  /** What gift cards paid of the grand total (already taken off them in the transaction); '0' for none. */
  giftCardCents: string;
}

/** Refuses the order with a reason of the caller's own, or gives its charges. */
export type ChargeOrder = (
  trx: Db,
  cart: ShoppingCart,
  orderId: string,
) => Promise<{ ok: true; charges: OrderCharges } | { ok: false; problem: string; message: string }>;

/** The store's smallest order subtotal (storeSettings.minimumSubtotalCents) in its base currency. */
export interface MinimumSubtotal {
  /** Minor units, as a string of digits. */
  cents: string;
  currency: string;
}

/** The spec's Order (purchase tracking) with money as minor-unit decimal strings. */
export interface PlacedOrder {
  id: string;
  websiteId: string;
  orderNumber: number;
  purchasedCartId: string;
  testMode: boolean;
  currency: string;
  customerEmail: string | null;
  customerName: string | null;
  shippingAddress: ShippingAddress | null;
  status: 'PENDING' | 'FULFILLED' | 'CANCELED';
  subtotalCents: string;
  taxCents: string;
  shippingCostCents: string;
  discountCents: string;
  grandTotalCents: string;
  /** How it ships, and the tax and discounts charged, line by line (migration 0020); null and [] before it. */
  shippingMethod: OrderShippingMethod | null;
  taxLines: OrderTaxLine[];
  discountLines: OrderDiscountLine[];
  /** What gift cards paid (migration 0030): the rest, grandTotal − giftCardCents, is what a payment charges. */
  giftCardCents: string;
  items: OrderLine[];
  createdOn: Date;
  /** The site user signed in when it was placed; null when placed signed out. */
  siteUserId: string | null;
  /** The token of the receipt email's link to the status page (migration 0034); null for orders placed before. */
  statusToken: string | null;
  /** How it ships, once the owner fulfilled it (migration 0036); null until then. */
  shipment: OrderShipment | null;
}

export interface OrderShipment {
  fulfilledOn: Date;
  trackingNumber: string | null;
  carrier: string | null;
  trackingUrl: string | null;
}

/**
 * An order held while its payment is asked for (payment_status 'awaiting'):
 * everything a placed order has but its number, which it gets once paid.
 */
export type HeldOrder = Omit<PlacedOrder, 'orderNumber'> & { orderNumber: null };

/** One line of a site user's order history. */
export interface OrderSummary {
  id: string;
  orderNumber: number;
  currency: string;
  status: PlacedOrder['status'];
  grandTotalCents: string;
  createdOn: Date;
}

export type PlaceOrderResult<Order = PlacedOrder> =
  | { ok: true; order: Order }
  | { ok: false; reason: 'cart-not-found' | 'cart-purchased' | 'empty-cart' | 'below-minimum' }
  | { ok: false; reason: 'insufficient-stock' | 'variant-not-found'; sku: string }
  | { ok: false; reason: 'charges-refused'; problem: string; message: string };

export interface PlaceOrderOptions {
  customerEmail: string | null;
  testMode: boolean;
  customerName?: string | null;
  shippingAddress?: ShippingAddress | null;
  /** Checked against the cart as it is inside the transaction, so no change made meanwhile slips under it. */
  minimumSubtotal?: MinimumSubtotal | null;
  /** The site user placing it while signed in; their account lists it. */
  siteUserId?: string | null;
  /** Shipping, tax and discounts; without it the order charges its subtotal alone. */
  charge?: ChargeOrder;
}

/**
 * A cart in another currency than the minimum cannot be compared with it,
 * so it is never held back (the cart island applies the same rule).
 */
export function isBelowMinimumSubtotal(
  subtotalCents: string,
  currency: string,
  minimum: MinimumSubtotal | null | undefined,
): boolean {
  if (!minimum || minimum.currency !== currency) return false;
  return compareMinorUnits(subtotalCents, minimum.cents) < 0;
}

/**
 * Turns a cart into an order, all or nothing: the cart row is locked so the
 * same cart cannot be bought twice, every entry's stock is reserved with the
 * conditional update, the order takes the website's next order number, and
 * the cart is marked purchased. When an entry cannot be reserved, what was
 * reserved before it is put back and nothing else has been written.
 */
export async function placeOrder(
  db: Db,
  websiteId: string,
  cartId: string,
  options: PlaceOrderOptions,
): Promise<PlaceOrderResult> {
  return writeOrder(db, websiteId, cartId, options, true) as Promise<PlaceOrderResult>;
}

/**
 * The same as placeOrder, but the order waits for its payment
 * (payment_status 'awaiting') and has no number yet: order-payment-repository.ts
 * marks it paid, numbering it, or gives back what it holds.
 */
export async function holdOrder(
  db: Db,
  websiteId: string,
  cartId: string,
  options: PlaceOrderOptions,
): Promise<PlaceOrderResult<HeldOrder>> {
  return writeOrder(db, websiteId, cartId, options, false) as Promise<PlaceOrderResult<HeldOrder>>;
}

/**
 * The website's next order number. Order numbers are per website, gapless
 * and start at 1001: the website row's lock serialises numbering for that
 * site only, and is taken last so it is held for as short a time as
 * possible. NO KEY UPDATE does not block the foreign-key checks of rows
 * being inserted elsewhere for the site.
 */
export async function takeOrderNumber(trx: Db, websiteId: string): Promise<number> {
  await trx.selectFrom('websites').select('id').where('id', '=', websiteId).forNoKeyUpdate().executeTakeFirst();
  const last = await trx
    .selectFrom('orders')
    .select((eb) => eb.fn.max('orderNumber').as('orderNumber'))
    .where('websiteId', '=', websiteId)
    .executeTakeFirst();
  return nextOrderNumber(last?.orderNumber);
}

async function writeOrder(
  db: Db,
  websiteId: string,
  cartId: string,
  options: PlaceOrderOptions,
  paid: boolean,
): Promise<PlaceOrderResult<PlacedOrder | HeldOrder>> {
  const customerName = options.customerName ?? null;
  const shippingAddress = options.shippingAddress ?? null;
  const siteUserId = options.siteUserId ?? null;
  return inTransaction(db, async (trx): Promise<PlaceOrderResult<PlacedOrder | HeldOrder>> => {
    const locked = await trx
      .selectFrom('carts')
      .select(['isPurchased'])
      .where('websiteId', '=', websiteId)
      .where('id', '=', cartId)
      .forUpdate()
      .executeTakeFirst();
    if (!locked) return { ok: false, reason: 'cart-not-found' };
    if (locked.isPurchased) return { ok: false, reason: 'cart-purchased' };
    const cart = await getCart(trx, websiteId, cartId);
    if (!cart || cart.entries.length === 0) return { ok: false, reason: 'empty-cart' };
    if (isBelowMinimumSubtotal(cart.subtotalCents, cart.currency, options.minimumSubtotal)) {
      return { ok: false, reason: 'below-minimum' };
    }

    // One fixed order (by variant) for taking row locks, so two orders that
    // share variants cannot each hold one the other is waiting for.
    const toReserve = [...cart.entries].sort((a, b) =>
      a.variantId < b.variantId ? -1 : a.variantId > b.variantId ? 1 : 0,
    );
    const reserved: { variantId: string; quantity: number }[] = [];
    for (const entry of toReserve) {
      const result = await reserveStock(trx, websiteId, entry.variantId, entry.quantity);
      if (!result.ok) {
        // Explicit compensation rather than a rollback, because the caller
        // may own the transaction and want to carry on with it.
        for (const done of reserved) await releaseStock(trx, websiteId, done.variantId, done.quantity);
        return {
          ok: false,
          reason: result.reason === 'not-found' ? 'variant-not-found' : 'insufficient-stock',
          sku: entry.chosenVariant.sku,
        };
      }
      reserved.push({ variantId: entry.variantId, quantity: entry.quantity });
    }

    const orderId = newId();
    let charges: OrderCharges = {
      taxCents: cart.taxCents,
      shippingCostCents: cart.shippingCostCents,
      discountCents: cart.discountCents,
      grandTotalCents: cart.grandTotalCents,
      shippingMethod: null,
      taxLines: [],
      discountLines: [],
      giftCardCents: '0',
    };
    if (options.charge) {
      const charged = await options.charge(trx, cart, orderId);
      if (!charged.ok) {
        for (const done of reserved) await releaseStock(trx, websiteId, done.variantId, done.quantity);
        return { ok: false, reason: 'charges-refused', problem: charged.problem, message: charged.message };
      }
      charges = charged.charges;
    }

    const orderNumber = paid ? await takeOrderNumber(trx, websiteId) : null;
    const statusToken = newStatusToken();
    const order = await trx
      .insertInto('orders')
      .values({
        websiteId,
        id: orderId,
        orderNumber,
        paymentStatus: paid ? 'paid' : 'awaiting',
        statusToken,
        cartId,
        testMode: options.testMode,
        currency: cart.currency,
        subtotalMinor: cart.subtotalCents,
        taxMinor: charges.taxCents,
        shippingMinor: charges.shippingCostCents,
        discountMinor: charges.discountCents,
        grandTotalMinor: charges.grandTotalCents,
        shippingMethod: charges.shippingMethod === null ? null : json(charges.shippingMethod),
        taxLines: json(charges.taxLines),
        discountLines: json(charges.discountLines),
        giftCardMinor: charges.giftCardCents,
        shippingRegion: shippingAddress?.region ?? null,
        customerEmail: options.customerEmail,
        customerName,
        shippingAddressLine1: shippingAddress?.line1 ?? null,
        shippingAddressLine2: shippingAddress?.line2 ?? null,
        shippingCity: shippingAddress?.city ?? null,
        shippingPostalCode: shippingAddress?.postalCode ?? null,
        shippingCountry: shippingAddress?.country ?? null,
        siteUserId,
      })
      .returning(['status', 'createdOn'])
      .executeTakeFirstOrThrow();
    const lines: OrderLine[] = cart.entries.map((entry, index) => ({
      lineNumber: index + 1,
      itemId: entry.itemId,
      variantId: entry.variantId,
      sku: entry.chosenVariant.sku,
      productName: entry.productName,
      quantity: entry.quantity,
      unitPriceCents: entry.unitPriceCents,
      optionValues: entry.chosenVariant.optionValues,
      subscriptionPlan: entry.subscriptionPlan,
      additionalFields: entry.additionalFields,
    }));
    await trx
      .insertInto('orderLines')
      .values(
        lines.map((line) => ({
          websiteId,
          orderId,
          lineNumber: line.lineNumber,
          itemId: line.itemId,
          variantId: line.variantId,
          sku: line.sku,
          productName: line.productName,
          quantity: line.quantity,
          unitPriceMinor: line.unitPriceCents,
          currency: cart.currency,
          optionValues: json(line.optionValues),
          subscriptionPlan: line.subscriptionPlan === null ? null : json(line.subscriptionPlan),
          additionalFields: line.additionalFields === null ? null : json(line.additionalFields),
        })),
      )
      .execute();
    await trx
      .updateTable('carts')
      .set({ isPurchased: true, orderId })
      .where('websiteId', '=', websiteId)
      .where('id', '=', cartId)
      .execute();

    return {
      ok: true,
      order: {
        id: orderId,
        websiteId,
        orderNumber,
        purchasedCartId: cartId,
        testMode: options.testMode,
        currency: cart.currency,
        customerEmail: options.customerEmail,
        customerName,
        shippingAddress,
        status: order.status,
        subtotalCents: cart.subtotalCents,
        taxCents: charges.taxCents,
        shippingCostCents: charges.shippingCostCents,
        discountCents: charges.discountCents,
        grandTotalCents: charges.grandTotalCents,
        shippingMethod: charges.shippingMethod,
        taxLines: charges.taxLines,
        discountLines: charges.discountLines,
        giftCardCents: charges.giftCardCents,
        items: lines,
        createdOn: order.createdOn,
        siteUserId,
        statusToken,
        shipment: null,
      },
    };
  });
}

/** 128 random bits: the receipt email's link to the order's status page. */
export function newStatusToken(): string {
  return randomBytes(16).toString('hex');
}

/** isStatusToken(token) is true for any string shaped like a status token (32 hex characters). */
export function isStatusToken(value: string): boolean {
  return /^[0-9a-f]{32}$/.test(value);
}

export async function getOrder(db: Db, websiteId: string, orderId: string): Promise<PlacedOrder | undefined> {
  const order = await db
    .selectFrom('orders')
    .selectAll()
    .where('websiteId', '=', websiteId)
    .where('id', '=', orderId)
    .where('paymentStatus', '=', 'paid')
    .executeTakeFirst();
  return order ? withLines(db, order) : undefined;
}

/**
 * An order placed and still waiting for its payment (a second step, or a
 * payment the provider has not confirmed yet): the order-received page
 * (207) shows it to the holder of its id, as the confirmation page does.
 */
export async function getOrderAwaitingPayment(
  db: Db,
  websiteId: string,
  orderId: string,
): Promise<HeldOrder | undefined> {
  const order = await db
    .selectFrom('orders')
    .selectAll()
    .where('websiteId', '=', websiteId)
    .where('id', '=', orderId)
    .where('paymentStatus', '=', 'awaiting')
    .executeTakeFirst();
  return order ? { ...(await orderWithLines(db, order)), orderNumber: null } : undefined;
}

/** A paid order by the token of its receipt email's links (migration 0034). */
export async function getOrderByStatusToken(
  db: Db,
  websiteId: string,
  statusToken: string,
): Promise<PlacedOrder | undefined> {
  if (!isStatusToken(statusToken)) return undefined;
  const order = await db
    .selectFrom('orders')
    .selectAll()
    .where('websiteId', '=', websiteId)
    .where('statusToken', '=', statusToken)
    .where('paymentStatus', '=', 'paid')
    .executeTakeFirst();
  return order ? withLines(db, order) : undefined;
}

/** An order by the number the buyer sees (the status page's address); its owner is checked by the caller. */
export async function getOrderByNumber(
  db: Db,
  websiteId: string,
  orderNumber: number,
): Promise<PlacedOrder | undefined> {
  const order = await db
    .selectFrom('orders')
    .selectAll()
    .where('websiteId', '=', websiteId)
    .where('orderNumber', '=', orderNumber)
    .where('paymentStatus', '=', 'paid')
    .executeTakeFirst();
  return order ? withLines(db, order) : undefined;
}

/** The orders a site user placed while signed in, newest first (at most `limit`). */
export async function listOrdersOfSiteUser(
  db: Db,
  websiteId: string,
  siteUserId: string,
  limit: number,
): Promise<OrderSummary[]> {
  const rows = await db
    .selectFrom('orders')
    .select(['id', 'orderNumber', 'currency', 'status', 'grandTotalMinor', 'createdOn'])
    .where('websiteId', '=', websiteId)
    .where('siteUserId', '=', siteUserId)
    .where('paymentStatus', '=', 'paid')
    .orderBy('createdOn', 'desc')
    .orderBy('orderNumber', 'desc')
    .limit(limit)
    .execute();
  // Paid orders are numbered (the orders_paid_numbered check).
  return rows.map(({ grandTotalMinor, orderNumber, ...row }) => ({
    ...row,
    orderNumber: orderNumber ?? 0,
    grandTotalCents: grandTotalMinor,
  }));
}

/** A paid order's lines and details; only paid orders have a number (the orders_paid_numbered check). */
async function withLines(db: Db, stored: Selectable<OrdersTable>): Promise<PlacedOrder> {
  const orderNumber = stored.orderNumber;
  if (orderNumber === null) throw new Error(`order ${stored.id} is not paid, so it has no number`);
  return { ...(await orderWithLines(db, stored)), orderNumber };
}

/** An order's lines and details, paid or not. */
async function orderWithLines(db: Db, stored: Selectable<OrdersTable>): Promise<Omit<PlacedOrder, 'orderNumber'>> {
  const order = readJsonColumns('orders', stored);
  const orderId = order.id;
  const websiteId = order.websiteId;
  const lines = await db
    .selectFrom('orderLines')
    .select([
      'lineNumber',
      'itemId',
      'variantId',
      'sku',
      'productName',
      'quantity',
      'unitPriceMinor',
      'optionValues',
      'subscriptionPlan',
      'additionalFields',
    ])
    .where('websiteId', '=', websiteId)
    .where('orderId', '=', orderId)
    .orderBy('lineNumber')
    .execute();
  return {
    id: order.id,
    websiteId: order.websiteId,
    purchasedCartId: order.cartId,
    testMode: order.testMode,
    currency: order.currency,
    customerEmail: order.customerEmail,
    customerName: order.customerName,
    shippingAddress: shippingAddressOf(order),
    status: order.status,
    subtotalCents: order.subtotalMinor,
    taxCents: order.taxMinor,
    shippingCostCents: order.shippingMinor,
    discountCents: order.discountMinor,
    grandTotalCents: order.grandTotalMinor,
    shippingMethod: order.shippingMethod,
    taxLines: order.taxLines,
    discountLines: order.discountLines,
    giftCardCents: order.giftCardMinor,
    items: lines.map((stored) => {
      const { unitPriceMinor, optionValues, ...line } = readJsonColumns('orderLines', stored);
      return { ...line, unitPriceCents: unitPriceMinor, optionValues: optionValues ?? [] };
    }),
    createdOn: order.createdOn,
    siteUserId: order.siteUserId,
    statusToken: order.statusToken,
    shipment:
      order.fulfilledOn === null
        ? null
        : {
            fulfilledOn: order.fulfilledOn,
            trackingNumber: order.trackingNumber,
            carrier: order.carrier,
            trackingUrl: order.trackingUrl,
          },
  };
}

function shippingAddressOf(order: Selectable<OrdersTable>): ShippingAddress | null {
  const {
    shippingAddressLine1: line1,
    shippingCity: city,
    shippingPostalCode: postalCode,
    shippingCountry: country,
  } = order;
  if (line1 === null || city === null || postalCode === null || country === null) return null;
  const region = order.shippingRegion;
  return {
    line1,
    line2: order.shippingAddressLine2,
    city,
    ...(region === null ? {} : { region }),
    postalCode,
    country,
  };
}
