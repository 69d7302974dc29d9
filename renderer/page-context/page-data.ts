/**
 * The planned load of a page: everything its route reads from the database,
 * fetched in one pass (in parallel where one read does not need another's
 * answer) before any JSON is shaped. What no visitor changes (the site's
 * collections, logo and popup form; the route's items, products, stock,
 * comments, search results) is kept per content version in the SiteDataMemo
 * and shared by every visitor; what belongs to the asking visitor (their cart,
 * the checkout's cart, an order) is read for this request alone.
 */

import { timingSafeEqual } from 'node:crypto';
import { isId } from '../../api/db/ids.ts';
import type { Collection, Form, Image, Item } from '../../api/db/schema.ts';
import {
  type CartCatalog,
  getCart,
  getCartCatalog,
  type ShoppingCart,
} from '../../api/repositories/cart-repository.ts';
import {
  loadCheckoutRules,
  loadProductFacts,
  withCurrentDiscountUses,
} from '../../api/repositories/checkout-rules-repository.ts';
import { listCollections } from '../../api/repositories/collection-repository.ts';
import { type CommentThread, listComments } from '../../api/repositories/comment-repository.ts';
import { type Donation, findPaidDonationByToken } from '../../api/repositories/donation-repository.ts';
import {
  type DigitalProductPreview,
  type DownloadGrant,
  ensureDownloadGrants,
  getDigitalProductPreview,
  orderHasDownloads,
} from '../../api/repositories/download-repository.ts';
import { getForm } from '../../api/repositories/form-repository.ts';
import {
  type AdjacentItems,
  adjacentItems,
  findItemByUrlId,
  getImages,
  listItems,
  type OffsetPage,
  publicProductPaths,
  relatedItems,
  type SearchPage,
  searchItems,
} from '../../api/repositories/item-repository.ts';
import { findSubscriber } from '../../api/repositories/mailing-list-repository.ts';
import { findPaymentOfOrder } from '../../api/repositories/order-payment-repository.ts';
import {
  getOrder,
  getOrderAwaitingPayment,
  getOrderByNumber,
  getOrderByStatusToken,
  type HeldOrder,
  isStatusToken,
  listOrdersOfSiteUser,
  type OrderSummary,
  type PlacedOrder,
} from '../../api/repositories/order-repository.ts';
import { listOrderRefunds, listOrderShipments } from '../../api/repositories/owner-order-repository.ts';
import {
  memberAreasPaidBy,
  type PaywallOffer,
  paywallOffersFor,
} from '../../api/repositories/paid-membership-repository.ts';
import { listReviews, type ProductReviews } from '../../api/repositories/review-repository.ts';
import {
  getSubscription,
  listSubscriptionsOfSiteUser,
  type Subscription,
  subscriptionsOfOrder,
} from '../../api/repositories/subscription-repository.ts';
import { getCollectionTaxonomy, type Taxonomy } from '../../api/repositories/taxonomy-repository.ts';
import type { Db } from '../../api/repositories/transaction.ts';
import { type PricedCart, priceShoppingCart } from '../../api/services/cart-pricing-service.ts';
import { type DonationCause, findDonationCause } from '../../api/services/donation-service.ts';
import { RECORD_TYPES } from '../../domain/spec-enums.ts';
import type { PageBlockError } from '../page-blocks/index.ts';
import type { PageRequest } from './build-page.ts';
import { type LoadedItems, loadItems } from './load-items.ts';
import type { OrderAftermath } from './order-status-json.ts';
import { isLockedFor, isSiteLockedFor } from './page-access.ts';
import { buildPageBlocks } from './page-blocks-content.ts';
import { collectionPageType, PAGE_TYPES } from './page-types.ts';
import { popupFormId } from './popup-overlay-json.ts';
import { pricedCartKept } from './priced-cart-memo.ts';

const SEARCH_PAGE_SIZE = 20;

/** What every page of the website reads. */
export interface SiteData {
  /** Enabled collections in the owner's order. */
  collections: Collection[];
  logo: Image | undefined;
  /** The form of the site-wide popup, when it has one. */
  popupForm: Form | undefined;
  /** Each paid member area's way in, by the area's id (paid-membership-repository.ts); free areas have none. */
  paywallOffers: ReadonlyMap<string, PaywallOffer>;
}

