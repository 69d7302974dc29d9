/**
 * The store owner's checkout rules as pure data: shipping zones and their
 * rates, tax rates, discounts. The database layer reads them into these
 * shapes and the pricing functions beside this file apply them; amounts are
 * integer minor units of the store's currency as decimal strings, rates are
 * percentages as decimal strings ('8.875'), never floats.
 */

/** Where a zone applies: a country, or only some of its regions; country '*' is everywhere else. */
export interface ZoneArea {
  country: string;
  /** Region codes (or free-text regions) of the country; absent or empty is the whole country. */
  regions?: string[];
}

export interface ShippingZone {
  id: string;
  name: string;
  areas: ZoneArea[];
}

/**
 * flat: one price; weight: by the parcel's weight in bands; subtotal: by
 * the order's subtotal in bands; pickup: collected from the shop.
 */
export type ShippingRateKind = 'flat' | 'weight' | 'subtotal' | 'pickup';

export const SHIPPING_RATE_KINDS: readonly ShippingRateKind[] = ['flat', 'weight', 'subtotal', 'pickup'];

/** A band of a weight or subtotal rate: up to and including `upTo` (grams or minor units); null is no upper bound. */
export interface RateBand {
  upTo: string | null;
  amountCents: string;
}

export interface ShippingRate {
  id: string;
  zoneId: string;
  name: string;
  kind: ShippingRateKind;
  /** The price of a flat or pickup rate (ignored by banded kinds). */
  amountCents: string;
  bands: RateBand[];
  /** The rate costs nothing once the order's subtotal (after discounts) reaches this. */
  freeOverCents: string | null;
  /** Shown under the option: a delivery time, or where to collect. */
  description: string | null;
}

export interface TaxRate {
  id: string;
  name: string;
  country: string;
  /** null: the whole country. */
  region: string | null;
  ratePercent: string;
  /** Whether shipping is taxed at this rate too (the rule of the place). */
  appliesToShipping: boolean;
}

export interface TaxSettings {
  /** Prices (and shipping rates) are entered with tax in them; tax is then part of the total, not added. */
  pricesIncludeTax: boolean;
  /** Round tax to the minor unit per line (and per rule), or once per order (per rule). */
  rounding: 'line' | 'order';
}

export type DiscountKind = 'percentage' | 'fixed' | 'free-shipping';

export const DISCOUNT_KINDS: readonly DiscountKind[] = ['percentage', 'fixed', 'free-shipping'];

export interface Discount {
  id: string;
  /** What the shopper types (kept upper case); null for an automatic discount, applied without a code. */
  code: string | null;
  name: string;
  kind: DiscountKind;
  /** A percentage ('10') for percentage, minor units for fixed, unused for free shipping. */
  value: string;
  minimumSubtotalCents: string | null;
  startsOn: Date | null;
  endsOn: Date | null;
  /** Orders that may use it in all; null is no limit. */
  usageLimit: number | null;
  /** Orders one customer (by email) may use it on; null is no limit. */
  perCustomerLimit: number | null;
  timesUsed: number;
  /** Scope: only these products' lines (item ids)… */
  productIds: string[];
  /** …or products in these store categories; both empty is the whole order. */
  categories: string[];
  active: boolean;
}

export interface CheckoutRules {
  zones: ShippingZone[];
  rates: ShippingRate[];
  taxRates: TaxRate[];
  discounts: Discount[];
  tax: TaxSettings;
}

/** Codes are matched without regard to case or surrounding space: 'welcome10 ' is WELCOME10. */
export function normalizeDiscountCode(code: string): string {
  return code.trim().toUpperCase();
}
