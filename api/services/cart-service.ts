/**
 * The add-to-cart rules of spec section 5. The rule functions are pure (a
 * product, its variants, the cart's entries in; a value or an ApiError
 * out); the few functions at the bottom that touch the database only
 * sequence them around the cart repository, so a refused write leaves the
 * cart as it was.
 */

import { isStockedType } from '../../domain/product-types.ts';
import { QUANTITY_MESSAGES, type QuantityProblem, quantityProblem } from '../../domain/quantity.ts';
import { PRODUCT_TYPES } from '../../domain/spec-enums.ts';
import { canAddToCart } from '../../domain/stock.ts';
import { optionsPhrase } from '../../shared/add-to-cart-messages.ts';
import { checkGiftCardRecipient } from '../../shared/gift-card-recipient.ts';
import { ApiError, type ApiErrorCode } from '../api-errors.ts';
import { isId } from '../db/ids.ts';
import type { Product, ProductVariant } from '../db/schema.ts';
import {
  addEntry,
  createCart,
  getCart,
  type ShoppingCart,
  type ShoppingCartEntry,
  updateEntryQuantity,
} from '../repositories/cart-repository.ts';
import { getProduct, type ProductDetail } from '../repositories/product-repository.ts';
import type { Db } from '../repositories/transaction.ts';
import type { WebsiteWithSettings } from '../repositories/website-repository.ts';
import { assertCleanInput } from '../visitor-input.ts';
import type { GiftCardJson } from './gift-card-pricing.ts';

const { service: SERVICE, 'gift-card': GIFT_CARD } = PRODUCT_TYPES;

const WHOLE_OR_DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

const QUANTITY_ERROR_CODES = {
  notANumber: 'quantity-not-a-number',
  notWhole: 'quantity-not-whole',
  outOfRange: 'quantity-out-of-range',
} as const satisfies Record<QuantityProblem, ApiErrorCode>;

/**
 * A quantity as a visitor may send it (a JSON number, or a string from a
 * form field); absent means the spec's default of 1.
 */
export function parseQuantity(raw: unknown): number {
  if (raw === undefined || raw === null) return 1;
  let value: number;
  if (typeof raw === 'number') value = raw;
  else if (typeof raw === 'string' && WHOLE_OR_DECIMAL.test(raw.trim())) value = Number(raw.trim());
  else value = Number.NaN;
  const problem = quantityProblem(value);
  if (problem) throw new ApiError(QUANTITY_ERROR_CODES[problem], { fields: { quantity: QUANTITY_MESSAGES[problem] } });
  return value;
}

// The wording is shared with the browser bundle (hydrate/).
export { optionsPhrase } from '../../shared/add-to-cart-messages.ts';

/** The product's option names in the owner's order, then any the ordering misses. */
export function productOptions(product: Pick<Product, 'variantOptionOrdering'>, variants: ProductVariant[]): string[] {
  const names = [...product.variantOptionOrdering];
  for (const variant of variants) {
    for (const name of Object.keys(variant.attributes)) if (!names.includes(name)) names.push(name);
  }
  return names;
}

/**
 * The variant a request names. The API cannot tell which options a visitor
 * left unselected, so a missing or unknown sku on a product with options
 * names all of them, as the add-to-cart button does with none selected.
 */
export function resolveVariant(detail: ProductWithVariantsLike, sku: string | null | undefined): ProductVariant {
  const { product, variants } = detail;
  const wanted = sku?.trim() ? variants.find((variant) => variant.sku === sku) : undefined;
  if (wanted) return wanted;
  const options = productOptions(product, variants);
  if (product.productType === GIFT_CARD && options.length > 0) throw new ApiError('gift-card-denomination');
  if (options.length > 0) throw new ApiError('options-not-selected', { params: { options: optionsPhrase(options) } });
  if (!sku?.trim() && variants.length === 1) return variants[0]!;
  throw new ApiError('variant-unavailable');
}

interface ProductWithVariantsLike {
  product: Pick<Product, 'productType' | 'variantOptionOrdering'>;
  variants: ProductVariant[];
}

/** How many of a variant the cart already holds, over every entry (entries differ by additional fields). */
export function quantityInCart(cart: ShoppingCart | undefined, variantId: string, exceptEntryId?: string): number {
  if (!cart) return 0;
  return cart.entries
    .filter((entry) => entry.variantId === variantId && entry.id !== exceptEntryId)
    .reduce((sum, entry) => sum + entry.quantity, 0);
}

/**
 * Spec section 5: available when unlimited or the stock is greater than
 * what the cart already holds, and it must cover the new quantity too.
 */
export function checkStock(
  productType: number,
  variant: ProductVariant,
  alreadyInCart: number,
  quantity: number,
): void {
  if (!isStockedType(productType) || canAddToCart(variant, alreadyInCart, quantity)) return;
  throw new ApiError('out-of-stock');
}

