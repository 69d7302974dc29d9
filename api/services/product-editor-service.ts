/**
 * Saving a product from the products panel: its item, product row,
 * variants, pictures and categories in one transaction, so a refused save
 * leaves the product as it was. The input has passed the shared schema
 * (shared/product-input.ts); here are the rules that need the database:
 * the 200 products of a store (spec section 9), URL ids and SKUs no other
 * item uses, pictures, forms, member areas and files of this website.
 *
 * Stock is never written outright: an existing variant's stock moves by the
 * difference from what the editor loaded (VariantInput.stockSeen), through
 * the inventory log (inventory-adjustment-repository.ts), so a sale made
 * while the owner edited stays counted and every change says who made it.
 * Every table written announces its change (migration 0002), so the next
 * page request draws the product anew.
 */

import { priceInputToMinor } from '../../domain/money/price-input.ts';
import { COLLECTION_TYPES, PRODUCT_TYPES, RECORD_TYPES } from '../../domain/spec-enums.ts';
import {
  hasSingleVariant,
  hasStock,
  PRODUCT_LIMITS,
  PRODUCT_MESSAGES,
  type ProductInput,
} from '../../shared/product-input.ts';
import { slugify, storeUrlId } from '../../shared/store-creation.ts';
import { ApiError } from '../api-errors.ts';
import { newId } from '../db/ids.ts';
import { json } from '../db/json.ts';
import { adjustStock, type StockActor } from '../repositories/inventory-adjustment-repository.ts';
import { type Db, inTransaction } from '../repositories/transaction.ts';

export type ProductTarget = { kind: 'create'; collectionId: string } | { kind: 'update'; itemId: string };

/** Why the product editor changed a stock figure, in the inventory log. */
export const EDITOR_STOCK_REASON = 'Changed in the product editor';
export const INITIAL_STOCK_REASON = 'Stock of a new variant';

const UNIQUE_VIOLATION = '23505';

function fieldError(
  field: string,
  message: string,
  code: 'owner-input-invalid' | 'product-conflict' = 'owner-input-invalid',
) {
  return new ApiError(code, { fields: { [field]: message } });
}

/** Creates or updates a product; answers its item id. */
export async function saveProduct(
  db: Db,
  websiteId: string,
  target: ProductTarget,
  input: ProductInput,
  options: { currency: string; actor: StockActor; authorId: string | null },
): Promise<string> {
  try {
    return await inTransaction(db, (trx) => saveInTransaction(trx, websiteId, target, input, options));
  } catch (error) {
    // Two saves racing for one SKU or URL: the loser is told as the pre-checks would have.
    if ((error as { code?: string }).code === UNIQUE_VIOLATION) {
      if (String(error).includes('product_variants_sku_uq')) {
        throw fieldError('variants', PRODUCT_MESSAGES.skuTaken, 'product-conflict');
      }
      if (String(error).includes('items_url_uq'))
        throw fieldError('urlId', PRODUCT_MESSAGES.urlIdTaken, 'product-conflict');
    }
    throw error;
  }
}

