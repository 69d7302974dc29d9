/**
 * What the JSONB columns hold, as zod schemas. The TypeScript types of
 * schema.ts are inferred from these, and JSON_COLUMN_SCHEMAS is checked
 * against schema.ts's column types below, so a schema and the type the code
 * is written against cannot drift apart.
 *
 * The schemas check, they never transform (no defaults, no coercion): the
 * reader in read-json.ts hands on the stored value itself once it passed.
 * Columns whose content is open-ended (settings, submissions, analytics
 * payloads) are only required to be objects.
 */
import type { SelectType } from 'kysely';
import { z } from 'zod';
import type { Database } from './schema.ts';

/** Any JSON object: the shape of the open-ended columns. */
const openObjectSchema = z.record(z.string(), z.unknown());
const stringListSchema = z.array(z.string());
/** Variant attributes and image colors: names mapped to text. */
const stringMapSchema = z.record(z.string(), z.string());

export const eventLocationSchema = z.object({
  addressTitle: z.string().optional(),
  addressLine1: z.string().optional(),
  addressLine2: z.string().optional(),
  addressCountry: z.string().optional(),
  mapLat: z.number().optional(),
  mapLng: z.number().optional(),
  mapZoom: z.number().optional(),
});
export type EventLocation = z.infer<typeof eventLocationSchema>;

/**
 * A block of a page's layout, tagged by the spec's block type number
 * (html 2, map 4, image 5, gallery 8, form 9, newsletter 51, button 53,
 * summary-v2 55).
 */
export const pageBlockSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal(2), html: z.string() }),
  z.object({ type: z.literal(4), location: eventLocationSchema }),
  z.object({ type: z.literal(5), imageId: z.string(), caption: z.string().optional() }),
  z.object({ type: z.literal(8), collectionId: z.string() }),
  z.object({ type: z.literal(9), formId: z.string() }),
  z.object({ type: z.literal(51), formId: z.string() }),
  z.object({ type: z.literal(53), label: z.string(), href: z.string() }),
  z.object({
    type: z.literal(55),
    collectionId: z.string(),
    limit: z.number(),
    design: z.enum(['grid', 'list', 'carousel']),
  }),
  // The donation block (issue 24): its cause and the amounts it offers, in minor units of the store's currency.
  z.object({
    type: z.literal(57),
    key: z.string(),
    title: z.string(),
    description: z.string(),
    presetAmounts: z.array(z.string()),
    allowCustom: z.boolean(),
    minimum: z.string(),
    maximum: z.string(),
  }),
]);
export type PageBlock = z.infer<typeof pageBlockSchema>;

const KNOWN_BLOCK_TYPES: ReadonlySet<unknown> = new Set(pageBlockSchema.options.map((block) => block.shape.type.value));

/*
 * A block of a type this code knows must have that type's shape. A block of
 * another type (written by a newer or older builder) is kept: the page
 * renderer leaves it out and reports it, and the rest of the page still
 * renders, which rejecting the whole collection here would prevent.
 */
const storedPageBlockSchema = z
  .custom<PageBlock>((value) => typeof value === 'object' && value !== null && !Array.isArray(value), {
    message: 'a block must be an object',
  })
  .superRefine((block, ctx) => {
    if (!KNOWN_BLOCK_TYPES.has(block.type)) return;
    const checked = pageBlockSchema.safeParse(block);
    if (checked.success) return;
    for (const issue of checked.error.issues) {
      ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message, input: block });
    }
  });

/** The store's installment provider account (spec section 3, installment context per item). */
export const installmentSettingsSchema = z.object({
  available: z.boolean(),
  /** Integer minor units of the base currency, as text like Money values: prices must be above this… */
  min: z.string(),
  /** …and at most this. */
  max: z.string(),
  /** ISO 3166 alpha-2 country of the payment account: which provider name and locales apply. */
  accountCountry: z.string(),
});
export type InstallmentSettings = z.infer<typeof installmentSettingsSchema>;

