/**
 * Database rows → the JSON shapes site templates read (spec section 3, and
 * the shapes Squarespace developer templates are written against): epoch
 * milliseconds for dates, `originalSize` as 'WxH', Money as decimal text.
 */

import type { Collection, Form, Image, Item, Product, ProductVariant } from '../../api/db/schema.ts';
import { storedWidths } from '../../api/media/image-variants.ts';
import type { WebsiteWithSettings } from '../../api/repositories/website-repository.ts';
import { type MoneyJson, moneyJson } from './money-json.ts';

type Json = Record<string, unknown>;

const ms = (date: Date | null | undefined): number | undefined => (date ? date.getTime() : undefined);

export function websiteJson(
  { website, settings }: WebsiteWithSettings,
  baseUrl: string,
  logo: Image | undefined,
): Json {
  return {
    id: website.id,
    identifier: website.identifier,
    siteTitle: website.siteTitle,
    siteDescription: settings.siteDescription,
    logoImageUrl: logo?.assetUrl ?? '',
    logoImage: logo ? imageJson(logo) : undefined,
    timeZone: settings.timeZone,
    language: settings.language,
    baseUrl,
    authenticUrl: baseUrl,
    socialAccounts: settings.socialAccounts,
    shareButtonOptions: settings.shareButtonOptions,
    captchaSettings: { siteKey: settings.captchaSiteKey ?? undefined },
    disqusShortname: settings.disqusShortname ?? undefined,
    simpleLikingEnabled: settings.simpleLikingEnabled,
    commentsEnabled: settings.commentsEnabled,
    useCLDRMoneyFormat: settings.useCldrMoneyFormat,
    storeSettings: storeSettingsJson({ website, settings }),
    languages: settings.languages,
  };
}

function storeSettingsJson({ settings }: WebsiteWithSettings): Json {
  return {
    ...settings.storeSettings,
    selectedCurrency: settings.baseCurrency,
    multipleQuantityAllowedForServices: settings.storeSettings.multipleQuantityAllowedForServices ?? true,
  };
}

export function websiteSettingsJson(site: WebsiteWithSettings): Json {
  const { settings } = site;
  return {
    storeSettings: storeSettingsJson(site),
    simpleLikingEnabled: settings.simpleLikingEnabled,
    commentsEnabled: settings.commentsEnabled,
    disqusShortname: settings.disqusShortname ?? undefined,
    useCLDRMoneyFormat: settings.useCldrMoneyFormat,
    shareButtonOptions: settings.shareButtonOptions,
    headerCode: settings.headerCode,
    footerCode: settings.footerCode,
  };
}

export function collectionUrl(collection: Pick<Collection, 'urlId' | 'isHome'>): string {
  return collection.isHome ? '/' : `/${collection.urlId}`;
}

/**
 * A collection's page settings (the admin app's collection settings): the
 * title and description search engines and shared links show, and the
 * social image's address. Absent when the owner set none.
 */
function seoData(settings: Collection['settings']): Json | undefined {
  const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : undefined);
  const data = {
    seoTitle: text(settings.seoTitle),
    seoDescription: text(settings.seoDescription),
    socialImageUrl: text(settings.socialImageUrl),
  };
  return Object.values(data).some((value) => value !== undefined) ? data : undefined;
}

export function collectionJson(collection: Collection, extra: Json = {}): Json {
  const seo = seoData(collection.settings);
  return {
    id: collection.id,
    urlId: collection.urlId,
    title: collection.title,
    navigationTitle: collection.navigationTitle,
    description: collection.description,
    type: collection.type,
    typeName: collection.typeName,
    ordering: collection.ordering,
    folderBehavior: collection.folderBehavior ?? undefined,
    fullUrl: collectionUrl(collection),
    isHome: collection.isHome,
    pageSize: collection.pageSize,
    passwordProtected: collection.passwordProtected,
    ...(seo ? { seoData: seo } : {}),
    ...extra,
  };
}

export function imageJson(image: Image): Json {
  return {
    id: image.id,
    assetUrl: image.assetUrl,
    originalSize: `${image.width}x${image.height}`,
    mediaFocalPoint: { x: image.focalX, y: image.focalY, source: 3 },
    altText: image.altText,
    title: image.title,
    body: image.body,
    filename: image.filename,
    colorData: image.colorData ?? undefined,
    systemDataVariants: storedWidths(image.contentType, image.width)
      .map((width) => `${width}w`)
      .join(','),
    contentType: image.contentType,
  };
}

/** What an item's JSON is built from beyond the row itself. */
export interface ItemExtras {
  collection: Pick<Collection, 'urlId' | 'isHome'>;
  images: ReadonlyMap<string, Image>;
  authors: ReadonlyMap<string, { id: string; displayName: string }>;
  /** Approved comments, replies included. */
  commentCount?: number;
  product?: { product: Product; variants: ProductVariant[] };
  /** The form the product names for additional fields, when it exists. */
  additionalFieldsForm?: Form;
  /** Product pictures in order. */
  gallery?: Image[];
}

