/**
 * Builds the page context for one request: which template renders it, with
 * what JSON, and with which status and page type (spec section 2).
 */

import type { Collection, Item } from '../../api/db/schema.ts';
import type { ShoppingCart } from '../../api/repositories/cart-repository.ts';
import type { CommentThread } from '../../api/repositories/comment-repository.ts';
import type { AdjacentItems } from '../../api/repositories/item-repository.ts';
import type { PaywallOffer } from '../../api/repositories/paid-membership-repository.ts';
import { type ProductReviews, reviewJson } from '../../api/repositories/review-repository.ts';
import type { Db } from '../../api/repositories/transaction.ts';
import { translationDictionary } from '../../api/repositories/translation-repository.ts';
import type { WebsiteWithSettings } from '../../api/repositories/website-repository.ts';
import { cartJson } from '../../api/services/cart-service.ts';
import { minimumSubtotalOf } from '../../api/services/checkout-service.ts';
import { orderConfirmedPath } from '../../api/services/order-links.ts';
import { LINK_MESSAGES, type LinkCheck, type SignedLink } from '../../api/services/subscription-links.ts';
import { COLLECTION_TYPES, PRODUCT_TYPES, RECORD_TYPES } from '../../domain/spec-enums.ts';
import { DIGITAL_PREVIEW_REFUSED, downloadsPath } from '../../shared/digital-downloads.ts';
import { CRUMB_SLOT } from '../crumb-slot.ts';
import type { FormAttempt } from '../form-attempts.ts';
import type { PageLocalization } from '../localization/page-localization.ts';
import { translateJson, translatingTagSource } from '../localization/translate-json.ts';
import type { PageBlockError } from '../page-blocks/index.ts';
import type { PageViewer } from '../page-viewer.ts';
import type { AccountPage, Route } from '../routing/resolve-route.ts';
import type { TagDataSource } from '../template-package/index.ts';
import type { CartMemo } from './cart-memo.ts';
import { type CheckoutFormState, checkoutJson, orderJson } from './checkout-json.ts';
import { type CheckoutPaymentInfo, TEST_PROVIDER_PAYMENT } from './checkout-payment-json.ts';
import { collectionJson, collectionUrl, itemUrl, websiteJson, websiteSettingsJson } from './content-json.ts';
import { contributionJson, type DonationFormState, donateJson } from './donation-json.ts';
import { orderDownloadsJson, previewDownloadsJson } from './downloads-json.ts';
import { installmentContextJson } from './installment-context-json.ts';
import type { LoadedItems } from './load-items.ts';
import { moneyJson } from './money-json.ts';
import { orderStatusJson, orderSummaryJson } from './order-status-json.ts';
import { isSiteLockedFor, pageAccess } from './page-access.ts';
import { loadPageData, type PageData, type RouteData, rememberFor, routeCollection } from './page-data.ts';
import { collectionPageType, PAGE_TYPES, type PageTypeNumber } from './page-types.ts';
import { carriesPopup, type PopupFragment, popupFormId, popupOverlayContext } from './popup-overlay-json.ts';
import { reviewsRequestJson } from './reviews-request-json.ts';
import type { SiteDataMemo } from './site-data-memo.ts';
import { subscriptionJson } from './subscription-json.ts';
import { databaseTagSource } from './tag-data-source.ts';

type Json = Record<string, unknown>;

/** Which template of the package renders the main content. */
export type PageView =
  | { kind: 'collection-list'; collectionKind: string }
  | { kind: 'collection-item'; collectionKind: string }
  | { kind: 'page'; name: string };

export interface BuiltPage {
  status: number;
  pageType: PageTypeNumber;
  view: PageView;
  context: Json;
  tagSource: TagDataSource;
  /** The layout key the collection asks for, if any. */
  layout: string | undefined;
  /** Problems in a page's blocks (a form or picture that is gone), for the log. */
  blockErrors?: PageBlockError[];
  /** The site-wide popup (page type 104) when the website has one and this page shows it. */
  popup?: PopupFragment;
}

