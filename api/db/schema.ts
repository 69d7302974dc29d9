/**
 * Kysely table types. Columns are snake_case in SQL and camelCase here
 * (CamelCasePlugin). Every table that belongs to a website carries `websiteId`
 * as the first column of its primary key and of every unique index, so the
 * schema can be distributed by that column; `websites` and `domains` are the
 * global routing tables.
 *
 * Money columns hold integer minor units as `bigint`, read back as strings
 * (both drivers are set up that way) so no value ever passes through a float.
 */
import type { ColumnType, Generated, GeneratedAlways, Insertable, Selectable, Updateable } from 'kysely';
import type {
  EventLocation,
  FormField,
  OrderDiscountLine,
  OrderShippingMethod,
  OrderTaxLine,
  PageBlock,
  PopupOverlaySettings,
  RateBand,
  ShareButtonOptions,
  SocialAccount,
  StoreSettings,
  SubscriptionPlan,
  TranslationLanguage,
  TweakValues,
  ZoneArea,
} from './json-schemas.ts';

// The JSON column shapes are inferred from their zod schemas; re-exported so
// the rest of the app keeps importing every table type from here.
export type {
  EventLocation,
  FormField,
  InstallmentSettings,
  OrderDiscountLine,
  OrderShippingMethod,
  OrderTaxLine,
  PageBlock,
  PopupOverlaySettings,
  RateBand,
  ShareButtonOptions,
  SocialAccount,
  StoreSettings,
  SubscriptionPlan,
  TranslationLanguage,
  TweakValues,
  ZoneArea,
} from './json-schemas.ts';

/** bigint minor units: a string when read, string or number when written. */
export type Minor = ColumnType<string, string | number | bigint, string | number | bigint>;
export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
export type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
export type NullableMinor = ColumnType<
  string | null,
  string | number | bigint | null | undefined,
  string | number | bigint | null
>;
/** A nullable column may be left out of an insert. */
export type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;
export type NullableJson<T> = ColumnType<T | null, string | null | undefined, string | null>;
export type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
/**
 * JSONB: written as JSON text (see `json()`), read back as the parsed value.
 * Its type is only a claim about what was stored: repositories check it
 * against json-schemas.ts (see read-json.ts) before handing it on.
 */
export type Json<T> = ColumnType<T, string, string>;
export type DefaultedJson<T> = ColumnType<T, string | undefined, string>;
export type DefaultedMinor = ColumnType<string, string | number | bigint | undefined, string | number | bigint>;

export interface WebsitesTable {
  id: string;
  identifier: string;
  siteTitle: string;
  createdOn: CreatedAt;
}

export interface DomainsTable {
  host: string;
  websiteId: string;
  isPrimary: ColumnType<boolean, boolean | undefined, boolean>;
}

export interface WebsiteSettingsTable {
  websiteId: string;
  timeZone: Generated<string>;
  language: Generated<string>;
  baseCurrency: Generated<string>;
  siteDescription: Generated<string>;
  logoImageId: Nullable<string>;
  templatePackage: Generated<string>;
  captchaSiteKey: Nullable<string>;
  commentsEnabled: Generated<boolean>;
  simpleLikingEnabled: Generated<boolean>;
  disqusShortname: Nullable<string>;
  useCldrMoneyFormat: Generated<boolean>;
  storeSettings: DefaultedJson<StoreSettings>;
  shareButtonOptions: DefaultedJson<ShareButtonOptions>;
  socialAccounts: DefaultedJson<SocialAccount[]>;
  headerCode: Generated<string>;
  footerCode: Generated<string>;
  languages: DefaultedJson<string[]>;
  /** The languages the site is translated into besides its own (migration 0032, shared/multilingual.ts). */
  translationLanguages: DefaultedJson<TranslationLanguage[]>;
  /** The site-wide promotional popup (page type 104); {} when the owner never set one up. */
  popupOverlay: DefaultedJson<PopupOverlaySettings>;
  /** The website's values for its template's tweaks, by tweak name; {} for every default. */
  tweakValues: DefaultedJson<TweakValues>;
  /** The plan the owner chose on the plan page (shared/billing-plans.ts); no real billing (migration 0025). */
  billingPlan: Generated<string>;
  /** The site-wide lock's password as a scrypt hash (migration 0016); null when the site is open. */
  sitePasswordHash: Nullable<string>;
  /** 'standard' or 'restrictive' (migration 0019): restrictive keeps no visitor cookies until the visitor consents. */
  cookiePolicy: Generated<'standard' | 'restrictive'>;
  /** The dynamic-ads pixel id the product feed panel saves (migration 0033); null when none. */
  adsPixelId: Nullable<string>;
  /** A website others copy: its visitors' cookies are restrictive whatever the policy says. */
  cloneable: Generated<boolean>;
  updatedOn: Timestamp;
}