/** A service is sold one at a time when the store says so (the default allows more). */
export function checkServiceQuantity(
  settings: WebsiteWithSettings['settings'],
  productType: number,
  itemInCart: number,
  quantity: number,
): void {
  if (productType !== SERVICE) return;
  if (settings.storeSettings.multipleQuantityAllowedForServices !== false) return;
  if (itemInCart + quantity > 1) throw new ApiError('service-single-quantity');
}

/** additionalFields arrive as JSON text (spec section 7); blank means none. */
export function parseAdditionalFields(raw: string | null | undefined): Record<string, unknown> | null {
  if (raw === undefined || raw === null || raw.trim() === '') return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    value = undefined;
  }
  if (value === null) return null;
  assertCleanInput(value, 'additionalFields');
  if (typeof value !== 'object' || Array.isArray(value) || value === undefined) {
    throw new ApiError('invalid-additional-fields', {
      fields: { additionalFields: 'Additional fields must be a JSON object.' },
    });
  }
  return value as Record<string, unknown>;
}

/**
 * What an entry's additional fields must hold for its product: a gift card
 * carries its recipient (name, email) and the buyer's note, trimmed, and is
 * refused with a message per field otherwise; other products keep theirs
 * as sent. Returns what is stored.
 */
export function checkEntryFields(
  productType: number,
  fields: Record<string, unknown> | null,
): Record<string, unknown> | null {
  if (productType !== GIFT_CARD) return fields;
  const check = checkGiftCardRecipient(fields ?? {});
  if (!check.ok) throw new ApiError('gift-card-recipient-invalid', { fields: check.errors });
  return { ...fields, ...check.recipient };
}

/**
 * Every field of the spec's Shopping cart entity; money stays minor-unit
 * strings. Beside them (issue 20): the gift cards applied, what they pay,
 * and what is left to pay (checkout prices them, cart-pricing-service.ts).
 */
export interface ShoppingCartJson {
  id: string | null;
  websiteId: string;
  orderId: string | null;
  created: number | null;
  currency: string;
  isPurchased: boolean;
  hasDigital: boolean;
  purelyDigital: boolean;
  requiresShipping: boolean;
  entries: ShoppingCartEntry[];
  shippingOptions: unknown[];
  selectedShippingOption: Record<string, unknown> | null;
  shippingLocation: Record<string, unknown> | null;
  applicableTaxRules: unknown[];
  coupons: string[];
  validCoupons: string[];
  invalidCoupons: string[];
  subtotalCents: string;
  taxCents: string;
  shippingCostCents: string;
  discountCents: string;
  grandTotalCents: string;
  totalQuantity: number;
  giftCards: GiftCardJson[];
  giftCardCents: string;
  amountDueCents: string;
}

export function cartJson(cart: ShoppingCart): ShoppingCartJson {
  return {
    id: cart.id,
    websiteId: cart.websiteId,
    orderId: cart.orderId,
    created: cart.created,
    currency: cart.currency,
    isPurchased: cart.isPurchased,
    hasDigital: cart.hasDigital,
    purelyDigital: cart.purelyDigital,
    requiresShipping: cart.requiresShipping,
    entries: cart.entries,
    // Shipping and tax rules belong to checkout; the cart carries none yet.
    shippingOptions: [],
    selectedShippingOption: cart.selectedShippingOption,
    shippingLocation: cart.shippingLocation,
    applicableTaxRules: [],
    coupons: cart.coupons,
    validCoupons: cart.validCoupons,
    invalidCoupons: cart.invalidCoupons,
    subtotalCents: cart.subtotalCents,
    taxCents: cart.taxCents,
    shippingCostCents: cart.shippingCostCents,
    discountCents: cart.discountCents,
    grandTotalCents: cart.grandTotalCents,
    totalQuantity: cart.totalQuantity,
    giftCards: [],
    giftCardCents: '0',
    amountDueCents: cart.grandTotalCents,
  };
}

/** What GET answers for a visitor with no cart: the same shape, nothing in it. */
export function emptyCartJson(websiteId: string, currency: string): ShoppingCartJson {
  return {
    id: null,
    websiteId,
    orderId: null,
    created: null,
    currency,
    isPurchased: false,
    hasDigital: false,
    purelyDigital: false,
    requiresShipping: false,
    entries: [],
    shippingOptions: [],
    selectedShippingOption: null,
    shippingLocation: null,
    applicableTaxRules: [],
    coupons: [],
    validCoupons: [],
    invalidCoupons: [],
    subtotalCents: '0',
    taxCents: '0',
    shippingCostCents: '0',
    discountCents: '0',
    grandTotalCents: '0',
    totalQuantity: 0,
    giftCards: [],
    giftCardCents: '0',
    amountDueCents: '0',
  };
}

// ---------------------------------------------------------------------------
// Sequencing over the database.

/** The visitor's open cart named by a cookie value; another site's, a purchased or a missing cart is none. */
export async function findVisitorCart(
  db: Db,
  websiteId: string,
  cartId: string | undefined,
): Promise<ShoppingCart | undefined> {
  if (!cartId || !isId(cartId)) return undefined;
  const cart = await getCart(db, websiteId, cartId);
  return cart && !cart.isPurchased ? cart : undefined;
}