export interface PageRequest {
  site: WebsiteWithSettings;
  /** The website's content version, when the caller knows it: site-wide data is then memoised under it. */
  memo?: { version: string; data: SiteDataMemo };
  route: Route;
  query: URLSearchParams;
  baseUrl: string;
  now: number;
  /** The visitor's cart cookie, if any: the page then shows their cart (header count, /cart without script). */
  cartId?: string;
  /**
   * Carts kept until they or the content change (cart-memo.ts), by the cart's version: counted as changes are
   * announced (the embedded database), else read from the database; undefined when there is no such cart.
   */
  carts?: { memo: CartMemo; versionOf(websiteId: string, cartId: string): string | Promise<string | undefined> };
  /** The visitor's open cart (page-data.ts loadOpenCart), when the caller has read it already. */
  openCart?: { cart: ShoppingCart | undefined };
  /** The request's crumb (api/http/crumb.ts): the checkout form echoes it. */
  crumb?: string;
  /** A checkout form sent back with problems: the page shows them with the visitor's values. */
  checkout?: CheckoutFormState;
  /** The server's payment provider, as the checkout's payment fields need it; the test provider when absent. */
  payment?: CheckoutPaymentInfo;
  /** A donate form sent back with problems or a declined card (renderer/donation-attempts.ts). */
  donation?: DonationFormState;
  /**
   * The newsletter-unsubscribe page's link (300), its signature checked by the route with the server's
   * secret: the address it names, or invalid for a link that was altered or is not this site's.
   */
  unsubscribe?: { email: string } | { invalid: true };
  /** A site form posted without script: its block shows the outcome (renderer/form-attempts.ts). */
  formAttempt?: FormAttempt;
  /** /account/subscription's signed link, checked with the server's secret (api/services/subscription-links.ts). */
  subscriptionLink?: LinkCheck & { link?: SignedLink };
  /** What the last subscription form did (renderer/subscription-routes.ts): a notice from a fixed list. */
  subscriptionNotice?: string;
  /**
   * The signed-in site user, their member areas and the pages this browser unlocked; only for requests
   * with a session or unlock cookie, whose pages are never kept (renderer/page-viewer.ts).
   */
  viewer?: PageViewer;
  /** A multilingual site's page: its language and its versions in the others (renderer/localization). */
  localization?: PageLocalization;
  /** The order a reviews request link names, when its signature is the server's (page type 209). */
  reviewsRequestOrder?: number;
  /** Signs the download page's links (api/services/download-links.ts). */
  secret?: string;
  /** Whether a signed-in owner who may see products asks: only they get the digital product preview (210). */
  ownerPreview?: boolean;
}

/** The heading of each account page; the island (hydrate/islands/account-page.tsx) fills in the rest. */
const ACCOUNT_PAGE_TITLES: Record<Exclude<AccountPage, 'membership-confirmed'>, string> = {
  account: 'Your account',
  'sign-in': 'Sign in',
  'sign-up': 'Create an account',
  'forgot-password': 'Forgot your password?',
  'reset-password': 'Choose a new password',
  'verify-email': 'Verify your email',
};

/**
 * The page's data in one planned load (page-data.ts), or as the caller loaded
 * it, then its context shaped from it without going back to the database.
 */
export async function buildPage(db: Db, request: PageRequest, loaded?: PageData): Promise<BuiltPage> {
  const data = loaded ?? (await loadPageData(db, request));
  const built = await localize(db, request, shapeMainPage(db, request, data));
  const settings = request.site.settings.popupOverlay;
  const isHome = (built.context.collection as { isHome?: boolean } | undefined)?.isHome === true && !built.context.item;
  if (!carriesPopup(settings, { pageType: built.pageType, status: built.status, isHome })) return built;
  const form = popupFormId(settings) ? data.site.popupForm : undefined;
  const popup = popupOverlayContext(
    settings,
    {
      website: built.context.website,
      websiteSettings: built.context.websiteSettings,
      captchaSiteKey: request.site.settings.captchaSiteKey,
    },
    form,
    request.query,
  );
  return popup ? { ...built, popup } : built;
}

/**
 * A multilingual site's page carries its localization; one in a translation
 * language shows the owner's translations where there are some (kept per
 * content version, as the rest of the site's data), in that language.
 */
async function localize(db: Db, request: PageRequest, built: BuiltPage): Promise<BuiltPage> {
  const { localization } = request;
  if (!localization) return built;
  const context: Json = { ...built.context, localization };
  if (localization.urlPrefix === '') return { ...built, context };
  const websiteId = request.site.website.id;
  const dictionary = await rememberFor(request)(`translations|${localization.language}`, () =>
    translationDictionary(db, websiteId, localization.language),
  );
  const translated = translateJson(context, dictionary);
  return {
    ...built,
    context: { ...translated, website: { ...(translated.website as Json), language: localization.language } },
    tagSource: translatingTagSource(built.tagSource, dictionary),
  };
}

