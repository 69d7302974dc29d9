/**
 * What the owner's content calls take (issue 23): page blocks, posts,
 * events, gallery items and collection settings, as zod schemas the owner
 * routes parse with and the admin app's editors check with before sending.
 * Limits are the spec's where it has one (section 5: tags 50 and categories
 * 25 characters, 'This {tagType} already exists', '{val} is not a valid page
 * URL'; section 9: 60 blocks a layout, 250 items a user-ordered
 * collection); the other messages are ours. Whether an image, form or
 * collection a block names exists is the server's to check.
 */
// Named imports, not the z namespace: the admin bundle then carries only what the schemas use.
import {
  array,
  boolean,
  discriminatedUnion,
  type infer as Infer,
  literal,
  nullable,
  number,
  object,
  optional,
  record,
  string,
  union,
  unknown,
  enum as zodEnum,
} from 'zod';
import { checkSlug } from './url-slug.ts';

/** Spec section 9. */
export const MAX_BLOCKS_PER_LAYOUT = 60;
/** Spec section 9: a collection whose order the owner arranges (a gallery). */
export const MAX_ORDERED_ITEMS = 250;
/** Spec section 5. */
export const TAG_MAX_LENGTH = 50;
/** Spec section 5. */
export const CATEGORY_MAX_LENGTH = 25;
export const TITLE_MAX_LENGTH = 200;
/** Rich text of one block, post or excerpt, as HTML. */
export const HTML_MAX_LENGTH = 200_000;

export const CONTENT_MESSAGES = {
  titleMissing: 'Please enter a title.',
  titleTooLong: `Titles can be at most ${TITLE_MAX_LENGTH} characters long.`,
  textTooLong: 'This text is too long.',
  tagTooLong: `Tags can be at most ${TAG_MAX_LENGTH} characters long.`,
  categoryTooLong: `Categories can be at most ${CATEGORY_MAX_LENGTH} characters long.`,
  tagBlank: 'Tags cannot be blank.',
  categoryBlank: 'Categories cannot be blank.',
  /** Spec section 5: 'This {tagType} already exists'. */
  tagExists: 'This tag already exists',
  categoryExists: 'This category already exists',
  tooManyTags: 'An item can have at most 100 tags or categories.',
  imageMissing: 'Please choose an image.',
  formMissing: 'Please choose a form.',
  collectionMissing: 'Please choose a collection.',
  labelMissing: 'Please enter the button text.',
  donationKeyInvalid: 'This donation block’s key is not valid; add the block again.',
  donationAmountInvalid: 'Enter an amount above zero, such as 25 or 25.50.',
  donationPresetsTooMany: 'A donation block offers at most 6 amounts.',
  donationNoAmount: 'Offer at least one amount, or allow donors to enter their own.',
  donationMinimumAboveMaximum: 'The minimum cannot be above the maximum.',
  donationPresetOutOfRange: 'Each amount must be between the minimum and the maximum.',
  labelTooLong: 'Button text can be at most 100 characters long.',
  linkInvalid: 'Please enter a link such as /shop or https://example.com.',
  latitudeInvalid: 'Latitude is a number from -90 to 90.',
  longitudeInvalid: 'Longitude is a number from -180 to 180.',
  zoomInvalid: 'Zoom is a whole number from 1 to 20.',
  summaryLimitInvalid: 'Show from 1 to 30 items.',
  dateInvalid: 'Please enter a date and time.',
  scheduleInPast: 'Choose a date and time in the future, or publish now.',
  endBeforeStart: 'The end cannot be before the start.',
  captionTooLong: 'Captions can be at most 2,000 characters long.',
  descriptionTooLong: 'Descriptions can be at most 2,000 characters long.',
  passwordMissing: 'Please enter the password visitors will need.',
  passwordTooLong: 'Passwords can be at most 256 characters long.',
  baseRevisionMissing: 'Reload the page: this save does not say which version it was based on.',
} as const;

const text = (max: number, tooLong: string) => string().trim().max(max, tooLong);
export const titleSchema = string()
  .trim()
  .min(1, CONTENT_MESSAGES.titleMissing)
  .max(TITLE_MAX_LENGTH, CONTENT_MESSAGES.titleTooLong);