export interface ContributorsTable {
  websiteId: string;
  id: string;
  email: string;
  displayName: string;
  role: number;
  /** scrypt hash (api/repositories/password-hash.ts); null for a contributor who cannot sign in (migration 0025). */
  passwordHash: ColumnType<string | null, string | null | undefined, string | null>;
  createdOn: CreatedAt;
}

/** A contributor's signed-in session in the admin app (migration 0025). */
export interface OwnerSessionsTable {
  websiteId: string;
  /** sha256 of the session token; the token itself is only in the cookie. */
  tokenHash: string;
  contributorId: string;
  xsrfToken: string;
  rememberMe: Generated<boolean>;
  expiresOn: Timestamp;
  createdOn: CreatedAt;
}

/** An emailed invitation to become a contributor (migration 0025): stored hashed, deleted when used. */
export interface ContributorInvitationsTable {
  websiteId: string;
  tokenHash: string;
  email: string;
  role: number;
  invitedBy: Nullable<string>;
  expiresOn: Timestamp;
  createdOn: CreatedAt;
}

export interface CollectionsTable {
  websiteId: string;
  id: string;
  parentId: Nullable<string>;
  type: number;
  /** The template's collection kind: the NAME of collections/NAME.conf. */
  typeName: string;
  urlId: string;
  title: string;
  navigationTitle: string;
  description: Generated<string>;
  ordering: Generated<'chronological' | 'user-ordered' | 'alphabetical'>;
  folderBehavior: Nullable<number>;
  pageSize: Generated<number>;
  enabled: Generated<boolean>;
  passwordProtected: Generated<boolean>;
  /** scrypt hash of a protected collection's password (migration 0013); never in a page context. */
  passwordHash: Nullable<string>;
  memberOnly: Generated<boolean>;
  displayIndex: Generated<number>;
  /** The collection served at '/'; at most one per website. */
  isHome: Generated<boolean>;
  /** Content of a page collection, in order. */
  blocks: DefaultedJson<PageBlock[]>;
  settings: DefaultedJson<Record<string, unknown>>;
  createdOn: CreatedAt;
  updatedOn: Timestamp;
  /** The latest saved revision (migration 0035): a save based on an older one is a conflict. */
  revision: Generated<number>;
}

export interface ItemsTable {
  websiteId: string;
  id: string;
  collectionId: string;
  recordType: number;
  title: string;
  urlId: string;
  body: Generated<string>;
  excerpt: Generated<string>;
  tags: DefaultedJson<string[]>;
  categories: DefaultedJson<string[]>;
  authorId: Nullable<string>;
  addedOn: Timestamp;
  publishOn: Timestamp;
  updatedOn: Timestamp;
  starred: Generated<boolean>;
  published: Generated<boolean>;
  displayIndex: Generated<number>;
  mainImageId: Nullable<string>;
  sourceUrl: Nullable<string>;
  externalLink: Nullable<string>;
  passthrough: Generated<boolean>;
  commentState: Generated<number>;
  likeCount: Generated<number>;
  startDate: NullableTimestamp;
  endDate: NullableTimestamp;
  location: NullableJson<EventLocation>;
  structuredContent: DefaultedJson<Record<string, unknown>>;
  /** The latest saved revision (migration 0035): a save based on an older one is a conflict. */
  revision: Generated<number>;
  /**
   * What search matches and ranks (migration 0010): title weighted A, body B,
   * computed by Postgres from the row, so never written. Read only by search's
   * own SQL, so it is not part of `Item`.
   */
  searchDocument: GeneratedAlways<string>;
}

export interface ImagesTable {
  websiteId: string;
  id: string;
  assetUrl: string;
  filename: string;
  contentType: string;
  width: number;
  height: number;
  focalX: Generated<number>;
  focalY: Generated<number>;
  altText: Generated<string>;
  title: Generated<string>;
  body: Generated<string>;
  colorData: NullableJson<Record<string, string>>;
  createdOn: CreatedAt;
}

export interface ItemImagesTable {
  websiteId: string;
  itemId: string;
  imageId: string;
  displayIndex: Generated<number>;
}

