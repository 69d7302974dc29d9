/** The spec's page type numbers (section 2) that the renderer answers with. */
export const PAGE_TYPES = {
  mainContent: 1,
  page: 2,
  contentItem: 50,
  notFound: 100,
  error: 101,
  search: 102,
  lockScreen: 103,
  protectedContent: 105,
  memberAreaAccessDenied: 106,
  showCart: 200,
  checkout: 201,
  orderConfirmed: 202,
} as const;

export type PageTypeNumber = (typeof PAGE_TYPES)[keyof typeof PAGE_TYPES];