/** The main page's status, view and context from its loaded data; the only database use left is the tag source's, at render. */
function shapeMainPage(db: Db, request: PageRequest, data: PageData): BuiltPage {
  const { site, route } = request;
  const websiteId = site.website.id;
  const { collections, logo } = data.site;
  const byId = new Map(collections.map((c) => [c.id, c]));
  const home = collections.find((c) => c.isHome);
  const hasStore = collections.some((c) => c.type === COLLECTION_TYPES.products);
  const cart = hasStore ? data.visitor.cart : undefined;
  const remember = rememberFor(request);

  const base = (collection: Collection | undefined): Json => ({
    website: websiteJson(site, request.baseUrl, logo),
    websiteSettings: websiteSettingsJson(site),
    featureFlags: { useCLDRMoneyFormat: site.settings.useCldrMoneyFormat },
    template: { mobileStylesEnabled: true },
    authenticatedAccount: request.viewer?.account ?? null,
    localizedStrings: {},
    shoppingCart: cart ? cartJson(cart) : null,
    // Templates show the cart indicator when the site sells something.
    showCart: hasStore,
    collection: collection ? collectionJson(collection) : undefined,
  });
  const page = (collection: Collection | undefined) => ({
    tagSource: databaseTagSource(db, {
      websiteId,
      collectionId: collection?.id,
      homeCollectionId: home?.id,
      store: site.settings.storeSettings,
      remember,
    }),
    layout: typeof collection?.settings.layout === 'string' ? collection.settings.layout : undefined,
  });
  // The lock screen (103), for a collection or the whole site; its form posts to the page itself.
  const lockScreen = (collection: Collection | undefined): BuiltPage => {
    const outcome = request.query.get('unlock');
    // POST /checkout is the checkout form's: the site's password goes to the home page, which sends the visitor back.
    const onCheckout = collection === undefined && route.kind === 'checkout';
    return {
      status: 401,
      pageType: PAGE_TYPES.lockScreen,
      view: { kind: 'page', name: 'lock-screen' },
      context: {
        ...base(collection),
        pageType: PAGE_TYPES.lockScreen,
        lockScreen: {
          crumb: CRUMB_SLOT,
          failed: outcome === 'failed',
          limited: outcome === 'limited',
          siteWide: collection === undefined,
          title: collection?.title ?? site.website.siteTitle,
          action: onCheckout ? '/' : undefined,
          returnPath: onCheckout ? '/checkout' : undefined,
        },
      },
      ...page(collection),
    };
  };
  // What a locked page shows instead of its content (page-access.ts).
  const lockedPage = (collection: Collection): BuiltPage | undefined => {
    const access = pageAccess(collection, request.viewer);
    if (access === 'locked') return lockScreen(collection);
    if (access === 'members-only') {
      return {
        status: 403,
        pageType: PAGE_TYPES.memberAreaAccessDenied,
        view: { kind: 'page', name: 'member-area-access-denied' },
        context: {
          ...base(collection),
          pageType: PAGE_TYPES.memberAreaAccessDenied,
          memberArea: {
            crumb: CRUMB_SLOT,
            signedIn: request.viewer?.account !== undefined,
            returnPath: pagePath(route),
            // A paid area's way in is its paywall product (page type 106 shows its price and buy button).
            paywall: paywallJson(data.site.paywallOffers.get(collection.id)),
          },
        },
        ...page(collection),
      };
    }
    return undefined;
  };
  // A locked page's content, shown to those it lets in, is protected content (105).
  const shownType = (collection: Collection, open: PageTypeNumber): PageTypeNumber =>
    pageAccess(collection, request.viewer) === 'protected' ? PAGE_TYPES.protectedContent : open;
  const notFound = (): BuiltPage => ({
    status: 404,
    pageType: PAGE_TYPES.notFound,
    view: { kind: 'page', name: 'not-found' },
    context: { ...base(undefined), pageType: PAGE_TYPES.notFound },
    ...page(undefined),
  });
  const loaded = data.route;
  if (isSiteLockedFor(site, route, request.viewer)) return lockScreen(undefined);

  switch (route.kind) {
    case 'not-found':
      return notFound();
    case 'error':
      return {
        status: 500,
        pageType: PAGE_TYPES.error,
        view: { kind: 'page', name: 'error' },
        context: { ...base(undefined), pageType: PAGE_TYPES.error },
        ...page(undefined),
      };
    case 'cart': {
      // One page under two numbers: the full-page cart mounts into the same root either way (resolve-route.ts).
      const pageType = route.v2 ? PAGE_TYPES.cartV2 : PAGE_TYPES.showCart;
      return {
        status: 200,
        pageType,
        view: { kind: 'page', name: 'cart' },
        context: { ...base(undefined), pageType },
        ...page(undefined),
      };
    }
    case 'checkout': {
      const cartToken = request.query.get('cartToken') ?? undefined;
      const checkoutCart = hasStore ? data.visitor.checkoutCart : undefined;
      return {
        status: 200,
        pageType: PAGE_TYPES.checkout,
        view: { kind: 'page', name: 'checkout' },
        context: {
          ...base(undefined),
          pageType: PAGE_TYPES.checkout,
          checkout: checkoutJson({
            cart: checkoutCart,
            priced: hasStore ? data.visitor.checkoutPriced : undefined,
            cartToken: checkoutCart ? cartToken : undefined,
            crumb: request.crumb,
            minimum: minimumSubtotalOf(site),
            form: request.checkout,
            payment: request.payment ?? TEST_PROVIDER_PAYMENT,
            secondStep: hasStore ? data.visitor.checkoutSecondStep : undefined,
          }),
        },
        ...page(undefined),
      };
    }
    case 'order-confirmed': {
      const order = data.visitor.order;
      const held = data.visitor.heldOrder;
      if (!order && held) {
        // The same address becomes the confirmation (202) once the payment is in: the page links to itself to look again.
        return {
          status: 200,
          pageType: PAGE_TYPES.orderReceived,
          view: { kind: 'page', name: 'order-received' },
          context: {
            ...base(undefined),
            pageType: PAGE_TYPES.orderReceived,
            order: {
              ...orderJson(held),
              paymentStep: data.visitor.heldOrderPaymentStep,
              refreshUrl: orderConfirmedPath(held.id),
            },
          },
          ...page(undefined),
        };
      }
      if (!order) return notFound();
      return {
        status: 200,
        pageType: PAGE_TYPES.orderConfirmed,
        view: { kind: 'page', name: 'order-confirmed' },
        context: {
          ...base(undefined),
          pageType: PAGE_TYPES.orderConfirmed,
          // The member areas it paid for: the page shows the way to each (order.memberships).
          order: {
            ...orderJson(order),
            memberships: membershipsJson(data.visitor.orderMemberAreaIds ?? [], byId, request.viewer),
            // The page of its files (downloads.page), by the same token that opened this one.
            downloadsUrl: data.visitor.orderHasDownloads ? downloadsPath(order.id) : undefined,
          },
        },
        ...page(undefined),
      };
    }
    case 'subscription-confirmed': {
      const order = data.visitor.order;
      const subscriptions = data.visitor.subscriptions ?? [];
      // An order that started no subscription has its own confirmation (202).
      if (!order?.items.some((line) => line.subscriptionPlan !== null)) return notFound();
      const signedIn = request.viewer?.account?.id;
      return {
        status: 200,
        pageType: PAGE_TYPES.subscriptionConfirmed,
        view: { kind: 'page', name: 'subscription-confirmed' },
        context: {
          ...base(undefined),
          pageType: PAGE_TYPES.subscriptionConfirmed,
          order: orderJson(order),
          subscriptions: subscriptions.map((subscription) => subscriptionJson(subscription, undefined)),
          // Where the buyer manages it: their account when it is theirs, else the link in the email.
          manageInAccount: signedIn !== undefined && subscriptions.some((s) => s.siteUserId === signedIn),
        },
        ...page(undefined),
      };
    }
    case 'donate': {
      const cause = data.visitor.donationCause;
      if (!cause) return notFound();
      return {
        status: 200,
        pageType: PAGE_TYPES.donate,
        view: { kind: 'page', name: 'donate' },
        context: {
          ...base(undefined),
          pageType: PAGE_TYPES.donate,
          donate: donateJson({
            cause,
            currency: site.settings.baseCurrency,
            crumb: request.crumb,
            form: request.donation,
            payment: request.payment ?? TEST_PROVIDER_PAYMENT,
            chosen: request.query.get('amount'),
          }),
        },
        ...page(undefined),
      };
    }
    case 'subscription-manage': {
      const check = request.subscriptionLink;
      const subscription = data.visitor.subscription;
      // A link that does not verify, or names a subscription that is not there, shows why and nothing else.
      let problem: string | undefined;
      if (!check) problem = LINK_MESSAGES.invalid;
      else if (!check.ok) problem = LINK_MESSAGES[check.reason];
      else if (!subscription) problem = LINK_MESSAGES.invalid;
      return {
        status: problem ? 403 : 200,
        pageType: PAGE_TYPES.page,
        view: { kind: 'page', name: 'subscription-manage' },
        context: {
          ...base(undefined),
          pageType: PAGE_TYPES.page,
          subscriptionPage: {
            problem,
            notice: request.subscriptionNotice,
            subscription:
              subscription && !problem
                ? subscriptionJson(subscription, {
                    crumb: request.crumb ?? '',
                    link: check?.ok ? check.link : undefined,
                    now: new Date(request.now),
                  })
                : undefined,
          },
        },
        ...page(undefined),
      };
    }
    case 'contribution-confirmed': {
      const donation = data.visitor.donation;
      if (!donation) return notFound();
      return {
        status: 200,
        pageType: PAGE_TYPES.contributionConfirmed,
        view: { kind: 'page', name: 'contribution-confirmed' },
        context: {
          ...base(undefined),
          pageType: PAGE_TYPES.contributionConfirmed,
          donation: contributionJson(donation),
        },
        ...page(undefined),
      };
    }
    case 'newsletter-unsubscribe': {
      const subscriber = data.visitor.subscriber;
      // An altered or foreign link names no one: the page says so, and a 400 keeps it out of any cache and index.
      const valid = subscriber !== undefined;
      return {
        status: valid ? 200 : 400,
        pageType: PAGE_TYPES.newsletterUnsubscribe,
        view: { kind: 'page', name: 'newsletter-unsubscribe' },
        context: {
          ...base(undefined),
          pageType: PAGE_TYPES.newsletterUnsubscribe,
          unsubscribe: subscriber
            ? {
                valid: true,
                email: subscriber.email,
                subscribed: subscriber.subscribed,
                token: request.query.get('token') ?? '',
              }
            : { valid: false },
        },
        ...page(undefined),
      };
    }
    case 'order-status': {
      const order = data.visitor.order;
      const aftermath = data.visitor.orderAftermath;
      if (!order || !aftermath) return notFound();
      return {
        status: 200,
        pageType: PAGE_TYPES.orderStatus,
        view: { kind: 'page', name: 'order-status' },
        context: { ...base(undefined), pageType: PAGE_TYPES.orderStatus, order: orderStatusJson(order, aftermath) },
        ...page(undefined),
      };
    }
    case 'reviews-request': {
      const asked = data.visitor.reviewsRequest;
      // A link this server did not sign, or for no order of the site, opens nothing.
      if (!asked) return notFound();
      return {
        status: 200,
        pageType: PAGE_TYPES.reviewsRequest,
        view: { kind: 'page', name: 'reviews-request' },
        context: {
          ...base(undefined),
          pageType: PAGE_TYPES.reviewsRequest,
          reviewsRequest: reviewsRequestJson(asked.order, asked.productPaths),
        },
        ...page(undefined),
      };
    }
    case 'downloads': {
      const { order, downloads } = data.visitor;
      if (!order || !downloads || request.secret === undefined) return notFound();
      return {
        status: 200,
        // The spec numbers no page for the buyer's files; it is a page of the site, as the account is.
        pageType: PAGE_TYPES.page,
        view: { kind: 'page', name: 'downloads' },
        context: {
          ...base(undefined),
          pageType: PAGE_TYPES.page,
          downloads: orderDownloadsJson(order, downloads, {
            secret: request.secret,
            now: request.now,
            timeZone: site.settings.timeZone,
            websiteId,
          }),
        },
        ...page(undefined),
      };
    }
    case 'digital-preview': {
      if (!request.ownerPreview) {
        return {
          status: 403,
          pageType: PAGE_TYPES.digitalProductPreview,
          view: { kind: 'page', name: 'downloads' },
          context: {
            ...base(undefined),
            pageType: PAGE_TYPES.digitalProductPreview,
            downloads: { preview: true, refused: DIGITAL_PREVIEW_REFUSED },
          },
          ...page(undefined),
        };
      }
      const product = data.visitor.digitalPreview;
      if (!product) return notFound();
      return {
        status: 200,
        pageType: PAGE_TYPES.digitalProductPreview,
        view: { kind: 'page', name: 'downloads' },
        context: {
          ...base(undefined),
          pageType: PAGE_TYPES.digitalProductPreview,
          downloads: previewDownloadsJson(product, { now: request.now, timeZone: site.settings.timeZone }),
        },
        ...page(undefined),
      };
    }
    case 'account': {
      if (route.page === 'membership-confirmed') {
        const urlId = request.query.get('area');
        const area = collections.find((c) => c.memberOnly && c.urlId === urlId);
        if (!area || !request.viewer?.memberAreaIds.has(area.id)) return notFound();
        return {
          status: 200,
          pageType: PAGE_TYPES.membershipConfirmed,
          view: { kind: 'page', name: 'membership-confirmed' },
          context: { ...base(undefined), pageType: PAGE_TYPES.membershipConfirmed, memberArea: collectionJson(area) },
          ...page(undefined),
        };
      }
      return {
        status: 200,
        pageType: PAGE_TYPES.page,
        view: { kind: 'page', name: 'account' },
        context: {
          ...base(undefined),
          pageType: PAGE_TYPES.page,
          accountPage: {
            kind: route.page,
            title: ACCOUNT_PAGE_TITLES[route.page],
            // Only for a signed-in user on the account itself: absent, the page shows no history at all.
            orderHistory: data.visitor.orders ? { orders: data.visitor.orders.map(orderSummaryJson) } : undefined,
            // Managed here with plain forms (renderer/subscription-routes.ts), so they work without script.
            subscriptions: data.visitor.subscriptions
              ? {
                  notice: request.subscriptionNotice,
                  list: data.visitor.subscriptions.map((subscription) =>
                    subscriptionJson(subscription, { crumb: request.crumb ?? '', now: new Date(request.now) }),
                  ),
                }
              : undefined,
          },
        },
        ...page(undefined),
      };
    }
    case 'search': {
      if (loaded.kind !== 'search') return notFound();
      const { found, q } = loaded;
      const full = new Map(loaded.loaded.items.map((json) => [json.id, json]));
      // Each hit is the item as a list shows it (main image, product and its prices, dates), plus its collection.
      const items = found.results.map((hit) => ({
        ...full.get(hit.item.id),
        id: hit.item.id,
        title: hit.item.title,
        excerpt: hit.item.excerpt,
        fullUrl: itemUrl(byId.get(hit.item.collectionId) ?? { ...hit.collection, isHome: false }, hit.item),
        collection: { title: hit.collection.title, typeName: hit.collection.typeName },
      }));
      return {
        status: 200,
        pageType: PAGE_TYPES.search,
        view: { kind: 'page', name: 'search' },
        context: {
          ...base(undefined),
          pageType: PAGE_TYPES.search,
          searchQuery: q,
          items,
          productMerchandisingContext: loaded.loaded.merchandising,
          itemCount: found.total,
          pagination: paginationJson('/search', request.query, found),
        },
        ...page(undefined),
      };
    }
    case 'home':
    case 'collection': {
      const collection = routeCollection(request, collections);
      if (!collection) return notFound();
      const locked = lockedPage(collection);
      if (locked) return locked;
      const listed = listContext(request, collection, loaded);
      // A page collection's page is type 2 and a cover page type 3; main content (1) is a collection's list.
      const pageType = shownType(collection, collectionPageType(collection));
      return {
        status: 200,
        pageType,
        view: { kind: 'collection-list', collectionKind: collection.typeName },
        context: { ...base(collection), pageType, ...listed.context },
        blockErrors: listed.blockErrors,
        ...page(collection),
      };
    }
    case 'item': {
      const collection = routeCollection(request, collections);
      if (!collection) return notFound();
      const locked = lockedPage(collection);
      if (locked) return locked;
      if (loaded.kind !== 'item' || !loaded.item || !loaded.loaded || !loaded.adjacent || !loaded.thread) {
        return notFound();
      }
      const pageType = shownType(collection, PAGE_TYPES.contentItem);
      return {
        status: 200,
        pageType,
        view: { kind: 'collection-item', collectionKind: collection.typeName },
        context: {
          ...base(collection),
          pageType,
          ...itemContext(
            request,
            collection,
            loaded.item,
            loaded.loaded,
            loaded.adjacent,
            loaded.thread,
            byId,
            loaded.reviews,
            loaded.related,
          ),
        },
        ...page(collection),
      };
    }
  }
}

