/**
 * The products panel's product, as the editor sends it and the owner
 * product routes check it: one zod schema per store currency, used by both
 * sides so a field says the same thing in the form and in the server's 400.
 * The limits are the spec's (section 5: tags 50 characters, categories 25,
 * 'This {tagType} already exists'; section 9: 200 products a collection);
 * the other messages are ours, since the spec shows no product editor.
 */
// Named imports, not the z namespace: the admin bundle then carries only what the schemas use.
import { array, boolean, type infer as Infer, nullable, number, object, record, string, enum as zodEnum } from 'zod';
import { examplePrice, priceInputToMinor } from '../domain/money/price-input.ts';
import { PRODUCT_TYPES } from '../domain/spec-enums.ts';

export const PRODUCT_LIMITS = {
  /** Spec section 9: maximum products in a collection. */
  productsPerCollection: 200,
  /** Spec section 5. */
  tagMaxLength: 50,
  /** Spec section 5. */
  categoryMaxLength: 25,
  tagsPerProduct: 50,
  categoriesPerProduct: 20,
  variants: 100,
  options: 6,
  images: 50,
  titleMaxLength: 200,
  skuMaxLength: 64,
  addButtonTextMaxLength: 50,
  descriptionMaxLength: 100_000,
  excerptMaxLength: 5_000,
  maxStock: 1_000_000,
  /** Files one digital product delivers. */
  digitalFiles: 20,
  maxDownloadLimit: 1000,
  maxDownloadExpiryDays: 3650,
} as const;

export type TagType = 'tag' | 'category';

export const PRODUCT_MESSAGES = {
  // Spec section 5, word for word.
  exists: (tagType: TagType) => `This ${tagType} already exists`,
  titleMissing: 'Please enter a product name.',
  titleTooLong: `Product names can be at most ${PRODUCT_LIMITS.titleMaxLength} characters long.`,
  urlIdInvalid: 'A URL is lowercase letters, digits and dashes, at most 100 of them.',
  urlIdTaken: 'Another item of this store already has this URL.',
  typeInvalid: 'Please choose a product type.',
  descriptionTooLong: 'The description is too long.',
  excerptTooLong: 'The summary can be at most 5,000 characters long.',
  tagBlank: 'A tag cannot be blank.',
  tagTooLong: `Tags can be at most ${PRODUCT_LIMITS.tagMaxLength} characters long.`,
  tooManyTags: `A product can have at most ${PRODUCT_LIMITS.tagsPerProduct} tags.`,
  categoryBlank: 'A category cannot be blank.',
  categoryTooLong: `Categories can be at most ${PRODUCT_LIMITS.categoryMaxLength} characters long.`,
  tooManyCategories: `A product can be in at most ${PRODUCT_LIMITS.categoriesPerProduct} categories.`,
  addButtonTextTooLong: `Button text can be at most ${PRODUCT_LIMITS.addButtonTextMaxLength} characters long.`,
  tooManyImages: `A product can have at most ${PRODUCT_LIMITS.images} pictures.`,
  optionNameMissing: 'Please name the option.',
  optionNameTooLong: 'Option names can be at most 30 characters long.',
  optionExists: 'This option already exists',
  tooManyOptions: `A product can have at most ${PRODUCT_LIMITS.options} options.`,
  optionValueMissing: (option: string) => `Please enter a value for ${option}.`,
  variantsMissing: 'Please add at least one variant.',
  tooManyVariants: `A product can have at most ${PRODUCT_LIMITS.variants} variants.`,
  variantsAlike: 'Another variant has the same options.',
  singleVariant: 'A digital product or a membership has one price and no options.',
  skuMissing: 'Please enter a SKU.',
  skuTooLong: `SKUs can be at most ${PRODUCT_LIMITS.skuMaxLength} characters long.`,
  skuRepeated: 'Each variant needs a SKU of its own.',
  skuTaken: 'Another product already uses this SKU.',
  priceInvalid: (currency: string) => `Please enter a price such as ${examplePrice(currency)}.`,
  salePriceNotLower: 'The sale price must be lower than the price.',
  stockInvalid: `Stock is a whole number from 0 to ${PRODUCT_LIMITS.maxStock.toLocaleString('en-US')}.`,
  weightInvalid: 'Weight is a whole number of grams, at most 1,000,000.',
  subscriptionType: 'Only physical products and services can be subscribed to.',
  subscriptionPeriodInvalid: 'Please enter how often, from 1 to 52.',
  subscriptionCyclesInvalid: 'Please enter how many times it renews, from 0 (until cancelled) to 1,000.',
  memberAreaMissing: 'Please choose the member area this membership opens.',
  memberAreaNotAllowed: 'Only a membership opens a member area.',
  digitalFileNotAllowed: 'Only a digital product has a file to download.',
  tooManyDigitalFiles: `A digital product can deliver at most ${PRODUCT_LIMITS.digitalFiles} files.`,
  digitalFileRepeated: 'This file is already on the list.',
  downloadLimitInvalid: `The download limit is a whole number from 1 to ${PRODUCT_LIMITS.maxDownloadLimit.toLocaleString('en-US')}.`,
  downloadExpiryInvalid: `Links last a whole number of days from 1 to ${PRODUCT_LIMITS.maxDownloadExpiryDays.toLocaleString('en-US')}.`,
  // Spec section 9 gives the limit (200) and no message.
  collectionFull: `A store can hold at most ${PRODUCT_LIMITS.productsPerCollection} products. Remove one before adding another.`,
  stockChanged: 'The stock changed while you were editing. Check the new figure and try again.',
} as const;