/** What the route reads beyond the site's data; none of it depends on who asks. */
export type RouteData =
  | { kind: 'none' }
  | { kind: 'search'; q: string; found: SearchPage; loaded: LoadedItems }
  | { kind: 'blocks'; content: { html: string; errors: PageBlockError[] } }
  | { kind: 'list'; found: OffsetPage<Item>; taxonomy: Taxonomy; loaded: LoadedItems }
  | {
      kind: 'item';
      item: Item | undefined;
      loaded?: LoadedItems;
      adjacent?: AdjacentItems;
      thread?: CommentThread;
      /** A product's reviews (none for other items). */
      reviews?: ProductReviews;
      /** A product's related products (relatedItems; none for other items). */
      related?: LoadedItems;
    };

/** What the asking visitor alone may see. */
export interface VisitorData {
  /** Their open cart (the header count, /cart without script). */
  cart: ShoppingCart | undefined;
  /** The cart the checkout page shows: theirs, or the one its URL names, open or bought. */
  checkoutCart?: ShoppingCart | undefined;
  /** That cart priced under the store's checkout rules, when it can be bought (issue 20). */
  checkoutPriced?: PricedCart | undefined;
  /** Where that cart's payment waits for its second step, when it is bought and its order is not yet paid. */
  checkoutSecondStep?: string | undefined;
  order?: PlacedOrder | undefined;
  /** The products of the order a reviews request names, with the address of each one visitors can see (209). */
  reviewsRequest?: { order: PlacedOrder; productPaths: Map<string, string> } | undefined;
  /** The order's shipments, refunds and charge, on its status page (211). */
  orderAftermath?: OrderAftermath | undefined;
  /** The order the confirmation link names while its payment is still awaited (page type 207). */
  heldOrder?: HeldOrder | undefined;
  /** Where that order's payment waits for the shopper (their bank's page), when it does. */
  heldOrderPaymentStep?: string | undefined;
  /** Whether the order bought files to download: its confirmation page links to them. */
  orderHasDownloads?: boolean;
  /** The order's files, on its download page. */
  downloads?: DownloadGrant[];
  /** The digital product the owner previews (page type 210); only read for a signed-in owner. */
  digitalPreview?: DigitalProductPreview;
  /** The member areas the order's paywall products opened, by id, on its confirmation page. */
  orderMemberAreaIds?: string[];
  /** The signed-in user's order history, on their account page. */
  orders?: OrderSummary[];
  /** The subscriptions an order started (206), or the signed-in user's (their account page). */
  subscriptions?: Subscription[];
  /** The subscription a verified emailed link names (/account/subscription). */
  subscription?: Subscription;
  /** The cause the donate page offers (203). */
  donationCause?: DonationCause | undefined;
  /** The paid donation its contribution-confirmed page thanks for (204). */
  donation?: Donation | undefined;
  /** The address of the newsletter-unsubscribe page's signed link, and whether it is still on the list (300). */
  subscriber?: { email: string; subscribed: boolean } | undefined;
}

/** The account page lists this many of a user's newest orders; a store's buyers rarely have more. */
export const ORDER_HISTORY_LIMIT = 100;

/**
 * The order's confirmation token (its random id) or the receipt email's
 * (its status token), compared without telling how much of it matched.
 */
function holdsToken(order: PlacedOrder, token: string | null): boolean {
  if (token === null) return false;
  const expected = isId(token) ? order.id : isStatusToken(token) ? order.statusToken : null;
  if (expected === null) return false;
  const sent = Buffer.from(token);
  const known = Buffer.from(expected);
  return sent.length === known.length && timingSafeEqual(sent, known);
}

/**
 * An order's status page shows it to the user who placed it signed in, or to
 * whoever holds its confirmation token or the link in its receipt email; to
 * anyone else it does not exist.
 */
function mayView(order: PlacedOrder, request: PageRequest): boolean {
  const accountId = request.viewer?.account?.id;
  if (accountId !== undefined && order.siteUserId === accountId) return true;
  return holdsToken(order, request.query.get('orderToken'));
}

export interface PageData {
  site: SiteData;
  route: RouteData;
  visitor: VisitorData;
}