export interface ProductsTable {
  websiteId: string;
  itemId: string;
  productType: number;
  isSubscribable: Generated<boolean>;
  subscriptionPlan: NullableJson<SubscriptionPlan>;
  additionalFieldsFormId: Nullable<string>;
  useCustomAddButtonText: Generated<boolean>;
  customAddButtonText: Nullable<string>;
  variantOptionOrdering: DefaultedJson<string[]>;
  /** Digital and paywall products keep their price on the product. */
  priceMinor: NullableMinor;
  salePriceMinor: NullableMinor;
  currency: Generated<string>;
  onSale: Generated<boolean>;
  /** A paywall product's member area, which buying it opens (migration 0023); null for every other product. */
  memberAreaId: Nullable<string>;
  /** Downloads of each file per order and days they last (migration 0038); null keeps the store's default. */
  downloadLimit: Nullable<number>;
  downloadExpiryDays: Nullable<number>;
}

export interface ProductVariantsTable {
  websiteId: string;
  id: string;
  itemId: string;
  sku: string;
  priceMinor: Minor;
  salePriceMinor: DefaultedMinor;
  currency: Generated<string>;
  onSale: Generated<boolean>;
  unlimited: Generated<boolean>;
  qtyInStock: Generated<number>;
  attributes: DefaultedJson<Record<string, string>>;
  displayIndex: Generated<number>;
  /** The variant's own picture, one of the website's images. */
  mainImageId: Nullable<string>;
  /** One unit's shipping weight in grams (migration 0020); 0 when the owner gave none. */
  weightGrams: Generated<number>;
}

export interface ProductCategoriesTable {
  websiteId: string;
  id: string;
  collectionId: string;
  parentCategoryId: Nullable<string>;
  displayName: string;
  urlSlug: string;
  type: Generated<'ROOT' | 'CATEGORY'>;
  pageRendering: Generated<'LIST_VIEW' | 'GRID_VIEW'>;
  displayIndex: Generated<number>;
}

export interface NavigationsTable {
  websiteId: string;
  id: string;
  /** The template.conf navigation name, e.g. mainNav. */
  identifier: string;
  title: string;
}

export interface NavigationItemsTable {
  websiteId: string;
  id: string;
  navigationId: string;
  parentId: Nullable<string>;
  collectionId: Nullable<string>;
  externalLink: Nullable<string>;
  memberAreaId: Nullable<string>;
  title: Nullable<string>;
  newWindow: Generated<boolean>;
  displayIndex: Generated<number>;
}

export interface CommentsTable {
  websiteId: string;
  id: string;
  itemId: string;
  parentId: Nullable<string>;
  authorName: string;
  authorEmail: Nullable<string>;
  authorUrl: Nullable<string>;
  body: string;
  approved: Generated<boolean>;
  addedOn: Timestamp;
}

/** A visitor's review of a product (migration 0027). */
export interface ProductReviewsTable {
  websiteId: string;
  id: string;
  itemId: string;
  rating: number;
  title: string;
  body: string;
  authorName: string;
  addedOn: CreatedAt;
}

export interface LikesTable {
  websiteId: string;
  itemId: string;
  visitorKey: string;
  createdOn: CreatedAt;
}

export interface CartsTable {
  websiteId: string;
  id: string;
  siteUserId: Nullable<string>;
  currency: Generated<string>;
  isPurchased: Generated<boolean>;
  orderId: Nullable<string>;
  coupons: DefaultedJson<string[]>;
  /** The gift cards applied, by id, in the order they pay (migration 0030). */
  giftCards: DefaultedJson<string[]>;
  shippingLocation: NullableJson<Record<string, unknown>>;
  selectedShippingOption: NullableJson<Record<string, unknown>>;
  createdOn: CreatedAt;
  updatedOn: Timestamp;
  /** Moves with any change to the cart or its entries (migration 0014); bigint, read as text. */
  version: Generated<string>;
}

export interface CartEntriesTable {
  websiteId: string;
  id: string;
  cartId: string;
  itemId: string;
  variantId: string;
  quantity: number;
  additionalFields: NullableJson<Record<string, unknown>>;
  addedOn: CreatedAt;
}