const html = string().max(HTML_MAX_LENGTH, CONTENT_MESSAGES.textTooLong);
const reference = (missing: string) => string().trim().min(1, missing).max(100, missing);
/** Whole minor units of the store's currency, above zero ('2500' is $25.00); the editor converts what the owner types. */
const minorAmount = string().regex(/^[1-9]\d{0,11}$/, CONTENT_MESSAGES.donationAmountInvalid);
/** The revision the editor loaded; a save based on an older one is a conflict (409). */
export const baseRevisionSchema = number({ error: CONTENT_MESSAGES.baseRevisionMissing }).int();

/** A URL slug as typed; the url-slug filter makes it what is stored (shared/url-slug.ts). */
const slugInput = (collection: boolean, required = false) =>
  string()
    .max(500)
    .transform((typed, ctx) => {
      if (typed.trim() === '' && !required) return '';
      const checked = checkSlug(typed, { collection });
      if ('problem' in checked) {
        ctx.addIssue({ code: 'custom', message: checked.problem });
        return typed;
      }
      return checked.slug;
    });

/** Tags or categories: trimmed, each within its limit, none twice (case aside). */
const labelList = (kind: 'tag' | 'category') => {
  const max = kind === 'tag' ? TAG_MAX_LENGTH : CATEGORY_MAX_LENGTH;
  const tooLong = kind === 'tag' ? CONTENT_MESSAGES.tagTooLong : CONTENT_MESSAGES.categoryTooLong;
  const blank = kind === 'tag' ? CONTENT_MESSAGES.tagBlank : CONTENT_MESSAGES.categoryBlank;
  const exists = kind === 'tag' ? CONTENT_MESSAGES.tagExists : CONTENT_MESSAGES.categoryExists;
  return array(string().trim().min(1, blank).max(max, tooLong))
    .max(100, CONTENT_MESSAGES.tooManyTags)
    .superRefine((values, ctx) => {
      const seen = new Set<string>();
      values.forEach((value, index) => {
        const key = value.toLowerCase();
        if (seen.has(key)) ctx.addIssue({ code: 'custom', message: exists, path: [index] });
        seen.add(key);
      });
    });
};

/** An instant as ISO 8601 text with its offset (what the admin app's date fields send). */
const instant = string().refine((value) => !Number.isNaN(Date.parse(value)) && /\d{4}-\d{2}-\d{2}T/.test(value), {
  message: CONTENT_MESSAGES.dateInvalid,
});

export const locationSchema = object({
  addressTitle: optional(text(200, CONTENT_MESSAGES.textTooLong)),
  addressLine1: optional(text(200, CONTENT_MESSAGES.textTooLong)),
  addressLine2: optional(text(200, CONTENT_MESSAGES.textTooLong)),
  addressCountry: optional(text(100, CONTENT_MESSAGES.textTooLong)),
  mapLat: number({ error: CONTENT_MESSAGES.latitudeInvalid })
    .min(-90, CONTENT_MESSAGES.latitudeInvalid)
    .max(90, CONTENT_MESSAGES.latitudeInvalid),
  mapLng: number({ error: CONTENT_MESSAGES.longitudeInvalid })
    .min(-180, CONTENT_MESSAGES.longitudeInvalid)
    .max(180, CONTENT_MESSAGES.longitudeInvalid),
  mapZoom: optional(
    number({ error: CONTENT_MESSAGES.zoomInvalid })
      .int()
      .min(1, CONTENT_MESSAGES.zoomInvalid)
      .max(20, CONTENT_MESSAGES.zoomInvalid),
  ),
});
export type LocationInput = Infer<typeof locationSchema>;

