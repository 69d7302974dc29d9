/** The site user's own pages under /account (sign-in, sign-up, emailed links, the account itself). */
export const ACCOUNT_PAGES = [
  'account',
  'sign-in',
  'sign-up',
  'forgot-password',
  'reset-password',
  'verify-email',
  'membership-confirmed',
] as const;
export type AccountPage = (typeof ACCOUNT_PAGES)[number];

/** Where a URL path leads, before the database is asked (spec section 2). */
export type Route =
  | { kind: 'home' }
  /**
   * /cart, the cart page (200); /commerce/cart the same page as the spec's
   * cart v2 (205): both render the full-page cart's root (#sqs-cart-root),
   * which is what the islands detect the cart page by.
   */
  | { kind: 'cart'; v2?: true }
  | { kind: 'checkout' }
  | { kind: 'order-confirmed' }
  /** /checkout/downloads?orderToken=…: a paid order's files, by its confirmation or receipt token. */
  | { kind: 'downloads' }
  /** /checkout/download-preview?productId=…: the owner's preview of a digital product's download page (210). */
  | { kind: 'digital-preview' }
  /** /checkout/subscription-confirmed: an order that started a subscription (206), in place of 202. */
  | { kind: 'subscription-confirmed' }
  /** /account/subscription: one subscription, by the signed link in its emails. */
  | { kind: 'subscription-manage' }
  | { kind: 'search' }
  | { kind: 'account'; page: AccountPage }
  /** /account/orders/12: one order's status page (211), for its owner or the holder of its token. */
  | { kind: 'order-status'; orderNumber: number }
  /** /commerce/reviews-request?order=N&signature=…: the emailed reviews request of an order (209). */
  | { kind: 'reviews-request' }
  /** /donate/give: the donate page (203) of a donation block on the page /give (?cause= names which). */
  | { kind: 'donate'; pageUrlId: string }
  /** /checkout/contribution-confirmed?donation=…: a paid donation's thanks (204). */
  | { kind: 'contribution-confirmed' }
  /** /newsletter/unsubscribe?token=…: the signed link of a newsletter email (300). */
  | { kind: 'newsletter-unsubscribe' }
  | { kind: 'collection'; collectionUrlId: string }
  | { kind: 'item'; collectionUrlId: string; itemUrlId: string }
  | { kind: 'not-found' }
  /** Never from a URL: the page shown when building or rendering another one failed. */
  | { kind: 'error' };

const SLUG = /^[a-z0-9][a-z0-9-]*$/;

/** resolveRoute('/shop/stoneware-mug') → { kind: 'item', collectionUrlId: 'shop', itemUrlId: 'stoneware-mug' } */
export function resolveRoute(pathname: string): Route {
  let segments: string[];
  try {
    segments = pathname.split('/').filter(Boolean).map(decodeURIComponent);
  } catch {
    return { kind: 'not-found' };
  }
  if (segments.length === 0) return { kind: 'home' };
  if (!segments.every((s) => SLUG.test(s))) return { kind: 'not-found' };
  const [first, second] = segments;
  if (segments.length === 1 && first === 'cart') return { kind: 'cart' };
  if (segments.length === 1 && first === 'search') return { kind: 'search' };
  if (segments.length === 1 && first === 'checkout') return { kind: 'checkout' };
  if (segments.length === 2 && first === 'checkout' && second === 'order-confirmed') return { kind: 'order-confirmed' };
  if (segments.length === 2 && first === 'checkout' && second === 'downloads') return { kind: 'downloads' };
  if (segments.length === 2 && first === 'checkout' && second === 'download-preview')
    return { kind: 'digital-preview' };
  if (segments.length === 2 && first === 'checkout' && second === 'subscription-confirmed') {
    return { kind: 'subscription-confirmed' };
  }
  if (segments.length === 2 && first === 'commerce' && second === 'cart') return { kind: 'cart', v2: true };
  if (segments.length === 2 && first === 'commerce' && second === 'reviews-request') return { kind: 'reviews-request' };
  if (segments.length === 2 && first === 'checkout' && second === 'contribution-confirmed') {
    return { kind: 'contribution-confirmed' };
  }
  if (segments.length === 2 && first === 'donate') return { kind: 'donate', pageUrlId: second! };
  if (segments.length === 2 && first === 'newsletter' && second === 'unsubscribe') {
    return { kind: 'newsletter-unsubscribe' };
  }
  if (first === 'account') return accountRoute(segments);
  if (segments.length === 1) return { kind: 'collection', collectionUrlId: first! };
  if (segments.length === 2) return { kind: 'item', collectionUrlId: first!, itemUrlId: second! };
  return { kind: 'not-found' };
}

/** Order numbers are a PostgreSQL integer; a larger one is no order's, and must not reach a query. */
const ORDER_NUMBER = /^[1-9][0-9]{0,9}$/;
const MAX_ORDER_NUMBER = 2_147_483_647;

/** /account is the account itself; /account/sign-in and the like its other pages; /account/orders/N an order. */
function accountRoute(segments: readonly string[]): Route {
  if (segments.length === 1) return { kind: 'account', page: 'account' };
  if (segments.length === 2 && segments[1] === 'subscription') return { kind: 'subscription-manage' };
  if (segments.length === 3 && segments[1] === 'orders' && ORDER_NUMBER.test(segments[2]!)) {
    const orderNumber = Number(segments[2]);
    return orderNumber <= MAX_ORDER_NUMBER ? { kind: 'order-status', orderNumber } : { kind: 'not-found' };
  }
  const name = segments.length === 2 ? segments[1] : undefined;
  const page = ACCOUNT_PAGES.find((known) => known !== 'account' && known === name);
  return page ? { kind: 'account', page } : { kind: 'not-found' };
}

/** A collection filtered in the path, as packages link it: /journal/tag/pour-over, /journal/category/Brewing. */
export interface PathFilter {
  /** The collection's own path: /journal. */
  readonly pathname: string;
  readonly name: 'tag' | 'category';
  readonly value: string;
}

/**
 * pathFilter('/journal/tag/house%20blend') → { pathname: '/journal', name: 'tag', value: 'house blend' }:
 * the same page as /journal?tag=house%20blend. Undefined for any other path.
 */
export function pathFilter(pathname: string): PathFilter | undefined {
  const segments = pathname.split('/').filter(Boolean);
  if (segments.length !== 3) return undefined;
  const [collection, name, encoded] = segments as [string, string, string];
  if ((name !== 'tag' && name !== 'category') || !SLUG.test(collection)) return undefined;
  let value: string;
  try {
    value = decodeURIComponent(encoded);
  } catch {
    return undefined;
  }
  return { pathname: `/${collection}`, name, value };
}

/** Pages showing one visitor's cart, order or account: the page cache never shares them. */
export function isVisitorRoute(route: Route): boolean {
  return route.kind === 'cart' || holdsPersonalDetails(route);
}

/**
 * Pages with a buyer's email, name or address, or an emailed link's token
 * in their address: not even the browser's cache may keep them.
 */
export function holdsPersonalDetails(route: Route): boolean {
  return (
    route.kind === 'checkout' ||
    route.kind === 'order-confirmed' ||
    route.kind === 'downloads' ||
    route.kind === 'digital-preview' ||
    route.kind === 'subscription-confirmed' ||
    route.kind === 'subscription-manage' ||
    route.kind === 'account' ||
    route.kind === 'order-status' ||
    route.kind === 'reviews-request' ||
    route.kind === 'donate' ||
    route.kind === 'contribution-confirmed' ||
    route.kind === 'newsletter-unsubscribe'
  );
}