/** A paid member area's paywall product as its access-denied page offers it; undefined for a free area. */
function paywallJson(offer: PaywallOffer | undefined): Json | undefined {
  if (!offer) return undefined;
  return {
    itemId: offer.itemId,
    title: offer.title,
    fullUrl: offer.fullUrl,
    price: moneyJson(offer.priceMinor, offer.currency),
    onSale: offer.onSale,
  };
}

/**
 * What a paywall product's page (product type 5) shows of its member area:
 * the area, and whether the visitor is signed in and a member already. A
 * signed-in visitor's page is never kept, so the page kept for everyone
 * shows the visitor's ways in (sign up to buy, sign in).
 */
function productPaywallJson(
  itemJson: Json,
  collections: ReadonlyMap<string, Collection>,
  viewer: PageViewer | undefined,
  returnPath: string,
): Json | undefined {
  const content = itemJson.structuredContent as { productType?: number; memberAreaId?: string } | undefined;
  if (content?.productType !== PRODUCT_TYPES.paywall || !content.memberAreaId) return undefined;
  const area = collections.get(content.memberAreaId);
  if (!area?.memberOnly) return undefined;
  return {
    memberArea: { id: area.id, title: area.title, urlId: area.urlId, fullUrl: collectionUrl(area) },
    signedIn: viewer?.account !== undefined,
    member: viewer?.memberAreaIds.has(area.id) === true,
    returnPath,
  };
}

