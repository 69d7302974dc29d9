/** Enumerations from the product spec (section 3) that content templates test against. */

/** Record types. The spec lists text to gallery and lesson; the rest are the reference engine's own numbers. */
export const RECORD_TYPES = {
  undefined: -1,
  text: 1,
  image: 2,
  quote: 4,
  link: 5,
  chat: 6,
  audio: 7,
  video: 8,
  review: 10,
  'store-item': 11,
  event: 12,
  thread: 13,
  gallery: 14,
  binary: 15,
  'css-asset': 16,
  'tweak-asset': 17,
  'digital-good': 18,
  attachment: 19,
  'wordpress-export': 20,
  'json-export': 21,
  'site-search': 30,
  'active-time': 31,
  tweet: 50,
  checkin: 52,
  kbarticle: 54,
  lesson: 62,
} as const;

export type RecordTypeName = keyof typeof RECORD_TYPES;

export const COLLECTION_TYPES = {
  generic: 1,
  subscription: 2,
  'template-page': 7,
  'splash-page': 8,
  page: 10,
  products: 13,
} as const;

export const FOLDER_BEHAVIOR = { index: 1, redirect: 2, none: 3, variation: 4 } as const;

/** Background source, plus the reference's -1 for "not set". */
export const BACKGROUND_SOURCE = { undefined: -1, upload: 1, instagram: 2, video: 3, none: 4 } as const;

/** Block types of a page's layout (spec section 3 lists navigation 1 … accordion 69); the ones this product renders. */
export const BLOCK_TYPES = {
  html: 2,
  map: 4,
  image: 5,
  gallery: 8,
  form: 9,
  newsletter: 51,
  button: 53,
  'summary-v2': 55,
  /** The spec numbers block types up to 69 without naming this one; 57 is ours for the donation block. */
  donation: 57,
} as const;

export const PRODUCT_TYPES = { physical: 1, digital: 2, service: 3, 'gift-card': 4, paywall: 5 } as const;

/**
 * Slice types (spec: 1 to 19) by the names `current-type?` takes. The spec does
 * not name them; these are the names the reference engine answers to (2 has none).
 */
export const SLICE_TYPES: Readonly<Record<string, number>> = {
  undefined: -1,
  heading: 1,
  body: 3,
  image: 4,
  gallery: 5,
  video: 6,
  'social-icons': 7,
  buttons: 8,
  navigation: 9,
  'custom-form': 10,
  newsletter: 11,
  album: 12,
  map: 13,
  logo: 14,
  action: 15,
  form: 16,
  lock: 17,
  password: 18,
  twitter: 19,
};
