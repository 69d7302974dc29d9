/**
 * The products panel's data: what GET /api/owner/products answers, a new
 * product of each type, and the variants an owner's options make. Pure, so
 * it is tested without a browser.
 */
import { PRODUCT_TYPES } from '../../domain/spec-enums.ts';
import {
  hasSingleVariant,
  hasStock,
  type OwnerImage,
  type OwnerProduct,
  type ProductInput,
  type VariantInput,
} from '../../shared/product-input.ts';
import { slugify } from '../../shared/store-creation.ts';

export interface StoreSummary {
  id: string;
  title: string;
  urlId: string;
  productCount: number;
}

export interface ProductRow {
  id: string;
  title: string;
  urlId: string;
  productType: number;
  published: boolean;
  variantCount: number;
  minPriceMinor: string;
  maxPriceMinor: string;
  unlimited: boolean;
  totalStock: number;
  mainImage: { id: string; assetUrl: string; altText: string } | null;
}

export interface ProductsListing {
  currency: string;
  stores: StoreSummary[];
  storeId: string | null;
  products: ProductRow[];
  categories: string[];
  forms: { id: string; name: string }[];
  memberAreas: { id: string; title: string }[];
}

/** The editor's state: what it will send, and the pictures it shows by id. */
export interface EditorProduct extends ProductInput {
  images: OwnerImage[];
  digitalFiles: OwnerProduct['digitalFiles'];
}

export const PRODUCTS_PANEL_PATH = '/config/products';
export const PRODUCT_EDITOR_PATH = '/config/products/edit';

export function editorPath(itemId: string): string {
  return `${PRODUCT_EDITOR_PATH}?id=${encodeURIComponent(itemId)}`;
}

export function newProductPath(storeId: string, productType: number): string {
  return `${PRODUCT_EDITOR_PATH}?store=${encodeURIComponent(storeId)}&type=${productType}`;
}

export function blankVariant(productType: number): VariantInput {
  return {
    id: null,
    sku: '',
    options: {},
    price: '',
    salePrice: '',
    onSale: false,
    // Only physical products and services are counted; a new one starts with none in stock.
    unlimited: !hasStock(productType),
    qtyInStock: 0,
    stockSeen: null,
    weightGrams: 0,
    imageId: null,
  };
}

export function blankProduct(productType: number): EditorProduct {
  return {
    title: '',
    urlId: '',
    productType,
    description: '',
    excerpt: '',
    visible: true,
    tags: [],
    categories: [],
    customAddButtonText: '',
    imageIds: [],
    images: [],
    optionNames: [],
    variants: [blankVariant(productType)],
    subscription: null,
    additionalFieldsFormId: null,
    memberAreaId: null,
    digitalFileIds: [],
    digitalFiles: [],
    downloadLimit: null,
    downloadExpiryDays: null,
  };
}

export function editorProduct(product: OwnerProduct): EditorProduct {
  const { id: _id, collectionId: _store, fullUrl: _url, currency: _currency, ...editable } = product;
  return editable;
}

/** What the editor sends: the input without what it only shows. */
export function productInput(product: EditorProduct): ProductInput {
  const { images: _images, digitalFiles: _files, ...input } = product;
  return input;
}

/** A product's type changed: what the new type cannot have goes, what it must have comes. */
export function withProductType(product: EditorProduct, productType: number): EditorProduct {
  const single = hasSingleVariant(productType);
  const stocked = hasStock(productType);
  const variants = (single ? product.variants.slice(0, 1) : product.variants).map((variant) => ({
    ...variant,
    options: single ? {} : variant.options,
    unlimited: stocked ? variant.unlimited : true,
  }));
  return {
    ...product,
    productType,
    optionNames: single ? [] : product.optionNames,
    variants,
    subscription: stocked ? product.subscription : null,
    memberAreaId: productType === PRODUCT_TYPES.paywall ? product.memberAreaId : null,
    digitalFileIds: productType === PRODUCT_TYPES.digital ? product.digitalFileIds : [],
    digitalFiles: productType === PRODUCT_TYPES.digital ? product.digitalFiles : [],
    downloadLimit: productType === PRODUCT_TYPES.digital ? product.downloadLimit : null,
    downloadExpiryDays: productType === PRODUCT_TYPES.digital ? product.downloadExpiryDays : null,
  };
}

/** The digital product's files with one more uploaded, or without one the owner removed. */
export function withDigitalFile(product: EditorProduct, file: OwnerProduct['digitalFiles'][number]): EditorProduct {
  const digitalFiles = [...product.digitalFiles.filter((kept) => kept.id !== file.id), file];
  return { ...product, digitalFiles, digitalFileIds: digitalFiles.map((kept) => kept.id) };
}

export function withoutDigitalFile(product: EditorProduct, fileId: string): EditorProduct {
  const digitalFiles = product.digitalFiles.filter((kept) => kept.id !== fileId);
  return { ...product, digitalFiles, digitalFileIds: digitalFiles.map((kept) => kept.id) };
}

/** 'Linen Apron' and ['Small', 'Blue'] → 'LINEN-APRON-SMALL-BLUE', a SKU the owner can keep or change. */
export function suggestedSku(title: string, values: readonly string[]): string {
  return [title, ...values]
    .map((part) => slugify(part))
    .filter(Boolean)
    .join('-')
    .toUpperCase()
    .slice(0, 64);
}

/**
 * A variant for every combination of the options' values, in the options'
 * order. A combination the product already has keeps its variant (its id,
 * SKU, price and stock); a new one takes the first variant's price and a
 * suggested SKU.
 */
export function variantsForOptions(
  product: Pick<EditorProduct, 'title' | 'productType' | 'variants'>,
  options: readonly { name: string; values: readonly string[] }[],
): VariantInput[] {
  let combinations: Record<string, string>[] = [{}];
  for (const option of options) {
    combinations = combinations.flatMap((combination) =>
      option.values.map((value) => ({ ...combination, [option.name]: value })),
    );
  }
  const key = (values: Record<string, string>) =>
    JSON.stringify(options.map((option) => (values[option.name] ?? '').trim().toLowerCase()));
  const existing = new Map(product.variants.map((variant) => [key(variant.options), variant]));
  const template = product.variants[0] ?? blankVariant(product.productType);
  return combinations.map((combination) => {
    const kept = existing.get(key(combination));
    if (kept) return { ...kept, options: combination };
    return {
      ...blankVariant(product.productType),
      price: template.price,
      unlimited: template.unlimited,
      qtyInStock: template.unlimited ? 0 : template.qtyInStock,
      weightGrams: template.weightGrams,
      options: combination,
      sku: suggestedSku(
        product.title,
        options.map((option) => combination[option.name] ?? ''),
      ),
    };
  });
}

/** '12.00' or '12.00 – 18.00' from minor units, in the store's currency. */
export function priceRange(
  row: Pick<ProductRow, 'minPriceMinor' | 'maxPriceMinor'>,
  format: (minor: string) => string,
) {
  const low = format(row.minPriceMinor);
  return row.minPriceMinor === row.maxPriceMinor ? low : `${low} – ${format(row.maxPriceMinor)}`;
}