/** A button's link: a path of this site or an http(s) address, mailto: and tel: too; never javascript:. */
export function isSafeLink(href: string): boolean {
  if (href.startsWith('/')) return !href.startsWith('//') && !/[\s<>"]/.test(href);
  if (/^(mailto|tel):[^\s<>"]+$/i.test(href)) return true;
  try {
    const url = new URL(href);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/**
 * A block of a page's layout as the editor sends it, by the spec's block
 * type number: the types the default template renders (renderer/page-blocks).
 * html (2) is the text block, its HTML sanitized by the server.
 */
export const pageBlockInputSchema = discriminatedUnion('type', [
  object({ type: literal(2), html }),
  object({ type: literal(4), location: locationSchema }),
  object({
    type: literal(5),
    imageId: reference(CONTENT_MESSAGES.imageMissing),
    caption: optional(text(2000, CONTENT_MESSAGES.captionTooLong)),
  }),
  object({ type: literal(8), collectionId: reference(CONTENT_MESSAGES.collectionMissing) }),
  object({ type: literal(9), formId: reference(CONTENT_MESSAGES.formMissing) }),
  object({ type: literal(51), formId: reference(CONTENT_MESSAGES.formMissing) }),
  object({
    type: literal(53),
    label: string().trim().min(1, CONTENT_MESSAGES.labelMissing).max(100, CONTENT_MESSAGES.labelTooLong),
    href: string().trim().max(2083, CONTENT_MESSAGES.linkInvalid).refine(isSafeLink, CONTENT_MESSAGES.linkInvalid),
  }),
  object({
    type: literal(55),
    collectionId: reference(CONTENT_MESSAGES.collectionMissing),
    limit: number({ error: CONTENT_MESSAGES.summaryLimitInvalid })
      .int()
      .min(1, CONTENT_MESSAGES.summaryLimitInvalid)
      .max(30, CONTENT_MESSAGES.summaryLimitInvalid),
    design: zodEnum(['grid', 'list', 'carousel']),
  }),
  object({
    type: literal(57),
    /** Given by the server to a new block and kept by every edit: the donate page's ?cause= names it. */
    key: optional(string().regex(/^[a-z0-9]{1,32}$/, CONTENT_MESSAGES.donationKeyInvalid)),
    title: string().trim().min(1, CONTENT_MESSAGES.titleMissing).max(TITLE_MAX_LENGTH, CONTENT_MESSAGES.titleTooLong),
    description: text(2000, CONTENT_MESSAGES.textTooLong),
    presetAmounts: array(minorAmount).max(6, CONTENT_MESSAGES.donationPresetsTooMany),
    allowCustom: boolean(),
    minimum: minorAmount,
    maximum: minorAmount,
  }),
]);
export type PageBlockInput = Infer<typeof pageBlockInputSchema>;
export type BlockTypeNumber = PageBlockInput['type'];

/** What the editor calls each block type. */
export const BLOCK_TYPE_LABELS: Readonly<Record<BlockTypeNumber, string>> = {
  2: 'Text',
  4: 'Map',
  5: 'Image',
  8: 'Gallery',
  9: 'Form',
  51: 'Newsletter',
  53: 'Button',
  55: 'Summary',
  57: 'Donation',
};

export const addBlockSchema = object({
  baseRevision: baseRevisionSchema,
  /** Where the block goes, 0-based; the end when left out. */
  index: optional(number().int().min(0)),
  block: pageBlockInputSchema,
});
export const editBlockSchema = object({ baseRevision: baseRevisionSchema, block: pageBlockInputSchema });
export const moveBlockSchema = object({ baseRevision: baseRevisionSchema, to: number().int().min(0) });

/** Draft, published (now, or kept as it was), or scheduled for publishAt. */
export const PUBLICATION_STATES = ['draft', 'published', 'scheduled'] as const;
export type PublicationState = (typeof PUBLICATION_STATES)[number];

const itemCommon = {
  title: titleSchema,
  /** Empty: made from the title. */
  urlId: optional(slugInput(false)),
};

export const postInputSchema = object({
  ...itemCommon,
  body: html,
  excerpt: html,
  authorId: nullable(reference('Please choose an author.')),
  categories: labelList('category'),
  tags: labelList('tag'),
  mainImageId: nullable(reference(CONTENT_MESSAGES.imageMissing)),
  publication: zodEnum(PUBLICATION_STATES),
  /** Required when scheduled. */
  publishAt: optional(nullable(instant)),
  commentsEnabled: boolean(),
});
export type PostInput = Infer<typeof postInputSchema>;

export const eventInputSchema = object({
  ...itemCommon,
  body: html,
  excerpt: html,
  categories: labelList('category'),
  tags: labelList('tag'),
  mainImageId: nullable(reference(CONTENT_MESSAGES.imageMissing)),
  publication: zodEnum(PUBLICATION_STATES),
  publishAt: optional(nullable(instant)),
  startDate: instant,
  endDate: instant,
  location: locationSchema,
}).refine((event) => Date.parse(event.endDate) >= Date.parse(event.startDate), {
  message: CONTENT_MESSAGES.endBeforeStart,
  path: ['endDate'],
});
export type EventInput = Infer<typeof eventInputSchema>;

export const galleryItemInputSchema = object({
  ...itemCommon,
  caption: text(2000, CONTENT_MESSAGES.captionTooLong),
  mainImageId: reference(CONTENT_MESSAGES.imageMissing),
});
export type GalleryItemInput = Infer<typeof galleryItemInputSchema>;

/** The kinds of collection the admin app edits items of, by the template's collection kind. */
export const ITEM_COLLECTION_KINDS = ['blog', 'events', 'gallery'] as const;
export type ItemCollectionKind = (typeof ITEM_COLLECTION_KINDS)[number];

/** Each kind's input, as one table: a kind added above without its schema fails to compile. */
export const ITEM_INPUT_SCHEMAS = {
  blog: postInputSchema,
  events: eventInputSchema,
  gallery: galleryItemInputSchema,
} as const satisfies Record<ItemCollectionKind, unknown>;

export const reorderSchema = object({
  baseRevision: baseRevisionSchema,
  itemIds: array(string()).max(MAX_ORDERED_ITEMS, `A gallery holds at most ${MAX_ORDERED_ITEMS} items.`),
});

/** The kinds of collection the admin app creates: a page of blocks, or one holding posts, events or pictures. */
export const NEW_COLLECTION_KINDS = ['page', 'blog', 'events', 'gallery'] as const;
export type NewCollectionKind = (typeof NEW_COLLECTION_KINDS)[number];

export const newCollectionSchema = object({
  kind: zodEnum(NEW_COLLECTION_KINDS),
  title: titleSchema,
  urlId: optional(slugInput(true)),
});

export const ACCESS_KINDS = ['public', 'password', 'members'] as const;
export type AccessKind = (typeof ACCESS_KINDS)[number];

export const collectionSettingsSchema = object({
  baseRevision: baseRevisionSchema,
  title: titleSchema,
  navigationTitle: text(TITLE_MAX_LENGTH, CONTENT_MESSAGES.titleTooLong),
  urlId: slugInput(true, true),
  description: text(2000, CONTENT_MESSAGES.descriptionTooLong),
  /** Page settings: what search engines and shared links show. */
  seoTitle: text(TITLE_MAX_LENGTH, CONTENT_MESSAGES.titleTooLong),
  seoDescription: text(2000, CONTENT_MESSAGES.descriptionTooLong),
  socialImageId: nullable(reference(CONTENT_MESSAGES.imageMissing)),
  access: zodEnum(ACCESS_KINDS),
  /** A new password for 'password' access; empty keeps the one set before. */
  password: optional(string().max(256, CONTENT_MESSAGES.passwordTooLong)),
  enabled: boolean(),
});
export type CollectionSettingsInput = Infer<typeof collectionSettingsSchema>;

export const restoreSchema = object({
  baseRevision: baseRevisionSchema,
  revision: number().int().min(1),
});

/**
 * What the preview renders (issue 23): a page with the editor's blocks, an
 * item with the editor's fields (a new one when itemId is null), or any
 * page of the site; with the style panel's tweak values when it sends them.
 * Nothing of it is saved.
 */
export const previewSchema = object({
  subject: discriminatedUnion('kind', [
    object({
      kind: literal('page'),
      collectionId: string(),
      blocks: array(pageBlockInputSchema).max(
        MAX_BLOCKS_PER_LAYOUT,
        `A page holds at most ${MAX_BLOCKS_PER_LAYOUT} blocks.`,
      ),
    }),
    object({
      kind: literal('item'),
      collectionId: string(),
      itemId: nullable(string()),
      values: record(string(), unknown()),
    }),
    object({ kind: literal('site'), path: string().max(500).regex(/^\//, 'A path on this site starts with /.') }),
  ]),
  tweaks: optional(record(string(), union([string(), number(), boolean()]))),
});
export type PreviewInput = Infer<typeof previewSchema>;

export const tweakValuesInputSchema = object({
  values: record(string(), union([string(), number(), boolean()])),
});