export interface OrdersTable {
  websiteId: string;
  id: string;
  /** Given when the order is paid (migration 0034): null while it awaits its payment, and for a failed attempt. */
  orderNumber: Nullable<number>;
  cartId: string;
  testMode: Generated<boolean>;
  currency: string;
  subtotalMinor: Minor;
  taxMinor: DefaultedMinor;
  shippingMinor: DefaultedMinor;
  discountMinor: DefaultedMinor;
  grandTotalMinor: Minor;
  customerEmail: Nullable<string>;
  status: Generated<'PENDING' | 'FULFILLED' | 'CANCELED'>;
  createdOn: CreatedAt;
  /** The buyer's name and shipping address from checkout (migration 0004); null before it or with nothing to ship. */
  customerName: Nullable<string>;
  shippingAddressLine1: Nullable<string>;
  shippingAddressLine2: Nullable<string>;
  shippingCity: Nullable<string>;
  shippingPostalCode: Nullable<string>;
  shippingCountry: Nullable<string>;
  /** The site user signed in when the order was placed (migration 0015); null when placed signed out. */
  siteUserId: Nullable<string>;
  /** What was charged and taken off, line by line (migration 0020). */
  shippingRegion: Nullable<string>;
  shippingMethod: NullableJson<OrderShippingMethod>;
  taxLines: DefaultedJson<OrderTaxLine[]>;
  discountLines: DefaultedJson<OrderDiscountLine[]>;
  /** What gift cards paid of the grand total (migration 0030); the rest is what a payment charges. */
  giftCardMinor: DefaultedMinor;
  /**
   * 'awaiting' while its payment is asked for (stock, discount uses and gift cards held), 'paid' once it is
   * an order, 'failed' for an attempt whose payment failed and whose holds were given back (migration 0034).
   */
  paymentStatus: Generated<OrderPaymentStatus>;
  /** The random token of the receipt email's link to the status page; null before migration 0034. */
  statusToken: Nullable<string>;
  /** When the owner fulfilled it, and how it ships (migration 0036); null until then. */
  fulfilledOn: NullableTimestamp;
  trackingNumber: Nullable<string>;
  carrier: Nullable<string>;
  trackingUrl: Nullable<string>;
  /** When the owner cancelled it (migration 0036). */
  canceledOn: NullableTimestamp;
  /** A subscription's renewal (migration 0037): the subscription and which period; null for checkout's orders. */
  subscriptionId: Nullable<string>;
  subscriptionPeriod: Nullable<number>;
  /** When its buyer was emailed the reviews request (migration 0039); null until then. */
  reviewsRequestedOn: NullableTimestamp;
}

/** What the provider refunded of an order's payment, and who asked (migration 0036). */
export interface OrderRefundsTable {
  websiteId: string;
  id: string;
  orderId: string;
  paymentId: string;
  amountMinor: Minor;
  currency: string;
  reason: Generated<string>;
  providerRefundId: string;
  actorKind: 'contributor' | 'api-key';
  actorId: string;
  actorName: string;
  createdOn: CreatedAt;
}

/** One parcel of an order, as the owner fulfilled it (migration 0039). */
export interface OrderShipmentsTable {
  websiteId: string;
  id: string;
  orderId: string;
  trackingNumber: Nullable<string>;
  carrier: Nullable<string>;
  trackingUrl: Nullable<string>;
  createdOn: CreatedAt;
}

/** How many of an order line a shipment sent (migration 0039). */
export interface OrderShipmentLinesTable {
  websiteId: string;
  shipmentId: string;
  orderId: string;
  lineNumber: number;
  quantity: number;
}

export type OrderPaymentStatus = 'awaiting' | 'paid' | 'failed';

/** A charge checkout asked a payment provider for (migrations 0028 and 0032). */
export interface PaymentsTable {
  websiteId: string;
  id: string;
  provider: string;
  /** The provider's id for it (pi_…, tp_…); null until the provider answered. */
  providerPaymentId: Nullable<string>;
  cartId: string;
  orderId: Nullable<string>;
  amountMinor: Minor;
  currency: string;
  status: PaymentStatus;
  refundedMinor: DefaultedMinor;
  declineMessage: Nullable<string>;
  /** Where the shopper finishes a second step. */
  actionUrl: Nullable<string>;
  /** The site's origin the checkout came from ('https://shop.example'): the links in the receipts. */
  siteOrigin: Generated<string>;
  createdOn: CreatedAt;
  updatedOn: Timestamp;
  /** What the provider charges again without the buyer, kept for an order that starts a subscription (migration 0037). */
  reusableMethod: Nullable<string>;
}

export type SubscriptionState = 'active' | 'paused' | 'canceled' | 'ended';