/**
 * The member areas an order paid for, on its confirmation page: each links
 * to its membership-confirmed page (208) for a signed-in member, else to the
 * area itself, which asks whoever it is to sign in.
 */
function membershipsJson(
  areaIds: readonly string[],
  collections: ReadonlyMap<string, Collection>,
  viewer: PageViewer | undefined,
): Json[] | undefined {
  const areas = areaIds.flatMap((id) => {
    const area = collections.get(id);
    return area?.memberOnly ? [area] : [];
  });
  if (areas.length === 0) return undefined;
  return areas.map((area) => {
    const member = viewer?.memberAreaIds.has(area.id) === true;
    return {
      title: area.title,
      member,
      url: member ? `/account/membership-confirmed?area=${encodeURIComponent(area.urlId)}` : collectionUrl(area),
    };
  });
}

/** The path a route answers at, for links back to it. */
function pagePath(route: Route): string {
  if (route.kind === 'collection') return `/${route.collectionUrlId}`;
  if (route.kind === 'item') return `/${route.collectionUrlId}/${route.itemUrlId}`;
  return '/';
}

/** A cover page's call to action from its settings ({ label, href }), or undefined without both. */
function callToActionJson(settings: Record<string, unknown>): Json | undefined {
  const cta = settings.callToAction as { label?: unknown; href?: unknown } | undefined;
  const label = typeof cta?.label === 'string' ? cta.label.trim() : '';
  const href = typeof cta?.href === 'string' ? cta.href.trim() : '';
  return label && href ? { label, href } : undefined;
}

