import { COLLECTION_TYPES } from '../../domain/spec-enums.ts';

/** The spec's page type numbers (section 2) that the renderer answers with. */
export const PAGE_TYPES = {
  mainContent: 1,
  page: 2,
  splash: 3,
  contentItem: 50,
  notFound: 100,
  error: 101,
  search: 102,
  lockScreen: 103,
  popupOverlay: 104,
  protectedContent: 105,
  memberAreaAccessDenied: 106,
  showCart: 200,
  checkout: 201,
  orderConfirmed: 202,
  subscriptionConfirmed: 206,
  /** The same page as showCart (the islands' full-page cart), at /commerce/cart: see resolve-route.ts. */
  cartV2: 205,
  orderReceived: 207,
  donate: 203,
  contributionConfirmed: 204,
  membershipConfirmed: 208,
  reviewsRequest: 209,
  digitalProductPreview: 210,
  orderStatus: 211,
  commerceEmailPreview: 301,
  newsletterUnsubscribe: 300,
} as const;

export type PageTypeNumber = (typeof PAGE_TYPES)[keyof typeof PAGE_TYPES];

/**
 * What a collection's own address shows: a page of a page collection (2), a
 * cover page of a splash-page collection (3), or the list of a collection's
 * items (main content, 1). Known by the spec's collection type number, or by
 * the template's collection kind for rows that only name that.
 */
export function collectionPageType(collection: { type: number; typeName: string }): PageTypeNumber {
  if (collection.type === COLLECTION_TYPES['splash-page'] || collection.typeName === 'splash-page') {
    return PAGE_TYPES.splash;
  }
  if (collection.type === COLLECTION_TYPES.page || collection.typeName === 'page') return PAGE_TYPES.page;
  return PAGE_TYPES.mainContent;
}
