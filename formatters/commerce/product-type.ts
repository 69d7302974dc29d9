/**
 * Product types (spec section 3). Display helpers know 1 to 4; paywall (5) and
 * anything unreadable count as "no display type". -1 is the explicit
 * "undefined" type some stores send, which product-price shows as nothing.
 */
import { PRODUCT_TYPES } from '../../domain/spec-enums.ts';
import { pathOf } from '../json-values.ts';

/** The spec's product types, plus -1: the explicit "undefined" type some stores send. */
export const PRODUCT_TYPE = {
  UNDEFINED: -1,
  PHYSICAL: PRODUCT_TYPES.physical,
  DIGITAL: PRODUCT_TYPES.digital,
  SERVICE: PRODUCT_TYPES.service,
  GIFT_CARD: PRODUCT_TYPES['gift-card'],
  PAYWALL: PRODUCT_TYPES.paywall,
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