/** The page's data in one pass: the shared part (memoised when the request has a version) beside the visitor's. */
export async function loadPageData(db: Db, request: PageRequest): Promise<PageData> {
  const [shared, visitor] = await Promise.all([loadShared(db, request), loadVisitorData(db, request)]);
  return { ...shared, visitor };
}

async function loadShared(db: Db, request: PageRequest): Promise<{ site: SiteData; route: RouteData }> {
  const remember = rememberFor(request);
  const site = await remember('site', () => loadSiteData(db, request));
  const plan = planRoute(request, site.collections);
  const route = plan.key === undefined ? await plan.load(db) : await remember(plan.key, () => plan.load(db));
  return { site, route };
}

/** Loads through the request's memo when it has one, or straight from the database. */
export function rememberFor(
  request: Pick<PageRequest, 'site' | 'memo'>,
): <T>(key: string, load: () => Promise<T>) => Promise<T> {
  const websiteId = request.site.website.id;
  return (key, load) =>
    request.memo ? request.memo.data.get(`${websiteId}|${request.memo.version}`, key, load) : load();
}

async function loadSiteData(db: Db, request: PageRequest): Promise<SiteData> {
  const websiteId = request.site.website.id;
  const logoId = request.site.settings.logoImageId;
  const formId = popupFormId(request.site.settings.popupOverlay);
  const [collections, logo, popupForm] = await Promise.all([
    listCollections(db, websiteId),
    logoId ? getImages(db, websiteId, [logoId]).then((images) => images.get(logoId)) : undefined,
    formId ? getForm(db, websiteId, formId) : undefined,
  ]);
  const areaIds = collections.filter((c) => c.memberOnly).map((c) => c.id);
  const paywallOffers = await paywallOffersFor(db, websiteId, areaIds);
  return { collections, logo, popupForm, paywallOffers };
}

/** Which collection a route shows, among the enabled ones; undefined when none (a 404). */
export function routeCollection(request: PageRequest, collections: readonly Collection[]): Collection | undefined {
  const { route } = request;
  if (route.kind === 'home') return collections.find((c) => c.isHome);
  if (route.kind !== 'collection' && route.kind !== 'item') return undefined;
  const collection = collections.find((c) => c.urlId === route.collectionUrlId);
  // The home collection answers at '/', not at its own slug.
  if (route.kind === 'collection' && collection?.isHome) return undefined;
  return collection;
}

export function offsetParam(query: URLSearchParams): number {
  const value = Number(query.get('offset') ?? 0);
  return Number.isSafeInteger(value) && value >= 0 ? value : 0;
}

/** The search's query as the page reads it: cut by code point, so a cut never leaves half a surrogate pair. */
export function searchQuery(query: URLSearchParams): string {
  return Array.from(query.get('q') ?? '')
    .slice(0, 200)
    .join('');
}

/**
 * What the route reads, and the memo key it is kept under (everything the
 * load depends on besides the website and its version); no key means it is
 * read for this request only.
 */