function paginationJson(
  path: string,
  query: URLSearchParams,
  page: { offset: number; limit: number; nextOffset: number | null; prevOffset: number | null },
): Json {
  const urlFor = (offset: number) => {
    const next = new URLSearchParams(query);
    if (offset === 0) next.delete('offset');
    else next.set('offset', String(offset));
    const text = next.toString();
    return text ? `${path}?${text}` : path;
  };
  return {
    pageSize: page.limit,
    nextPage: page.nextOffset !== null,
    nextPageOffset: page.nextOffset ?? undefined,
    nextPageUrl: page.nextOffset !== null ? urlFor(page.nextOffset) : undefined,
    prevPage: page.prevOffset !== null,
    prevPageOffset: page.prevOffset ?? undefined,
    prevPageUrl: page.prevOffset !== null ? urlFor(page.prevOffset) : undefined,
  };
}

function listContext(
  request: PageRequest,
  collection: Collection,
  data: RouteData,
): { context: Json; blockErrors?: PageBlockError[] } {
  const pageType = collectionPageType(collection);
  if (pageType === PAGE_TYPES.page || pageType === PAGE_TYPES.splash) {
    const content = data.kind === 'blocks' ? data.content : { html: '', errors: [] };
    // A cover page's button (renderer/page-sections, templates/sections/cover-page.html).
    const extra = pageType === PAGE_TYPES.splash ? { callToAction: callToActionJson(collection.settings) } : {};
    return {
      context: { collection: collectionJson(collection, { mainContent: content.html, ...extra }) },
      blockErrors: content.errors,
    };
  }
  if (data.kind !== 'list') throw new Error(`a list page of ${collection.urlId} was loaded as ${data.kind}`);
  const { found, taxonomy, loaded } = data;
  const category = request.query.get('category') ?? undefined;
  const tag = request.query.get('tag') ?? undefined;
  const context: Json = {
    collection: collectionJson(collection, {
      itemCount: found.total,
      categories: taxonomy.categories,
      tags: taxonomy.tags,
      galleryOptions: collection.typeName === 'gallery' ? collection.settings : undefined,
    }),
    items: loaded.items,
    productMerchandisingContext: loaded.merchandising,
    pagination: paginationJson(collectionUrl(collection), request.query, found),
    categoryFilter: category,
    tagFilter: tag,
  };
  if (collection.typeName === 'events') {
    // Upcoming soonest first; past most recent first.
    const ends = (item: Json) => Number(item.endDate ?? item.startDate ?? 0);
    const starts = (item: Json) => Number(item.startDate ?? 0);
    context.upcoming = loaded.items.filter((i) => ends(i) >= request.now).sort((a, b) => starts(a) - starts(b));
    context.past = loaded.items.filter((i) => ends(i) < request.now).sort((a, b) => starts(b) - starts(a));
  }
  return { context };
}