/** A paid order line sold with a plan, and its schedule (migration 0037). */
export interface SubscriptionsTable {
  websiteId: string;
  id: string;
  firstOrderId: string;
  lineNumber: number;
  siteUserId: Nullable<string>;
  customerEmail: Nullable<string>;
  customerName: Nullable<string>;
  itemId: string;
  variantId: string;
  sku: string;
  productName: string;
  quantity: number;
  unitPriceMinor: Minor;
  currency: string;
  billingValue: number;
  billingUnit: 'WEEK' | 'MONTH' | 'YEAR';
  numBillingCycles: number;
  provider: string;
  paymentMethod: Nullable<string>;
  state: Generated<SubscriptionState>;
  pausedFor: Nullable<'buyer' | 'payment-failed'>;
  periodsBilled: Generated<number>;
  anchorOn: Timestamp;
  anchorPeriod: number;
  nextBillingOn: NullableTimestamp;
  failedAttempts: Generated<number>;
  retryOn: NullableTimestamp;
  lastDecline: Nullable<string>;
  testMode: Generated<boolean>;
  siteOrigin: Generated<string>;
  createdOn: CreatedAt;
  updatedOn: Timestamp;
}

export type PaymentStatus = 'pending' | 'requires-action' | 'succeeded' | 'declined';

/** A gift card (migration 0030): its code kept only as a digest; the balance never below zero. */
export interface GiftCardsTable {
  websiteId: string;
  id: string;
  codeDigest: string;
  lastCharacters: string;
  currency: string;
  initialMinor: Minor;
  balanceMinor: Minor;
  /** The order line that bought it; null for a card the owner (or the seed) made. */
  orderId: Nullable<string>;
  orderLineNumber: Nullable<number>;
  createdOn: CreatedAt;
}

/** Every change to a gift card's balance: issued and restored are credits, redeemed a debit (negative). */
export interface GiftCardLedgerTable {
  websiteId: string;
  id: string;
  giftCardId: string;
  kind: 'issued' | 'redeemed' | 'restored';
  amountMinor: Minor;
  orderId: Nullable<string>;
  createdOn: CreatedAt;
}

export interface ShippingZonesTable {
  websiteId: string;
  id: string;
  name: string;
  areas: DefaultedJson<ZoneArea[]>;
  displayIndex: Generated<number>;
}

export interface ShippingRatesTable {
  websiteId: string;
  id: string;
  zoneId: string;
  name: string;
  kind: 'flat' | 'weight' | 'subtotal' | 'pickup';
  amountMinor: DefaultedMinor;
  bands: DefaultedJson<RateBand[]>;
  freeOverMinor: NullableMinor;
  description: Nullable<string>;
  displayIndex: Generated<number>;
}

export interface TaxRatesTable {
  websiteId: string;
  id: string;
  name: string;
  country: string;
  region: Nullable<string>;
  ratePercent: string;
  appliesToShipping: Generated<boolean>;
}

export interface DiscountsTable {
  websiteId: string;
  id: string;
  code: Nullable<string>;
  name: string;
  kind: 'percentage' | 'fixed' | 'free-shipping';
  value: Generated<string>;
  minimumSubtotalMinor: NullableMinor;
  startsOn: NullableTimestamp;
  endsOn: NullableTimestamp;
  usageLimit: Nullable<number>;
  perCustomerLimit: Nullable<number>;
  timesUsed: Generated<number>;
  productIds: DefaultedJson<string[]>;
  categories: DefaultedJson<string[]>;
  active: Generated<boolean>;
  createdOn: CreatedAt;
}

export interface DiscountUsesTable {
  websiteId: string;
  discountId: string;
  orderId: string;
  customerEmail: Nullable<string>;
  usedOn: CreatedAt;
}

export interface OrderLinesTable {
  websiteId: string;
  orderId: string;
  lineNumber: number;
  itemId: string;
  variantId: string;
  sku: string;
  productName: string;
  quantity: number;
  unitPriceMinor: Minor;
  currency: string;
  /** The variant's option values as bought (migration 0004); null on older lines. */
  optionValues: NullableJson<{ optionName: string; value: string }[]>;
  /** A subscription's plan as sold (migration 0026); null for one-off lines and older ones. */
  subscriptionPlan: NullableJson<SubscriptionPlan>;
  /** The cart entry's additional fields, a gift card's recipient among them (migration 0026). */
  additionalFields: NullableJson<Record<string, unknown>>;
}