function planRoute(
  request: PageRequest,
  collections: readonly Collection[],
): { key: string | undefined; load: (db: Db) => Promise<RouteData> } {
  const { route, query } = request;
  const websiteId = request.site.website.id;
  const none = { key: undefined, load: async (): Promise<RouteData> => ({ kind: 'none' }) };
  // A locked site reads none of the content it hides.
  if (isSiteLockedFor(request.site, route, request.viewer)) return none;
  switch (route.kind) {
    case 'search': {
      const q = searchQuery(query);
      const offset = offsetParam(query);
      return {
        key: `search|${offset}|${q}`,
        load: async (db) => {
          const found = await searchItems(db, websiteId, q, { limit: SEARCH_PAGE_SIZE, offset });
          // Results show what the lists show of each item (picture, price, date), read the same way.
          const byId = new Map(collections.map((c) => [c.id, c]));
          const loaded = await loadItems(
            db,
            websiteId,
            byId,
            found.results.map((hit) => hit.item),
            { store: request.site.settings.storeSettings },
          );
          return { kind: 'search', q, found, loaded };
        },
      };
    }
    case 'home':
    case 'collection': {
      const collection = routeCollection(request, collections);
      if (!collection || isLockedFor(collection, request.viewer)) return none;
      const byId = new Map(collections.map((c) => [c.id, c]));
      const pageType = collectionPageType(collection);
      if (pageType === PAGE_TYPES.page || pageType === PAGE_TYPES.splash) {
        // Blocks are rendered with the query (hidden form fields) and the address; a form's outcome is one
        // visitor's and is never kept. What they show of the clock is as old as the entry at most (the memo's
        // age bound, the page cache's too).
        return {
          key: request.formAttempt ? undefined : `blocks|${collection.id}|${request.baseUrl}|${query.toString()}`,
          load: async (db) => ({ kind: 'blocks', content: await buildPageBlocks(db, request, collection, byId) }),
        };
      }
      const category = query.get('category') ?? undefined;
      const tag = query.get('tag') ?? undefined;
      const offset = offsetParam(query);
      return {
        key: `list|${collection.id}|${offset}|${JSON.stringify([category ?? null, tag ?? null])}`,
        load: async (db) => {
          const [found, taxonomy] = await Promise.all([
            listItems(db, websiteId, collection.id, { category, tag, offset, collection }),
            getCollectionTaxonomy(db, websiteId, collection.id),
          ]);
          const loaded = await loadItems(db, websiteId, byId, found.items, {
            store: request.site.settings.storeSettings,
          });
          return { kind: 'list', found, taxonomy, loaded };
        },
      };
    }
    case 'item': {
      const collection = routeCollection(request, collections);
      if (!collection || isLockedFor(collection, request.viewer)) return none;
      const byId = new Map(collections.map((c) => [c.id, c]));
      return {
        key: `item|${collection.id}|${route.itemUrlId}`,
        load: async (db) => {
          const item = await findItemByUrlId(db, websiteId, collection.id, route.itemUrlId);
          if (!item) return { kind: 'item', item };
          const store = request.site.settings.storeSettings;
          const isProduct = item.recordType === RECORD_TYPES['store-item'];
          const loadRelated = async () =>
            loadItems(db, websiteId, byId, await relatedItems(db, websiteId, item, collection.ordering), { store });
          const [loaded, adjacent, thread, reviews, related] = await Promise.all([
            loadItems(db, websiteId, byId, [item], { withGallery: true, store }),
            adjacentItems(db, websiteId, item, collection.ordering),
            listComments(db, websiteId, item.id),
            isProduct ? listReviews(db, websiteId, item.id) : undefined,
            isProduct ? loadRelated() : undefined,
          ]);
          return { kind: 'item', item, loaded, adjacent, thread, reviews, related };
        },
      };
    }
    default:
      return none;
  }
}

/** What reading a visitor's cart takes of a page request. */
export type CartRequest = Pick<PageRequest, 'site' | 'memo' | 'carts' | 'cartId'>;

/** Reads a visitor's cart by the id their cookie names, kept by version where carts' changes are announced (cart-memo.ts). */
function cartReader(db: Db, request: CartRequest): (id: string | undefined) => Promise<ShoppingCart | undefined> {
  const websiteId = request.site.website.id;
  // The visitor's own rows are read each time; what their entries show of the products is the catalog's, kept per version.
  const remember = rememberFor(request);
  const catalog: CartCatalog = (ids) => {
    const sorted = [...new Set(ids)].sort();
    return remember(`cart-catalog|${sorted.join(',')}`, () => getCartCatalog(db, websiteId, sorted));
  };
  return (id) => {
    if (!id || !isId(id)) return Promise.resolve(undefined);
    const read = () => getCart(db, websiteId, id, catalog);
    const { carts, memo } = request;
    if (!carts || !memo) return read();
    const version = carts.versionOf(websiteId, id);
    const kept = (known: string | undefined) =>
      known === undefined
        ? Promise.resolve(undefined)
        : carts.memo.get(id, `${websiteId}|${memo.version}|${known}`, read);
    return typeof version === 'string' ? kept(version) : version.then(kept);
  };
}

const open = (cart: ShoppingCart | undefined) => (cart && !cart.isPurchased ? cart : undefined);