/** Loose: keys this code does not name are kept, and the page context passes them on. */
export const storeSettingsSchema = z.looseObject({
  storeTitle: z.string().optional(),
  multipleQuantityAllowedForServices: z.boolean().optional(),
  /** The scarcity message on product pages. */
  scarcityEnabled: z.boolean().optional(),
  /** The scarcity message on product cards in lists and summary blocks (the inventory panel's second toggle). */
  scarcityBlocksEnabled: z.boolean().optional(),
  scarcityThreshold: z.number().optional(),
  scarcityText: z.string().optional(),
  restockSuccessText: z.string().optional(),
  mailingListSignUpEnabled: z.boolean().optional(),
  mailingListOptInByDefault: z.boolean().optional(),
  customSoldOutText: z.string().optional(),
  /**
   * The smallest order subtotal that may check out, in minor units of the
   * base currency as a string of digits; unset or '0' for none.
   */
  minimumSubtotalCents: z.string().optional(),
  /** Buy-now-pay-later messaging on product pages; none saved means it is off. */
  installments: installmentSettingsSchema.optional(),
  /** Prices and shipping rates are entered with tax in them (checkout then shows the tax they include). */
  pricesIncludeTax: z.boolean().optional(),
  /** Round tax per line (the default) or once per order. */
  taxRounding: z.enum(['line', 'order']).optional(),
  /** Days after an order is fulfilled that the buyer is asked for reviews (api/services/reviews-request.ts); 0 for never. */
  reviewsRequestDays: z.number().int().min(0).max(365).optional(),
});
export type StoreSettings = z.infer<typeof storeSettingsSchema>;

/**
 * The site-wide promotional popup (spec section 2, page type 104 popup
 * overlay). Loose and all optional: {} is a site that never set one up, and
 * shared/popup-overlay.ts fills in what is not set.
 */
export const popupOverlaySettingsSchema = z.looseObject({
  enabled: z.boolean().optional(),
  /** Raised by the owner to show the popup again to visitors who closed or answered an older one. */
  version: z.number().optional(),
  headline: z.string().optional(),
  /** Plain text; blank lines separate paragraphs. */
  body: z.string().optional(),
  /** A newsletter sign-up (formId names a newsletter form of the site) or a button link. */
  action: z.enum(['newsletter', 'button']).optional(),
  formId: z.string().optional(),
  buttonLabel: z.string().optional(),
  buttonUrl: z.string().optional(),
  delaySeconds: z.number().optional(),
  /** Days the popup stays away after a visitor closes it. */
  closedDays: z.number().optional(),
  showOn: z.enum(['all', 'home']).optional(),
});
export type PopupOverlaySettings = z.infer<typeof popupOverlaySettingsSchema>;

/**
 * A website's values for its template's tweaks (renderer/template-package/package-styles.ts):
 * tweak name to value; a checkbox tweak takes true or false.
 */
export const tweakValuesSchema = z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]));
export type TweakValues = z.infer<typeof tweakValuesSchema>;

export const shareButtonOptionsSchema = z.record(z.string(), z.boolean());
export type ShareButtonOptions = z.infer<typeof shareButtonOptionsSchema>;

export const socialAccountSchema = z.object({
  serviceName: z.string(),
  profileUrl: z.string(),
  screenname: z.string().optional(),
});
export type SocialAccount = z.infer<typeof socialAccountSchema>;

export const subscriptionPlanSchema = z.object({
  billingPeriod: z.object({ value: z.number(), unit: z.enum(['WEEK', 'MONTH', 'YEAR']) }),
  numBillingCycles: z.number(),
});
export type SubscriptionPlan = z.infer<typeof subscriptionPlanSchema>;

/** One field of the form builder (spec section 3, Form). */
export const formFieldSchema = z.object({
  id: z.string(),
  type: z.string(),
  title: z.string(),
  description: z.string().optional(),
  placeholder: z.string().optional(),
  required: z.boolean().optional(),
  options: z.array(z.string()).optional(),
  currencySymbol: z.string().optional(),
  showCountryCode: z.boolean().optional(),
  underline: z.boolean().optional(),
  maxLength: z.number().optional(),
  key: z.string().optional(),
  value: z.string().optional(),
});
export type FormField = z.infer<typeof formFieldSchema>;

/** A variant's option as an order line keeps it. */
export const optionValueSchema = z.object({ optionName: z.string(), value: z.string() });

/** Every JSONB column of the schema, by table, with the schema its stored value must pass. */
/** Checkout rules (migration 0020): where a shipping zone applies, and a banded rate's bands. */
export const zoneAreaSchema = z.object({ country: z.string(), regions: z.array(z.string()).optional() });
export type ZoneArea = z.infer<typeof zoneAreaSchema>;
export const rateBandSchema = z.object({ upTo: z.string().nullable(), amountCents: z.string() });
export type RateBand = z.infer<typeof rateBandSchema>;