export interface FormsTable {
  websiteId: string;
  id: string;
  name: string;
  isNewsletter: Generated<boolean>;
  fields: DefaultedJson<FormField[]>;
  submissionMessage: Generated<string>;
  submissionHtml: Generated<string>;
  successRedirect: Nullable<string>;
  disclaimerMessage: Generated<string>;
  captchaEnabled: Generated<boolean>;
  captchaTheme: Generated<'light' | 'dark'>;
  captchaAlignment: Generated<'left' | 'center' | 'right'>;
  storage: DefaultedJson<Record<string, unknown>>;
}

export interface FormSubmissionKeysTable {
  websiteId: string;
  key: string;
  createdOn: CreatedAt;
  usedOn: NullableTimestamp;
}

export interface FormSubmissionsTable {
  websiteId: string;
  id: string;
  formId: string;
  data: Json<Record<string, unknown>>;
  pageTitle: Nullable<string>;
  pageId: Nullable<string>;
  contentSource: Nullable<'i' | 'c'>;
  pagePath: Nullable<string>;
  /** As the page sent it (migration 0006); null on older submissions. */
  pagePermissionTypeValue: Nullable<string>;
  createdOn: CreatedAt;
}

export interface RestockSignupsTable {
  websiteId: string;
  id: string;
  itemId: string;
  variantId: string;
  email: string;
  joinMailingList: Generated<boolean>;
  language: Nullable<string>;
  createdOn: CreatedAt;
  notifiedOn: NullableTimestamp;
}

export interface SiteUsersTable {
  websiteId: string;
  id: string;
  email: string;
  displayName: Generated<string>;
  passwordHash: string;
  locale: Nullable<string>;
  createdOn: CreatedAt;
  /** When the user opened the link mailed to the address; null until then (migration 0012). */
  emailVerifiedOn: NullableTimestamp;
}

export interface SiteUserSessionsTable {
  websiteId: string;
  /** sha256 of the session token; the token itself is only in the cookie. */
  tokenHash: string;
  siteUserId: string;
  xsrfToken: string;
  rememberMe: Generated<boolean>;
  expiresOn: Timestamp;
  createdOn: CreatedAt;
}

export type SiteUserTokenPurpose = 'password-reset' | 'email-verification';

/** One-time tokens of emailed links (migration 0012): stored hashed, deleted when used. */
export interface SiteUserTokensTable {
  websiteId: string;
  /** sha256 of the token; the token itself is only in the link. */
  tokenHash: string;
  siteUserId: string;
  purpose: SiteUserTokenPurpose;
  expiresOn: Timestamp;
  createdOn: CreatedAt;
}

/** The site users granted a member area (a member-only collection), migration 0013. */
export interface MemberAreaMembersTable {
  websiteId: string;
  collectionId: string;
  siteUserId: string;
  joinedOn: CreatedAt;
  /** The order whose paywall product paid for it (migration 0023); null when joined for free. */
  orderId: Nullable<string>;
}

export interface ApiKeysTable {
  websiteId: string;
  id: string;
  name: string;
  /** The first characters of the key, shown in the panel to tell keys apart. */
  keyPrefix: string;
  keyHash: string;
  permissions: DefaultedJson<string[]>;
  createdOn: CreatedAt;
  lastUsedOn: NullableTimestamp;
  revokedOn: NullableTimestamp;
}

export interface CommercePreferencesTable {
  websiteId: string;
  namespace: string;
  preferences: Json<Record<string, unknown>>;
  updatedOn: Timestamp;
}

export interface AnalyticsEventsTable {
  websiteId: string;
  id: Generated<string>;
  eventName: string;
  payload: Json<Record<string, unknown>>;
  occurredOn: Timestamp;
}

export interface VisitorEventsTable {
  websiteId: string;
  occurredAt: Timestamp;
  kind: string;
  name: string;
  visitorId: string | null;
  sessionId: string | null;
  pagePath: string | null;
  bot: Generated<boolean>;
  data: Json<Record<string, unknown>>;
}

/** The daily rollups of visitor_events (migration 0022, api/analytics/rollups.ts); days are 'YYYY-MM-DD'. */
export interface AnalyticsRollupDaysTable {
  websiteId: string;
  day: ColumnType<string, string, string>;
  rolledUpAt: Timestamp;
}
export interface AnalyticsDailyPagesTable {
  websiteId: string;
  day: ColumnType<string, string, string>;
  pagePath: string;
  views: number;
  visitors: number;
}
export interface AnalyticsDailyVisitorsTable {
  websiteId: string;
  day: ColumnType<string, string, string>;
  visitorId: string;
  visits: number;
  views: number;
}
export interface AnalyticsDailyBreakdownsTable {
  websiteId: string;
  day: ColumnType<string, string, string>;
  dimension: string;
  value: string;
  views: number;
}
export interface AnalyticsDailyFunnelTable {
  websiteId: string;
  day: ColumnType<string, string, string>;
  step: string;
  visitors: number;
}
export interface AnalyticsDailyVitalsTable {
  websiteId: string;
  day: ColumnType<string, string, string>;
  pagePath: string;
  metric: string;
  bucket: number;
  samples: number;
}
export interface AnalyticsDailyErrorsTable {
  websiteId: string;
  day: ColumnType<string, string, string>;
  message: string;
  occurrences: number;
}

