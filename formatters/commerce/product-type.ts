/**
 * Product types (spec section 3). Display helpers know 1 to 4; paywall (5) and
 * anything unreadable count as "no display type". -1 is the explicit
 * "undefined" type some stores send, which product-price shows as nothing.
 */
import { pathOf } from './values.ts';

export const PRODUCT_TYPE = {
  UNDEFINED: -1,
  PHYSICAL: 1,
  DIGITAL: 2,
  SERVICE: 3,
  GIFT_CARD: 4,
  PAYWALL: 5,
} as const;

export type DisplayProductType = -1 | 1 | 2 | 3 | 4;

const DISPLAY_TYPES: ReadonlySet<number> = new Set([-1, 1, 2, 3, 4]);

/** displayProductType({structuredContent: {productType: '2'}}) → 2; paywall, 0, 'abc' → undefined. */
export function displayProductType(item: unknown): DisplayProductType | undefined {
  const raw = pathOf(item, 'structuredContent', 'productType');
  if (typeof raw !== 'number' && typeof raw !== 'string' && typeof raw !== 'boolean') return undefined;
  if (typeof raw === 'string' && raw.trim() === '') return undefined;
  const n = Number(raw);
  return DISPLAY_TYPES.has(n) ? (n as DisplayProductType) : undefined;
}

/** Physical and service products are the ones with stock and subscriptions. */
export const isStocked = (type: DisplayProductType | undefined): boolean =>
  type === PRODUCT_TYPE.PHYSICAL || type === PRODUCT_TYPE.SERVICE;

/** Types whose price comes from their variants. */
export const isVariantPriced = (type: DisplayProductType | undefined): boolean =>
  isStocked(type) || type === PRODUCT_TYPE.GIFT_CARD;