/** The five product types of spec section 3, by their names in the editor. */
export const PRODUCT_TYPE_LABELS: Readonly<Record<number, string>> = {
  [PRODUCT_TYPES.physical]: 'Physical',
  [PRODUCT_TYPES.digital]: 'Digital',
  [PRODUCT_TYPES.service]: 'Service',
  [PRODUCT_TYPES['gift-card']]: 'Gift card',
  [PRODUCT_TYPES.paywall]: 'Membership (paywall)',
};

/** Digital products and memberships have one price and no options (spec section 3: their price is the product's). */
export function hasSingleVariant(productType: number): boolean {
  return productType === PRODUCT_TYPES.digital || productType === PRODUCT_TYPES.paywall;
}

/** Only physical products and services have stock; the rest never run out. */
export function hasStock(productType: number): boolean {
  return productType === PRODUCT_TYPES.physical || productType === PRODUCT_TYPES.service;
}

/** Spec section 3: PHYSICAL and SERVICE are the subscribable product types. */
export function isSubscribableType(productType: number): boolean {
  return hasStock(productType);
}

const URL_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const id = string().max(100);

const variantSchema = object({
  /** A stored variant's id; null for a new one. */
  id: nullable(id),
  sku: string()
    .trim()
    .min(1, PRODUCT_MESSAGES.skuMissing)
    .max(PRODUCT_LIMITS.skuMaxLength, PRODUCT_MESSAGES.skuTooLong),
  /** Option name → the variant's value (spec section 3, attributes). */
  options: record(string().max(30), string().trim().max(100)),
  price: string(),
  /** Empty unless on sale. */
  salePrice: string(),
  onSale: boolean(),
  unlimited: boolean(),
  qtyInStock: number()
    .int(PRODUCT_MESSAGES.stockInvalid)
    .min(0, PRODUCT_MESSAGES.stockInvalid)
    .max(PRODUCT_LIMITS.maxStock, PRODUCT_MESSAGES.stockInvalid),
  /**
   * The stock the editor was showing when it loaded (null for a new variant).
   * The change is applied as the difference from it, so a sale made while
   * the owner was editing is kept rather than written over.
   */
  stockSeen: nullable(number().int().min(0)),
  weightGrams: number().int(PRODUCT_MESSAGES.weightInvalid).min(0, PRODUCT_MESSAGES.weightInvalid).max(1_000_000),
  imageId: nullable(id),
});

const subscriptionSchema = object({
  every: number()
    .int(PRODUCT_MESSAGES.subscriptionPeriodInvalid)
    .min(1, PRODUCT_MESSAGES.subscriptionPeriodInvalid)
    .max(52, PRODUCT_MESSAGES.subscriptionPeriodInvalid),
  unit: zodEnum(['WEEK', 'MONTH', 'YEAR']),
  /** Spec section 3: 0 means indefinite. */
  cycles: number()
    .int(PRODUCT_MESSAGES.subscriptionCyclesInvalid)
    .min(0, PRODUCT_MESSAGES.subscriptionCyclesInvalid)
    .max(1_000, PRODUCT_MESSAGES.subscriptionCyclesInvalid),
});

const PRODUCT_TYPE_NUMBERS: readonly number[] = Object.values(PRODUCT_TYPES);
const productTypeSchema = number().refine((type) => PRODUCT_TYPE_NUMBERS.includes(type), PRODUCT_MESSAGES.typeInvalid);

const lowerKey = (value: string) => value.trim().toLocaleLowerCase('en-US');