export interface PerformanceRecordsTable {
  websiteId: string;
  id: Generated<string>;
  app: string;
  event: string;
  pageLoadId: string;
  data: Json<Record<string, unknown>>;
  ts: Minor;
}

export interface MailOutboxTable {
  websiteId: string;
  id: string;
  /** What the mail is about ('form-submission', 'restock'), for listing and tests. */
  kind: string;
  toAddress: string;
  replyTo: Nullable<string>;
  subject: string;
  textBody: string;
  htmlBody: Nullable<string>;
  createdOn: CreatedAt;
  /** Null until an SMTP server accepted the message. */
  sentOn: NullableTimestamp;
  attempts: Generated<number>;
  lastError: Nullable<string>;
  /** A failed message waits until then before it is tried again. */
  nextAttemptOn: Timestamp;
  /** Set while a sender holds the message, so no other sender takes it. */
  claimedUntil: NullableTimestamp;
  /** Extra header lines (migration 0040): List-Unsubscribe and List-Unsubscribe-Post on newsletter mail. */
  headers: NullableJson<Record<string, string>>;
}

export type DonationStatus = 'pending' | 'requires-action' | 'paid' | 'declined';

/** A gift through a donation block and the donate page (migration 0040). */
export interface DonationsTable {
  websiteId: string;
  id: string;
  /** The donation block's key, and its title when given. */
  causeKey: string;
  causeTitle: string;
  /** The page the block is on: the donate page is /donate/{pageUrlId}. */
  pageUrlId: string;
  amountMinor: Minor;
  currency: string;
  donorName: string;
  donorEmail: string;
  note: Generated<string>;
  status: ColumnType<DonationStatus, DonationStatus | undefined, DonationStatus>;
  provider: string;
  providerPaymentId: Nullable<string>;
  declineMessage: Nullable<string>;
  testMode: Generated<boolean>;
  /** The contribution-confirmed page's token (page type 204). */
  confirmToken: string;
  createdOn: CreatedAt;
  paidOn: NullableTimestamp;
}

/** An address on a website's mailing list, and when it left (migration 0040). */
export interface MailingListSubscribersTable {
  websiteId: string;
  /** Lower case: one row per address however it was typed. */
  email: string;
  source: 'newsletter-form' | 'restock-form';
  subscribedOn: Timestamp;
  unsubscribedOn: NullableTimestamp;
}

/** An owner's text for one field of the site, a collection, an item or a navigation link in one language (migration 0032). */
export interface ContentTranslationsTable {
  websiteId: string;
  language: string;
  targetKind: 'site' | 'collection' | 'item' | 'navigation-link';
  targetId: string;
  field: string;
  value: string;
  updatedOn: Timestamp;
}

/** One owner change to a variant's stock, with who made it and why (migration 0031). */
export interface InventoryAdjustmentsTable {
  websiteId: string;
  id: string;
  itemId: string;
  variantId: string;
  sku: string;
  productTitle: string;
  quantityChange: number;
  qtyAfter: number;
  unlimitedAfter: boolean;
  reason: string;
  actorKind: 'contributor' | 'api-key';
  actorId: string;
  actorName: string;
  createdOn: CreatedAt;
}

/** An uploaded file of a digital product (migration 0031); its bytes live in the media store. */
export interface MediaFilesTable {
  websiteId: string;
  id: string;
  filename: string;
  contentType: string;
  sizeBytes: Minor;
  createdOn: CreatedAt;
}

/** One file a digital product delivers (migration 0038), in the owner's order. */
export interface ProductDigitalFilesTable {
  websiteId: string;
  itemId: string;
  fileId: string;
  position: number;
}

/** A buyer's right to one file of one paid order (migration 0038): downloads counted against its limit, until it ends. */
export interface OrderDownloadsTable {
  websiteId: string;
  orderId: string;
  fileId: string;
  /** The product that sold it. */
  itemId: string;
  downloadsUsed: Generated<number>;
  downloadLimit: number;
  expiresOn: Date;
  createdOn: CreatedAt;
}