async function saveInTransaction(
  trx: Db,
  websiteId: string,
  target: ProductTarget,
  input: ProductInput,
  options: { currency: string; actor: StockActor; authorId: string | null },
): Promise<string> {
  const { collectionId, itemId, isNew } = await resolveTarget(trx, websiteId, target);
  const urlId = await chooseUrlId(trx, websiteId, collectionId, itemId, input);
  await checkReferences(trx, websiteId, itemId, input);
  const now = new Date();
  const mainImageId = input.imageIds[0] ?? null;
  const itemValues = {
    title: input.title,
    urlId,
    body: input.description,
    excerpt: input.excerpt,
    tags: json(input.tags),
    categories: json(input.categories),
    published: input.visible,
    mainImageId,
    updatedOn: now,
  };
  if (isNew) {
    const last = await trx
      .selectFrom('items')
      .select((eb) => eb.fn.max('displayIndex').as('index'))
      .where('websiteId', '=', websiteId)
      .where('collectionId', '=', collectionId)
      .executeTakeFirst();
    await trx
      .insertInto('items')
      .values({
        websiteId,
        id: itemId,
        collectionId,
        recordType: RECORD_TYPES['store-item'],
        authorId: options.authorId,
        addedOn: now,
        publishOn: now,
        displayIndex: Number(last?.index ?? -1) + 1,
        ...itemValues,
      })
      .execute();
  } else {
    await trx
      .updateTable('items')
      .set(itemValues)
      .where('websiteId', '=', websiteId)
      .where('id', '=', itemId)
      .execute();
  }
  await ensureCategories(trx, websiteId, collectionId, input.categories);

  await trx.deleteFrom('itemImages').where('websiteId', '=', websiteId).where('itemId', '=', itemId).execute();
  if (input.imageIds.length > 0) {
    await trx
      .insertInto('itemImages')
      .values(input.imageIds.map((imageId, displayIndex) => ({ websiteId, itemId, imageId, displayIndex })))
      .execute();
  }

  const currency = options.currency;
  const single = hasSingleVariant(input.productType);
  const first = input.variants[0]!;
  const productValues = {
    productType: input.productType,
    isSubscribable: input.subscription !== null,
    subscriptionPlan: input.subscription
      ? json({
          billingPeriod: { value: input.subscription.every, unit: input.subscription.unit },
          numBillingCycles: input.subscription.cycles,
        })
      : null,
    additionalFieldsFormId: input.additionalFieldsFormId,
    useCustomAddButtonText: input.customAddButtonText !== '',
    customAddButtonText: input.customAddButtonText === '' ? null : input.customAddButtonText,
    variantOptionOrdering: json(input.optionNames),
    // Spec section 3: a digital product or membership keeps its price on the product.
    priceMinor: single ? minor(first.price, currency) : null,
    salePriceMinor: single && first.onSale ? minor(first.salePrice, currency) : null,
    onSale: single && first.onSale,
    currency,
    memberAreaId: input.productType === PRODUCT_TYPES.paywall ? input.memberAreaId : null,
    downloadLimit: input.productType === PRODUCT_TYPES.digital ? input.downloadLimit : null,
    downloadExpiryDays: input.productType === PRODUCT_TYPES.digital ? input.downloadExpiryDays : null,
  };
  if (isNew)
    await trx
      .insertInto('products')
      .values({ websiteId, itemId, ...productValues })
      .execute();
  else {
    await trx
      .updateTable('products')
      .set(productValues)
      .where('websiteId', '=', websiteId)
      .where('itemId', '=', itemId)
      .execute();
  }
  await saveDigitalFiles(trx, websiteId, itemId, input);
  await saveVariants(trx, websiteId, itemId, input, options);
  return itemId;
}

/** The files a digital product delivers, in the editor's order; any other product delivers none. */
async function saveDigitalFiles(trx: Db, websiteId: string, itemId: string, input: ProductInput): Promise<void> {
  await trx.deleteFrom('productDigitalFiles').where('websiteId', '=', websiteId).where('itemId', '=', itemId).execute();
  const fileIds = input.productType === PRODUCT_TYPES.digital ? input.digitalFileIds : [];
  if (fileIds.length === 0) return;
  await trx
    .insertInto('productDigitalFiles')
    .values(fileIds.map((fileId, position) => ({ websiteId, itemId, fileId, position })))
    .execute();
}

function minor(price: string, currency: string): string {
  const value = priceInputToMinor(price, currency);
  // The schema checked every price with the same currency.
  if (value === undefined) throw new Error(`unchecked price ${price}`);
  return value;
}

async function resolveTarget(trx: Db, websiteId: string, target: ProductTarget) {
  if (target.kind === 'update') {
    const item = await trx
      .selectFrom('items')
      .innerJoin('products', (join) =>
        join.onRef('products.websiteId', '=', 'items.websiteId').onRef('products.itemId', '=', 'items.id'),
      )
      .select(['items.id', 'items.collectionId'])
      .where('items.websiteId', '=', websiteId)
      .where('items.id', '=', target.itemId)
      // Two saves of one product queue here rather than interleave their variant changes.
      .forUpdate()
      .executeTakeFirst();
    if (!item) throw new ApiError('product-not-found');
    return { collectionId: item.collectionId, itemId: item.id, isNew: false };
  }
  // The store's row is locked, so two products added at once cannot both be the 200th.
  const store = await trx
    .selectFrom('collections')
    .select(['id', 'type'])
    .where('websiteId', '=', websiteId)
    .where('id', '=', target.collectionId)
    .forUpdate()
    .executeTakeFirst();
  if (!store) throw new ApiError('collection-not-found');
  if (store.type !== COLLECTION_TYPES.products) throw new ApiError('not-a-store');
  const count = await trx
    .selectFrom('items')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('websiteId', '=', websiteId)
    .where('collectionId', '=', store.id)
    .where('recordType', '=', RECORD_TYPES['store-item'])
    .executeTakeFirstOrThrow();
  if (Number(count.count) >= PRODUCT_LIMITS.productsPerCollection) throw new ApiError('collection-full');
  return { collectionId: store.id, itemId: newId(), isNew: true };
}