/** The product editor's body in a store of `currency` (its prices are typed in that currency's major units). */
export function productInputSchema(currency: string) {
  return object({
    title: string()
      .trim()
      .min(1, PRODUCT_MESSAGES.titleMissing)
      .max(PRODUCT_LIMITS.titleMaxLength, PRODUCT_MESSAGES.titleTooLong),
    /** Empty: made from the title. */
    urlId: string()
      .trim()
      .max(100, PRODUCT_MESSAGES.urlIdInvalid)
      .refine((value) => value === '' || URL_ID.test(value), PRODUCT_MESSAGES.urlIdInvalid),
    productType: productTypeSchema,
    /** The product page's body: the owner's HTML, shown as stored like every owner's content. */
    description: string().max(PRODUCT_LIMITS.descriptionMaxLength, PRODUCT_MESSAGES.descriptionTooLong),
    excerpt: string().max(PRODUCT_LIMITS.excerptMaxLength, PRODUCT_MESSAGES.excerptTooLong),
    /** Shown on the site; a hidden product is kept but neither listed nor sold. */
    visible: boolean(),
    tags: array(
      string().trim().min(1, PRODUCT_MESSAGES.tagBlank).max(PRODUCT_LIMITS.tagMaxLength, PRODUCT_MESSAGES.tagTooLong),
    ).max(PRODUCT_LIMITS.tagsPerProduct, PRODUCT_MESSAGES.tooManyTags),
    categories: array(
      string()
        .trim()
        .min(1, PRODUCT_MESSAGES.categoryBlank)
        .max(PRODUCT_LIMITS.categoryMaxLength, PRODUCT_MESSAGES.categoryTooLong),
    ).max(PRODUCT_LIMITS.categoriesPerProduct, PRODUCT_MESSAGES.tooManyCategories),
    /** Empty for the default label. */
    customAddButtonText: string()
      .trim()
      .max(PRODUCT_LIMITS.addButtonTextMaxLength, PRODUCT_MESSAGES.addButtonTextTooLong),
    /** The product's pictures in order; the first is its main picture. */
    imageIds: array(id).max(PRODUCT_LIMITS.images, PRODUCT_MESSAGES.tooManyImages),
    /** The options' names in the order the variant picker shows them (spec section 3, variantOptionOrdering). */
    optionNames: array(
      string().trim().min(1, PRODUCT_MESSAGES.optionNameMissing).max(30, PRODUCT_MESSAGES.optionNameTooLong),
    ).max(PRODUCT_LIMITS.options, PRODUCT_MESSAGES.tooManyOptions),
    variants: array(variantSchema)
      .min(1, PRODUCT_MESSAGES.variantsMissing)
      .max(PRODUCT_LIMITS.variants, PRODUCT_MESSAGES.tooManyVariants),
    subscription: nullable(subscriptionSchema),
    additionalFieldsFormId: nullable(id),
    memberAreaId: nullable(id),
    /** A digital product's files, in the order the download page lists them. */
    digitalFileIds: array(id).max(PRODUCT_LIMITS.digitalFiles, PRODUCT_MESSAGES.tooManyDigitalFiles),
    /** Downloads of each file per order, and the days a purchase's links last; null for the store's defaults. */
    downloadLimit: nullable(
      number()
        .int(PRODUCT_MESSAGES.downloadLimitInvalid)
        .min(1, PRODUCT_MESSAGES.downloadLimitInvalid)
        .max(PRODUCT_LIMITS.maxDownloadLimit, PRODUCT_MESSAGES.downloadLimitInvalid),
    ),
    downloadExpiryDays: nullable(
      number()
        .int(PRODUCT_MESSAGES.downloadExpiryInvalid)
        .min(1, PRODUCT_MESSAGES.downloadExpiryInvalid)
        .max(PRODUCT_LIMITS.maxDownloadExpiryDays, PRODUCT_MESSAGES.downloadExpiryInvalid),
    ),
  }).superRefine((product, ctx) => {
    const problem = (path: (string | number)[], message: string) =>
      ctx.addIssue({ code: 'custom', path, message, input: product });
    for (const index of repeated(product.tags)) problem(['tags', index], PRODUCT_MESSAGES.exists('tag'));
    for (const index of repeated(product.categories))
      problem(['categories', index], PRODUCT_MESSAGES.exists('category'));
    for (const index of repeated(product.optionNames)) problem(['optionNames', index], PRODUCT_MESSAGES.optionExists);
    const single = hasSingleVariant(product.productType);
    if (single && (product.variants.length > 1 || product.optionNames.length > 0)) {
      problem(['variants'], PRODUCT_MESSAGES.singleVariant);
    }
    const skus = new Set<string>();
    const combinations = new Set<string>();
    product.variants.forEach((variant, index) => {
      const at = (field: string) => ['variants', index, field];
      const sku = lowerKey(variant.sku);
      if (skus.has(sku)) problem(at('sku'), PRODUCT_MESSAGES.skuRepeated);
      skus.add(sku);
      const price = priceInputToMinor(variant.price, currency);
      if (price === undefined) problem(at('price'), PRODUCT_MESSAGES.priceInvalid(currency));
      if (variant.onSale) {
        const sale = priceInputToMinor(variant.salePrice, currency);
        if (sale === undefined) problem(at('salePrice'), PRODUCT_MESSAGES.priceInvalid(currency));
        else if (price !== undefined && BigInt(sale) >= BigInt(price)) {
          problem(at('salePrice'), PRODUCT_MESSAGES.salePriceNotLower);
        }
      } else if (variant.salePrice.trim() !== '' && priceInputToMinor(variant.salePrice, currency) === undefined) {
        problem(at('salePrice'), PRODUCT_MESSAGES.priceInvalid(currency));
      }
      for (const name of product.optionNames) {
        if (!variant.options[name]?.trim()) {
          problem(['variants', index, 'options', name], PRODUCT_MESSAGES.optionValueMissing(name));
        }
      }
      const combination = JSON.stringify(product.optionNames.map((name) => lowerKey(variant.options[name] ?? '')));
      if (combinations.has(combination) && !single) {
        problem(['variants', index, 'options'], PRODUCT_MESSAGES.variantsAlike);
      }
      combinations.add(combination);
    });
    if (product.subscription && !isSubscribableType(product.productType)) {
      problem(['subscription'], PRODUCT_MESSAGES.subscriptionType);
    }
    if (product.productType === PRODUCT_TYPES.paywall && !product.memberAreaId) {
      problem(['memberAreaId'], PRODUCT_MESSAGES.memberAreaMissing);
    }
    if (product.productType !== PRODUCT_TYPES.paywall && product.memberAreaId) {
      problem(['memberAreaId'], PRODUCT_MESSAGES.memberAreaNotAllowed);
    }
    if (product.productType !== PRODUCT_TYPES.digital && product.digitalFileIds.length > 0) {
      problem(['digitalFileIds'], PRODUCT_MESSAGES.digitalFileNotAllowed);
    }
    for (const index of repeated(product.digitalFileIds))
      problem(['digitalFileIds', index], PRODUCT_MESSAGES.digitalFileRepeated);
  });
}