/** The cart a page shows in its header: the visitor's, unless it is bought. */
export async function loadOpenCart(db: Db, request: CartRequest): Promise<ShoppingCart | undefined> {
  return open(await cartReader(db, request)(request.cartId));
}

/**
 * The checkout page's prices, from the store's rules and the cart's product
 * facts kept per content version (placing the order reads them afresh, in its
 * transaction), with limited discounts' use counts as they are now.
 */
async function priceKept(db: Db, request: PageRequest, cart: ShoppingCart): Promise<PricedCart> {
  const websiteId = request.site.website.id;
  const remember = rememberFor(request);
  const variantIds = [...new Set(cart.entries.map((entry) => entry.variantId))].sort();
  const [rules, facts] = await Promise.all([
    remember('checkout-rules', () => loadCheckoutRules(db, websiteId, request.site.settings.storeSettings)).then(
      (kept) => withCurrentDiscountUses(db, websiteId, kept),
    ),
    remember(`product-facts|${variantIds.join(',')}`, () => loadProductFacts(db, websiteId, variantIds)),
  ]);
  const now = new Date();
  return pricedCartKept(cart, rules, facts, now.getTime(), () =>
    priceShoppingCart(db, request.site, cart, { rules, facts, now }),
  );
}

/** The visitor's cart, the checkout's cart and an order: one read each at most. */
async function loadVisitorData(db: Db, request: PageRequest): Promise<VisitorData> {
  const websiteId = request.site.website.id;
  const { route, query } = request;
  const own = cartReader(db, request);
  switch (route.kind) {
    case 'checkout': {
      // A cart named in the URL (subscriptions, express checkout) wins over the visitor's own.
      const cartToken = query.get('cartToken') ?? undefined;
      const priced = (cart: ShoppingCart | undefined) =>
        cart && !cart.isPurchased && cart.entries.length > 0 ? priceKept(db, request, cart) : undefined;
      // A bought cart whose order still waits for its payment's second step: the page leads back to it.
      const secondStep = async (cart: ShoppingCart | undefined) => {
        if (!cart?.isPurchased || !cart.orderId) return undefined;
        const payment = await findPaymentOfOrder(db, websiteId, cart.orderId);
        return payment?.status === 'requires-action' ? (payment.actionUrl ?? undefined) : undefined;
      };
      const checkoutData = async (checkoutCart: ShoppingCart | undefined) => {
        const [checkoutPriced, checkoutSecondStep] = await Promise.all([
          priced(checkoutCart),
          secondStep(checkoutCart),
        ]);
        return { checkoutCart, checkoutPriced, checkoutSecondStep };
      };
      if (cartToken === undefined) {
        const cart = await own(request.cartId);
        return { cart: open(cart), ...(await checkoutData(cart)) };
      }
      const [cart, checkoutCart] = await Promise.all([own(request.cartId), own(cartToken)]);
      return { cart: open(cart), ...(await checkoutData(checkoutCart)) };
    }
    case 'order-confirmed': {
      const token = query.get('orderToken') ?? '';
      const [cart, order] = await Promise.all([
        own(request.cartId),
        isId(token) ? getOrder(db, websiteId, token) : undefined,
      ]);
      if (!order && isId(token)) {
        // Not paid (yet): the same link shows the order received, and the confirmation once the payment is in.
        const [heldOrder, payment] = await Promise.all([
          getOrderAwaitingPayment(db, websiteId, token),
          findPaymentOfOrder(db, websiteId, token),
        ]);
        const heldOrderPaymentStep =
          payment?.status === 'requires-action' ? (payment.actionUrl ?? undefined) : undefined;
        return { cart: open(cart), heldOrder, heldOrderPaymentStep };
      }
      const [orderMemberAreaIds, hasDownloads] = order
        ? await Promise.all([
            memberAreasPaidBy(db, websiteId, order.id),
            orderHasDownloads(
              db,
              websiteId,
              order.items.map((line) => line.itemId),
            ),
          ])
        : [undefined, undefined];
      return { cart: open(cart), order, orderMemberAreaIds, orderHasDownloads: hasDownloads };
    }
    case 'downloads': {
      // The confirmation's token (the order's id) or the receipt's (its status token), as the status page takes them.
      const token = query.get('orderToken') ?? '';
      const [cart, order] = await Promise.all([
        loadOpenCart(db, request),
        isId(token) ? getOrder(db, websiteId, token) : getOrderByStatusToken(db, websiteId, token),
      ]);
      const downloads = order ? await ensureDownloadGrants(db, websiteId, order) : undefined;
      return { cart, order, downloads };
    }
    case 'digital-preview': {
      const productId = query.get('productId') ?? '';
      const [cart, digitalPreview] = await Promise.all([
        loadOpenCart(db, request),
        request.ownerPreview && isId(productId) ? getDigitalProductPreview(db, websiteId, productId) : undefined,
      ]);
      return { cart, digitalPreview };
    }
    case 'subscription-confirmed': {
      const token = query.get('orderToken') ?? '';
      const [cart, order] = await Promise.all([
        own(request.cartId),
        isId(token) ? getOrder(db, websiteId, token) : undefined,
      ]);
      const subscriptions = order ? await subscriptionsOfOrder(db, websiteId, order.id) : undefined;
      return { cart: open(cart), order, subscriptions };
    }
    case 'subscription-manage': {
      const link = request.subscriptionLink;
      const [cart, subscription] = await Promise.all([
        loadOpenCart(db, request),
        link?.ok ? getSubscription(db, websiteId, link.subscriptionId) : undefined,
      ]);
      return { cart, subscription };
    }
    case 'order-status': {
      const [cart, found] = await Promise.all([
        loadOpenCart(db, request),
        getOrderByNumber(db, websiteId, route.orderNumber),
      ]);
      const order = found && mayView(found, request) ? found : undefined;
      if (!order) return { cart };
      const [shipments, refunds, payment] = await Promise.all([
        listOrderShipments(db, websiteId, order.id),
        listOrderRefunds(db, websiteId, order.id),
        findPaymentOfOrder(db, websiteId, order.id),
      ]);
      const chargedCents = payment?.status === 'succeeded' ? payment.amountCents : null;
      return { cart, order, orderAftermath: { shipments, refunds, chargedCents } };
    }
    case 'reviews-request': {
      const orderNumber = request.reviewsRequestOrder;
      const [cart, order] = await Promise.all([
        loadOpenCart(db, request),
        orderNumber === undefined ? undefined : getOrderByNumber(db, websiteId, orderNumber),
      ]);
      if (!order) return { cart };
      const productPaths = await publicProductPaths(db, websiteId, [
        ...new Set(order.items.map((line) => line.itemId)),
      ]);
      return { cart, reviewsRequest: { order, productPaths } };
    }
    case 'account': {
      const accountId = request.viewer?.account?.id;
      const mine = route.page === 'account' && accountId !== undefined;
      const [cart, orders, subscriptions] = await Promise.all([
        loadOpenCart(db, request),
        mine ? listOrdersOfSiteUser(db, websiteId, accountId, ORDER_HISTORY_LIMIT) : undefined,
        mine ? listSubscriptionsOfSiteUser(db, websiteId, accountId, ORDER_HISTORY_LIMIT) : undefined,
      ]);
      return { cart, orders, subscriptions };
    }
    case 'donate': {
      const [cart, donationCause] = await Promise.all([
        loadOpenCart(db, request),
        findDonationCause(db, websiteId, route.pageUrlId, query.get('cause')),
      ]);
      return { cart, donationCause };
    }
    case 'contribution-confirmed': {
      const [cart, donation] = await Promise.all([
        loadOpenCart(db, request),
        findPaidDonationByToken(db, websiteId, query.get('donation') ?? ''),
      ]);
      return { cart, donation };
    }
    case 'newsletter-unsubscribe': {
      // The link's signature was checked by the route (it holds the server's secret); here only its address.
      const email = request.unsubscribe && 'email' in request.unsubscribe ? request.unsubscribe.email : undefined;
      const [cart, found] = await Promise.all([
        loadOpenCart(db, request),
        email === undefined ? undefined : findSubscriber(db, websiteId, email),
      ]);
      return {
        cart,
        subscriber: email === undefined ? undefined : { email, subscribed: found?.unsubscribedOn === null },
      };
    }
    default:
      return { cart: request.openCart ? request.openCart.cart : await loadOpenCart(db, request) };
  }
}