export interface AddRequest {
  itemId: string;
  sku?: string | null;
  quantity?: unknown;
  additionalFields?: string | null;
}

async function loadProduct(db: Db, websiteId: string, itemId: string): Promise<ProductDetail> {
  const detail = isId(itemId) ? await getProduct(db, websiteId, itemId) : undefined;
  if (!detail?.item.published) throw new ApiError('product-not-found');
  return detail;
}

/** Every rule of an add, in the order the add-to-cart button applies them; nothing is written. */
async function checkAdd(
  db: Db,
  site: WebsiteWithSettings,
  cart: ShoppingCart | undefined,
  request: AddRequest,
): Promise<{
  detail: ProductDetail;
  variant: ProductVariant;
  quantity: number;
  fields: Record<string, unknown> | null;
}> {
  const quantity = parseQuantity(request.quantity);
  const detail = await loadProduct(db, site.website.id, request.itemId);
  const variant = resolveVariant(detail, request.sku);
  const type = detail.product.productType;
  const itemInCart = (cart?.entries ?? [])
    .filter((entry) => entry.itemId === detail.item.id)
    .reduce((sum, entry) => sum + entry.quantity, 0);
  checkServiceQuantity(site.settings, type, itemInCart, quantity);
  // Spec section 5: with an additional-fields form, stock is checked first.
  checkStock(type, variant, quantityInCart(cart, variant.id), quantity);
  const fields = checkEntryFields(type, parseAdditionalFields(request.additionalFields));
  return { detail, variant, quantity, fields };
}

/** Called once an add has passed every check and needs a new cart; it may throw to refuse (the rate limit). */
export type BeforeNewCart = () => Promise<void>;

export async function addToCart(
  db: Db,
  site: WebsiteWithSettings,
  existing: ShoppingCart | undefined,
  request: AddRequest,
  beforeNewCart?: BeforeNewCart,
  /** A signed-in shopper's new cart is their account's, so it follows them to other browsers. */
  siteUserId?: string,
): Promise<{ cart: ShoppingCart; newlyAdded: ShoppingCartEntry; created: boolean }> {
  const { detail, variant, quantity, fields } = await checkAdd(db, site, existing, request);
  const websiteId = site.website.id;
  if (!existing) await beforeNewCart?.();
  const cart = existing ?? (await createCart(db, websiteId, { currency: site.settings.baseCurrency, siteUserId }));
  const added = await addEntry(db, websiteId, cart.id, {
    itemId: detail.item.id,
    variantId: variant.id,
    quantity,
    additionalFields: fields,
  });
  if (!added.ok) {
    if (added.reason === 'quantity-limit') {
      throw new ApiError('quantity-out-of-range', { fields: { quantity: 'Quantity must be from 1 to 9999.' } });
    }
    throw new ApiError(added.reason === 'variant-not-found' ? 'variant-unavailable' : 'entry-not-found');
  }
  const updated = (await getCart(db, websiteId, cart.id))!;
  const newlyAdded = updated.entries.find((entry) => entry.id === added.entryId)!;
  return { cart: updated, newlyAdded, created: existing === undefined };
}

/** A cart of its own for one subscription, handed to the subscription page by its id. */
export async function createSubscriptionCart(
  db: Db,
  site: WebsiteWithSettings,
  request: AddRequest,
  beforeNewCart?: BeforeNewCart,
): Promise<{ cartToken: string }> {
  const detail = await loadProduct(db, site.website.id, request.itemId);
  // Spec section 3: physical and service products, the stocked ones, are the subscribable types.
  if (!detail.product.isSubscribable || !isStockedType(detail.product.productType)) {
    throw new ApiError('not-subscribable');
  }
  const { cart } = await addToCart(db, site, undefined, request, beforeNewCart);
  return { cartToken: cart.id };
}

export async function changeQuantity(
  db: Db,
  site: WebsiteWithSettings,
  cart: ShoppingCart,
  entryId: string,
  rawQuantity: unknown,
): Promise<ShoppingCart> {
  const quantity = parseQuantity(rawQuantity);
  const entry = cart.entries.find((candidate) => candidate.id === entryId);
  if (!entry) throw new ApiError('entry-not-found');
  const detail = await loadProduct(db, site.website.id, entry.itemId);
  const variant = detail.variants.find((candidate) => candidate.id === entry.variantId);
  if (!variant) throw new ApiError('variant-unavailable');
  const otherEntriesOfItem = cart.entries
    .filter((candidate) => candidate.itemId === entry.itemId && candidate.id !== entry.id)
    .reduce((sum, candidate) => sum + candidate.quantity, 0);
  checkServiceQuantity(site.settings, detail.product.productType, otherEntriesOfItem, quantity);
  if (quantity > entry.quantity) {
    checkStock(detail.product.productType, variant, quantityInCart(cart, variant.id, entry.id), quantity);
  }
  const result = await updateEntryQuantity(db, site.website.id, cart.id, entryId, quantity);
  if (!result.ok) throw new ApiError('entry-not-found');
  return (await getCart(db, site.website.id, cart.id))!;
}