/** One saved revision of a collection or an item, whole (migration 0035): its history, and what a restore copies back. */
export interface ContentRevisionsTable {
  websiteId: string;
  subjectKind: 'collection' | 'item';
  subjectId: string;
  revision: number;
  snapshot: Json<Record<string, unknown>>;
  /** Who saved it; null for an API key, or for the state an item had before its first save here. */
  contributorId: Nullable<string>;
  note: Generated<string>;
  createdOn: CreatedAt;
}

export interface ContentChangesTable {
  websiteId: string;
  id: Generated<string>;
  weight: DefaultedMinor;
}

export interface Database {
  contentChanges: ContentChangesTable;
  contentRevisions: ContentRevisionsTable;
  websites: WebsitesTable;
  domains: DomainsTable;
  websiteSettings: WebsiteSettingsTable;
  contributors: ContributorsTable;
  ownerSessions: OwnerSessionsTable;
  contributorInvitations: ContributorInvitationsTable;
  collections: CollectionsTable;
  items: ItemsTable;
  images: ImagesTable;
  itemImages: ItemImagesTable;
  products: ProductsTable;
  productVariants: ProductVariantsTable;
  productCategories: ProductCategoriesTable;
  navigations: NavigationsTable;
  navigationItems: NavigationItemsTable;
  comments: CommentsTable;
  likes: LikesTable;
  productReviews: ProductReviewsTable;
  carts: CartsTable;
  cartEntries: CartEntriesTable;
  orders: OrdersTable;
  shippingZones: ShippingZonesTable;
  shippingRates: ShippingRatesTable;
  taxRates: TaxRatesTable;
  discounts: DiscountsTable;
  discountUses: DiscountUsesTable;
  giftCards: GiftCardsTable;
  payments: PaymentsTable;
  subscriptions: SubscriptionsTable;
  giftCardLedger: GiftCardLedgerTable;
  orderLines: OrderLinesTable;
  forms: FormsTable;
  formSubmissionKeys: FormSubmissionKeysTable;
  formSubmissions: FormSubmissionsTable;
  restockSignups: RestockSignupsTable;
  siteUsers: SiteUsersTable;
  siteUserSessions: SiteUserSessionsTable;
  siteUserTokens: SiteUserTokensTable;
  memberAreaMembers: MemberAreaMembersTable;
  apiKeys: ApiKeysTable;
  commercePreferences: CommercePreferencesTable;
  contentTranslations: ContentTranslationsTable;
  analyticsEvents: AnalyticsEventsTable;
  performanceRecords: PerformanceRecordsTable;
  visitorEvents: VisitorEventsTable;
  analyticsRollupDays: AnalyticsRollupDaysTable;
  analyticsDailyPages: AnalyticsDailyPagesTable;
  analyticsDailyVisitors: AnalyticsDailyVisitorsTable;
  analyticsDailyBreakdowns: AnalyticsDailyBreakdownsTable;
  analyticsDailyFunnel: AnalyticsDailyFunnelTable;
  analyticsDailyVitals: AnalyticsDailyVitalsTable;
  analyticsDailyErrors: AnalyticsDailyErrorsTable;
  mailOutbox: MailOutboxTable;
  inventoryAdjustments: InventoryAdjustmentsTable;
  orderRefunds: OrderRefundsTable;
  orderShipments: OrderShipmentsTable;
  orderShipmentLines: OrderShipmentLinesTable;
  mediaFiles: MediaFilesTable;
  donations: DonationsTable;
  mailingListSubscribers: MailingListSubscribersTable;
  productDigitalFiles: ProductDigitalFilesTable;
  orderDownloads: OrderDownloadsTable;
}

export type Website = Selectable<WebsitesTable>;
export type WebsiteSettings = Selectable<WebsiteSettingsTable>;
export type Collection = Selectable<CollectionsTable>;
/** An item as the app reads it: every column but the search document (item-repository.ts selects them). */
export type Item = Omit<Selectable<ItemsTable>, 'searchDocument'>;
export type Image = Selectable<ImagesTable>;
export type Product = Selectable<ProductsTable>;
export type ProductVariant = Selectable<ProductVariantsTable>;
export type Cart = Selectable<CartsTable>;
export type CartEntry = Selectable<CartEntriesTable>;
export type Form = Selectable<FormsTable>;
export type NewItem = Insertable<ItemsTable>;
export type ItemUpdate = Updateable<ItemsTable>;