/** The URL id asked for, refused when another item of the store has it; or the title's, with '-N' when taken. */
async function chooseUrlId(trx: Db, websiteId: string, collectionId: string, itemId: string, input: ProductInput) {
  const others = await trx
    .selectFrom('items')
    .select('urlId')
    .where('websiteId', '=', websiteId)
    .where('collectionId', '=', collectionId)
    .where('id', '!=', itemId)
    .execute();
  const taken = new Set(others.map((row) => row.urlId));
  if (input.urlId !== '') {
    if (taken.has(input.urlId)) throw fieldError('urlId', PRODUCT_MESSAGES.urlIdTaken, 'product-conflict');
    return input.urlId;
  }
  return storeUrlId(slugify(input.title) || 'product', taken);
}

async function checkReferences(trx: Db, websiteId: string, itemId: string, input: ProductInput): Promise<void> {
  const variantImages = input.variants.flatMap((variant) => (variant.imageId ? [variant.imageId] : []));
  const imageIds = [...new Set([...input.imageIds, ...variantImages])];
  if (imageIds.length > 0) {
    const found = await trx
      .selectFrom('images')
      .select('id')
      .where('websiteId', '=', websiteId)
      .where('id', 'in', imageIds)
      .execute();
    const known = new Set(found.map((row) => row.id));
    const missing = input.imageIds.findIndex((id) => !known.has(id));
    if (missing >= 0) throw fieldError(`imageIds.${missing}`, 'That picture was not found. Upload it again.');
    const variant = input.variants.findIndex((v) => v.imageId !== null && !known.has(v.imageId));
    if (variant >= 0) throw fieldError(`variants.${variant}.imageId`, 'That picture was not found. Upload it again.');
  }
  if (input.additionalFieldsFormId) {
    const form = await trx
      .selectFrom('forms')
      .select('id')
      .where('websiteId', '=', websiteId)
      .where('id', '=', input.additionalFieldsFormId)
      .executeTakeFirst();
    if (!form) throw fieldError('additionalFieldsFormId', 'That form was not found.');
  }
  if (input.productType === PRODUCT_TYPES.paywall && input.memberAreaId) {
    const area = await trx
      .selectFrom('collections')
      .select('id')
      .where('websiteId', '=', websiteId)
      .where('id', '=', input.memberAreaId)
      .where('memberOnly', '=', true)
      .executeTakeFirst();
    if (!area) throw fieldError('memberAreaId', PRODUCT_MESSAGES.memberAreaMissing);
  }
  if (input.productType === PRODUCT_TYPES.digital && input.digitalFileIds.length > 0) {
    const found = await trx
      .selectFrom('mediaFiles')
      .select('id')
      .where('websiteId', '=', websiteId)
      .where('id', 'in', input.digitalFileIds)
      .execute();
    const known = new Set(found.map((row) => row.id));
    const missing = input.digitalFileIds.findIndex((id) => !known.has(id));
    if (missing >= 0) throw fieldError(`digitalFileIds.${missing}`, 'That file was not found. Upload it again.');
  }
  const skus = input.variants.map((variant) => variant.sku);
  const clash = await trx
    .selectFrom('productVariants')
    .select('sku')
    .where('websiteId', '=', websiteId)
    .where('itemId', '!=', itemId)
    .where('sku', 'in', skus)
    .executeTakeFirst();
  if (clash) {
    throw fieldError(`variants.${skus.indexOf(clash.sku)}.sku`, PRODUCT_MESSAGES.skuTaken, 'product-conflict');
  }
}