export type ProductInput = Infer<ReturnType<typeof productInputSchema>>;
export type VariantInput = ProductInput['variants'][number];

/** The indexes of entries that repeat an earlier one, compared as the site compares them (trimmed, any case). */
export function repeated(values: readonly string[]): number[] {
  const seen = new Set<string>();
  const again: number[] = [];
  values.forEach((value, index) => {
    const key = lowerKey(value);
    if (seen.has(key)) again.push(index);
    seen.add(key);
  });
  return again;
}

/** The message for adding `value` to a list of tags or categories, or null when it may be added. */
export function tagProblem(tagType: TagType, value: string, existing: readonly string[]): string | null {
  const trimmed = value.trim();
  const max = tagType === 'tag' ? PRODUCT_LIMITS.tagMaxLength : PRODUCT_LIMITS.categoryMaxLength;
  if (trimmed === '') return tagType === 'tag' ? PRODUCT_MESSAGES.tagBlank : PRODUCT_MESSAGES.categoryBlank;
  if (trimmed.length > max) return tagType === 'tag' ? PRODUCT_MESSAGES.tagTooLong : PRODUCT_MESSAGES.categoryTooLong;
  if (existing.some((other) => lowerKey(other) === lowerKey(trimmed))) return PRODUCT_MESSAGES.exists(tagType);
  return null;
}

/** A picture as the owner side shows it (the upload answer, the editor's gallery). */
export interface OwnerImage {
  id: string;
  assetUrl: string;
  filename: string;
  width: number;
  height: number;
  altText: string;
  /** 0..1 from the top left: the part of the picture that crops keep. */
  focalPoint: { x: number; y: number };
}

/** A stored product as the editor loads it: the input it would send back, and what it shows beside. */
export interface OwnerProduct extends ProductInput {
  id: string;
  collectionId: string;
  /** The product page's address on the site. */
  fullUrl: string;
  currency: string;
  images: OwnerImage[];
  /** The files of digitalFileIds, by the same order. */
  digitalFiles: Array<{ id: string; filename: string; sizeBytes: number }>;
}