export function itemUrl(collection: Pick<Collection, 'urlId' | 'isHome'>, item: Pick<Item, 'urlId'>): string {
  return `/${collection.urlId}/${item.urlId}`;
}

export function itemJson(item: Item, extras: ItemExtras): Json {
  const mainImage = item.mainImageId ? extras.images.get(item.mainImageId) : undefined;
  const author = item.authorId ? extras.authors.get(item.authorId) : undefined;
  const json: Json = {
    id: item.id,
    collectionId: item.collectionId,
    recordType: item.recordType,
    title: item.title,
    urlId: item.urlId,
    fullUrl: itemUrl(extras.collection, item),
    addedOn: ms(item.addedOn),
    publishOn: ms(item.publishOn),
    updatedOn: ms(item.updatedOn),
    body: item.body,
    excerpt: item.excerpt,
    tags: item.tags,
    categories: item.categories,
    author,
    authorId: item.authorId ?? undefined,
    starred: item.starred,
    likeCount: item.likeCount,
    commentState: item.commentState,
    publicCommentCount: extras.commentCount ?? 0,
    commentCount: extras.commentCount ?? 0,
    sourceUrl: item.sourceUrl ?? undefined,
    externalLink: item.externalLink ?? undefined,
    passthrough: item.passthrough,
    startDate: ms(item.startDate),
    endDate: ms(item.endDate),
    location: item.location ?? undefined,
    structuredContent: item.structuredContent,
  };
  if (mainImage) {
    // Templates read the main picture both from the item itself and from mainImage.
    const picture = imageJson(mainImage);
    Object.assign(json, {
      mainImageId: mainImage.id,
      mainImage: picture,
      assetUrl: picture.assetUrl,
      originalSize: picture.originalSize,
      mediaFocalPoint: picture.mediaFocalPoint,
      colorData: picture.colorData,
      systemDataVariants: picture.systemDataVariants,
      filename: picture.filename,
    });
  }
  if (extras.gallery) json.items = extras.gallery.map(imageJson);
  if (extras.product)
    json.structuredContent = productStructuredContent(
      extras.product.product,
      extras.product.variants,
      extras.additionalFieldsForm,
    );
  return json;
}

function variantJson(variant: ProductVariant, optionOrdering: readonly string[]): Json {
  const price = moneyJson(variant.priceMinor, variant.currency);
  const salePrice = moneyJson(variant.salePriceMinor, variant.currency);
  return {
    id: variant.id,
    sku: variant.sku,
    price: Number(variant.priceMinor),
    salePrice: Number(variant.salePriceMinor),
    priceMoney: price,
    salePriceMoney: salePrice,
    onSale: variant.onSale,
    unlimited: variant.unlimited,
    qtyInStock: variant.qtyInStock,
    attributes: variant.attributes,
    mainImageId: variant.mainImageId,
    optionValues: optionOrdering
      .filter((name) => variant.attributes[name] !== undefined)
      .map((name) => ({ optionName: name, value: variant.attributes[name] })),
  };
}

/**
 * The form a product asks the shopper to fill in before adding it: only what
 * a visitor may see (its storage settings name where submissions go).
 */
export function additionalFieldsFormJson(form: Form): Json {
  return { id: form.id, name: form.name, fields: form.fields, disclaimerMessage: form.disclaimerMessage };
}

/** The product part of an item (spec section 3, Product structuredContent). */
export function productStructuredContent(product: Product, variants: ProductVariant[], form?: Form): Json {
  const ordering = product.variantOptionOrdering;
  const first = variants[0];
  const priced = product.priceMinor !== null;
  const priceMoney: MoneyJson = priced
    ? moneyJson(product.priceMinor ?? 0, product.currency)
    : first
      ? moneyJson(first.priceMinor, first.currency)
      : moneyJson(0, product.currency);
  const salePriceMoney: MoneyJson =
    product.salePriceMinor !== null
      ? moneyJson(product.salePriceMinor, product.currency)
      : first
        ? moneyJson(first.salePriceMinor, first.currency)
        : moneyJson(0, product.currency);
  return {
    productType: product.productType,
    variants: variants.map((v) => variantJson(v, ordering)),
    variantOptionOrdering: ordering,
    priceMoney,
    salePriceMoney,
    onSale: priced ? product.onSale : variants.some((v) => v.onSale),
    isSubscribable: product.isSubscribable,
    subscriptionPlan: product.subscriptionPlan ?? undefined,
    additionalFieldsFormId: product.additionalFieldsFormId ?? undefined,
    additionalFieldsForm:
      form && form.id === product.additionalFieldsFormId ? additionalFieldsFormJson(form) : undefined,
    useCustomAddButtonText: product.useCustomAddButtonText,
    customAddButtonText: product.customAddButtonText ?? undefined,
    // A paywall product's member area (migration 0023), which buying it opens.
    memberAreaId: product.memberAreaId ?? undefined,
  };
}