/** Every category named that the store lacks is added under its root category (made when missing). */
async function ensureCategories(trx: Db, websiteId: string, collectionId: string, names: readonly string[]) {
  if (names.length === 0) return;
  const rows = await trx
    .selectFrom('productCategories')
    .select(['id', 'displayName', 'urlSlug', 'type', 'displayIndex'])
    .where('websiteId', '=', websiteId)
    .where('collectionId', '=', collectionId)
    .execute();
  const known = new Set(rows.map((row) => row.displayName.toLocaleLowerCase('en-US')));
  const wanted = names.filter((name) => !known.has(name.toLocaleLowerCase('en-US')));
  if (wanted.length === 0) return;
  const slugs = new Set(rows.map((row) => row.urlSlug));
  let root = rows.find((row) => row.type === 'ROOT');
  if (!root) {
    const store = await trx
      .selectFrom('collections')
      .select('title')
      .where('websiteId', '=', websiteId)
      .where('id', '=', collectionId)
      .executeTakeFirstOrThrow();
    const slug = storeUrlId('all', slugs);
    slugs.add(slug);
    root = {
      id: newId(),
      displayName: store.title.slice(0, PRODUCT_LIMITS.categoryMaxLength),
      urlSlug: slug,
      type: 'ROOT',
      displayIndex: 1,
    };
    await trx
      .insertInto('productCategories')
      .values({ websiteId, collectionId, parentCategoryId: null, pageRendering: 'LIST_VIEW', ...root })
      .execute();
  }
  let displayIndex = Math.max(0, ...rows.filter((row) => row.type === 'CATEGORY').map((row) => row.displayIndex));
  for (const name of wanted) {
    const slug = storeUrlId(slugify(name) || 'category', slugs);
    slugs.add(slug);
    await trx
      .insertInto('productCategories')
      .values({
        websiteId,
        id: newId(),
        collectionId,
        parentCategoryId: root.id,
        displayName: name,
        urlSlug: slug,
        type: 'CATEGORY',
        pageRendering: 'LIST_VIEW',
        displayIndex: ++displayIndex,
      })
      .execute();
  }
}

async function saveVariants(
  trx: Db,
  websiteId: string,
  itemId: string,
  input: ProductInput,
  options: { currency: string; actor: StockActor },
): Promise<void> {
  const stored = await trx
    .selectFrom('productVariants')
    .select(['id', 'qtyInStock', 'unlimited'])
    .where('websiteId', '=', websiteId)
    .where('itemId', '=', itemId)
    .execute();
  const storedById = new Map(stored.map((row) => [row.id, row]));
  const kept = new Set(input.variants.flatMap((variant) => (variant.id ? [variant.id] : [])));
  const removed = stored.filter((row) => !kept.has(row.id)).map((row) => row.id);
  // Removed first, so a SKU moved from a removed variant to a new one is free again.
  if (removed.length > 0) {
    await trx.deleteFrom('productVariants').where('websiteId', '=', websiteId).where('id', 'in', removed).execute();
  }
  const stocked = hasStock(input.productType);
  const { currency, actor } = options;
  for (const [index, variant] of input.variants.entries()) {
    const values = {
      sku: variant.sku,
      priceMinor: minor(variant.price, currency),
      salePriceMinor: variant.onSale ? minor(variant.salePrice, currency) : '0',
      onSale: variant.onSale,
      currency,
      attributes: json(Object.fromEntries(input.optionNames.map((name) => [name, variant.options[name]!.trim()]))),
      displayIndex: index,
      mainImageId: variant.imageId,
      weightGrams: variant.weightGrams,
    };
    // Only physical products and services run out; the others are always unlimited.
    const unlimited = stocked ? variant.unlimited : true;
    const qtyInStock = stocked && !unlimited ? variant.qtyInStock : 0;
    const existing = variant.id ? storedById.get(variant.id) : undefined;
    if (variant.id && !existing)
      throw fieldError(`variants.${index}`, 'That variant is no longer there. Reload the product.');
    if (!existing) {
      const id = newId();
      await trx
        .insertInto('productVariants')
        .values({ websiteId, id, itemId, ...values, unlimited, qtyInStock: 0 })
        .execute();
      if (stocked && (qtyInStock > 0 || unlimited)) {
        await adjustStock(trx, websiteId, id, { quantityChange: qtyInStock }, INITIAL_STOCK_REASON, actor);
      }
      continue;
    }
    await trx
      .updateTable('productVariants')
      .set(values)
      .where('websiteId', '=', websiteId)
      .where('id', '=', existing.id)
      .execute();
    const seen = variant.stockSeen ?? existing.qtyInStock;
    const quantityChange = stocked && !unlimited ? qtyInStock - seen : 0;
    if (quantityChange === 0 && unlimited === existing.unlimited) continue;
    const result = await adjustStock(
      trx,
      websiteId,
      existing.id,
      { quantityChange, unlimited: unlimited === existing.unlimited ? undefined : unlimited },
      EDITOR_STOCK_REASON,
      actor,
    );
    if (!result.ok) throw fieldError(`variants.${index}.qtyInStock`, PRODUCT_MESSAGES.stockChanged, 'product-conflict');
  }
}