function itemContext(
  request: PageRequest,
  collection: Collection,
  item: Item,
  loaded: LoadedItems,
  adjacent: AdjacentItems,
  thread: CommentThread,
  collections: ReadonlyMap<string, Collection>,
  reviews: ProductReviews | undefined,
  related: LoadedItems | undefined,
): Json {
  const link = (other: Item | undefined) =>
    other ? { title: other.title, fullUrl: itemUrl(collection, other) } : undefined;
  const itemJson: Json = { ...loaded.items[0], comments: thread.comments.map(commentJson) };
  if (reviews) itemJson.reviews = reviewsJson(item.id, reviews);
  // Only the product page has an installment slot, so list pages do without the context.
  const isProduct = item.recordType === RECORD_TYPES['store-item'];
  if (isProduct) itemJson.installmentContext = installmentContextJson(request.site);
  const paywall = isProduct
    ? productPaywallJson(itemJson, collections, request.viewer, itemUrl(collection, item))
    : undefined;
  if (paywall) itemJson.paywall = paywall;
  return {
    item: itemJson,
    // The related products' cards price themselves from the same context as the item.
    productMerchandisingContext: { ...related?.merchandising, ...loaded.merchandising },
    pagination: { prevItem: link(adjacent.previous), nextItem: link(adjacent.next) },
    ...(related && related.items.length > 0 ? { relatedProducts: related.items } : {}),
  };
}

/**
 * A product's reviews as the reviews section shows them: the summary (its
 * average also as whole and half stars for the star row) and each review.
 */
function reviewsJson(itemId: string, { summary, reviews }: ProductReviews): Json {
  return {
    itemId,
    count: summary.count,
    average: summary.average === null ? undefined : summary.average.toFixed(1),
    averageStars: summary.average === null ? 0 : Math.round(summary.average),
    list: reviews.map(reviewJson),
  };
}

interface CommentLike {
  id: string;
  authorName: string;
  authorUrl: string | null;
  body: string;
  addedOn: Date;
  replies: CommentLike[];
}

function commentJson(comment: CommentLike): Json {
  return {
    id: comment.id,
    authorName: comment.authorName,
    authorUrl: comment.authorUrl ?? undefined,
    body: comment.body,
    addedOn: comment.addedOn.getTime(),
    replies: comment.replies.map(commentJson),
  };
}