/** What an order kept of its shipping, tax and discounts, as charged. */
export const orderShippingMethodSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.string(),
  costCents: z.string(),
});
export type OrderShippingMethod = z.infer<typeof orderShippingMethodSchema>;
export const orderTaxLineSchema = z.object({
  id: z.string(),
  name: z.string(),
  ratePercent: z.string(),
  taxCents: z.string(),
});
export type OrderTaxLine = z.infer<typeof orderTaxLineSchema>;
export const orderDiscountLineSchema = z.object({
  id: z.string(),
  code: z.string().nullable(),
  name: z.string(),
  kind: z.string(),
  amountCents: z.string(),
});
export type OrderDiscountLine = z.infer<typeof orderDiscountLineSchema>;

/** A translation language of a website (migration 0032): its BCP 47 code and the name the owner knows it by. */
export const translationLanguageSchema = z.object({ code: z.string(), name: z.string() });
export type TranslationLanguage = z.infer<typeof translationLanguageSchema>;

export const JSON_COLUMN_SCHEMAS = {
  websiteSettings: {
    storeSettings: storeSettingsSchema,
    shareButtonOptions: shareButtonOptionsSchema,
    socialAccounts: z.array(socialAccountSchema),
    languages: stringListSchema,
    translationLanguages: z.array(translationLanguageSchema),
    popupOverlay: popupOverlaySettingsSchema,
    tweakValues: tweakValuesSchema,
  },
  collections: { blocks: z.array(storedPageBlockSchema), settings: openObjectSchema },
  contentRevisions: { snapshot: openObjectSchema },
  items: {
    tags: stringListSchema,
    categories: stringListSchema,
    location: eventLocationSchema.nullable(),
    structuredContent: openObjectSchema,
  },
  images: { colorData: stringMapSchema.nullable() },
  products: { subscriptionPlan: subscriptionPlanSchema.nullable(), variantOptionOrdering: stringListSchema },
  productVariants: { attributes: stringMapSchema },
  carts: {
    coupons: stringListSchema,
    giftCards: stringListSchema,
    shippingLocation: openObjectSchema.nullable(),
    selectedShippingOption: openObjectSchema.nullable(),
  },
  cartEntries: { additionalFields: openObjectSchema.nullable() },
  orderLines: {
    optionValues: z.array(optionValueSchema).nullable(),
    subscriptionPlan: subscriptionPlanSchema.nullable(),
    additionalFields: openObjectSchema.nullable(),
  },
  orders: {
    shippingMethod: orderShippingMethodSchema.nullable(),
    taxLines: z.array(orderTaxLineSchema),
    discountLines: z.array(orderDiscountLineSchema),
  },
  shippingZones: { areas: z.array(zoneAreaSchema) },
  shippingRates: { bands: z.array(rateBandSchema) },
  discounts: { productIds: stringListSchema, categories: stringListSchema },
  forms: { fields: z.array(formFieldSchema), storage: openObjectSchema },
  formSubmissions: { data: openObjectSchema },
  apiKeys: { permissions: stringListSchema },
  commercePreferences: { preferences: openObjectSchema },
  analyticsEvents: { payload: openObjectSchema },
  performanceRecords: { data: openObjectSchema },
  visitorEvents: { data: openObjectSchema },
  mailOutbox: { headers: stringMapSchema.nullable() },
} as const satisfies { [T in JsonTable]: { [C in JsonColumn<T>]: z.ZodType<SelectType<Database[T][C]>> } };

/*
 * A JSON column is one written as JSON text (see json()) but read back as
 * something that is not text; CreatedAt's `never` update type is no text.
 */
type IsJsonColumn<C> = C extends { readonly __select__: infer S; readonly __update__: infer U }
  ? [U] extends [never]
    ? false
    : [U] extends [string | null]
      ? [S] extends [string | null]
        ? false
        : true
      : false
  : false;

export type JsonTable = {
  [T in keyof Database]: JsonColumn<T> extends never ? never : T;
}[keyof Database];

export type JsonColumn<T extends keyof Database> = {
  [C in keyof Database[T]]: IsJsonColumn<Database[T][C]> extends true ? C : never;
}[keyof Database[T]] &
  string;

// `satisfies` above checks one way (every schema's output fits its column);
// this checks the other, so neither side can widen alone.
type Agrees<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Disagreeing = {
  [T in JsonTable]: {
    [C in JsonColumn<T>]: Agrees<
      z.output<(typeof JSON_COLUMN_SCHEMAS)[T][C & keyof (typeof JSON_COLUMN_SCHEMAS)[T]]>,
      SelectType<Database[T][C]>
    > extends true
      ? never
      : `${T}.${C}`;
  }[JsonColumn<T>];
}[JsonTable];
/** Fails to compile, naming the table.column, when a schema and its column's type disagree. */
type NoneDisagree<T extends never> = T;
export type JsonSchemasAgree = NoneDisagree<Disagreeing>;
