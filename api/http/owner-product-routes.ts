/**
 * The products panel's calls: a store's products and what the editor offers
 * (categories, forms, member areas), one product whole, and saving a new or
 * changed product (api/services/product-editor-service.ts). The body is the
 * shared product schema in the website's currency (shared/product-input.ts).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { minorToPriceInput } from '../../domain/money/price-input.ts';
import type { OwnerImage, OwnerProduct } from '../../shared/product-input.ts';
import { productInputSchema } from '../../shared/product-input.ts';
import { ApiError } from '../api-errors.ts';
import type { Image } from '../db/schema.ts';
import {
  getEditorChoices,
  getOwnerProduct,
  listStoreProducts,
  listStores,
} from '../repositories/owner-product-repository.ts';
import type { Db } from '../repositories/transaction.ts';
import { saveProduct } from '../services/product-editor-service.ts';
import { type Owner, requireOwner } from './owner-auth.ts';
import { parseOwnerInput } from './owner-input.ts';
import { ownerRoute } from './owner-route.ts';
import { stockActor } from './stock-actor.ts';
import { parseInput } from './validation.ts';

export const OWNER_PRODUCTS_PATH = '/api/owner/products';

const listQuery = z.object({ collectionId: z.string().max(100).optional() });
const itemParams = z.object({ itemId: z.string().max(100) });
const createBody = z.object({ collectionId: z.string().max(100), product: z.unknown() });

export function ownerImageJson(image: Image): OwnerImage {
  return {
    id: image.id,
    assetUrl: image.assetUrl,
    filename: image.filename,
    width: image.width,
    height: image.height,
    altText: image.altText,
    focalPoint: { x: image.focalX, y: image.focalY },
  };
}

const currencyOf = (owner: Owner) => owner.site.settings.baseCurrency;

async function productJson(db: Db, websiteId: string, itemId: string): Promise<OwnerProduct> {
  const detail = await getOwnerProduct(db, websiteId, itemId);
  if (!detail) throw new ApiError('product-not-found');
  const { item, product, variants, images, digitalFiles } = detail;
  const collection = await db
    .selectFrom('collections')
    .select('urlId')
    .where('websiteId', '=', websiteId)
    .where('id', '=', item.collectionId)
    .executeTakeFirstOrThrow();
  const plan = product.subscriptionPlan;
  return {
    id: item.id,
    collectionId: item.collectionId,
    fullUrl: `/${collection.urlId}/${item.urlId}`,
    currency: product.currency,
    title: item.title,
    urlId: item.urlId,
    productType: product.productType,
    description: item.body,
    excerpt: item.excerpt,
    visible: item.published,
    tags: item.tags,
    categories: item.categories,
    customAddButtonText: product.useCustomAddButtonText ? (product.customAddButtonText ?? '') : '',
    imageIds: images.map((image) => image.id),
    images: images.map(ownerImageJson),
    optionNames: product.variantOptionOrdering,
    variants: variants.map((variant) => ({
      id: variant.id,
      sku: variant.sku,
      options: variant.attributes,
      price: minorToPriceInput(variant.priceMinor, variant.currency),
      salePrice: variant.onSale ? minorToPriceInput(variant.salePriceMinor, variant.currency) : '',
      onSale: variant.onSale,
      unlimited: variant.unlimited,
      qtyInStock: variant.qtyInStock,
      stockSeen: variant.qtyInStock,
      weightGrams: variant.weightGrams,
      imageId: variant.mainImageId,
    })),
    subscription: plan
      ? { every: plan.billingPeriod.value, unit: plan.billingPeriod.unit, cycles: plan.numBillingCycles }
      : null,
    additionalFieldsFormId: product.additionalFieldsFormId,
    memberAreaId: product.memberAreaId,
    digitalFileIds: digitalFiles.map((file) => file.id),
    digitalFiles: digitalFiles.map((file) => ({ ...file, sizeBytes: Number(file.sizeBytes) })),
    downloadLimit: product.downloadLimit,
    downloadExpiryDays: product.downloadExpiryDays,
  };
}

export async function ownerProductRoutes(app: FastifyInstance, options: { db: Db }): Promise<void> {
  const { db } = options;

  ownerRoute(app, {
    method: 'GET',
    url: OWNER_PRODUCTS_PATH,
    permission: 'products:read',
    handler: async (request) => {
      const owner = requireOwner(request);
      const websiteId = owner.site.website.id;
      const { collectionId } = parseInput(listQuery, request.query);
      const stores = await listStores(db, websiteId);
      const store = collectionId === undefined ? stores[0] : stores.find((s) => s.id === collectionId);
      if (collectionId !== undefined && !store) throw new ApiError('collection-not-found');
      const [products, choices] = store
        ? await Promise.all([listStoreProducts(db, websiteId, store.id), getEditorChoices(db, websiteId, store.id)])
        : [[], { categories: [], forms: [], memberAreas: [] }];
      const imageIds = products.flatMap((product) => (product.mainImageId ? [product.mainImageId] : []));
      const images =
        imageIds.length === 0
          ? []
          : await db
              .selectFrom('images')
              .select(['id', 'assetUrl', 'altText'])
              .where('websiteId', '=', websiteId)
              .where('id', 'in', imageIds)
              .execute();
      const imageById = new Map(images.map((image) => [image.id, image]));
      return {
        currency: currencyOf(owner),
        stores,
        storeId: store?.id ?? null,
        products: products.map(({ mainImageId, ...product }) => ({
          ...product,
          mainImage: mainImageId ? (imageById.get(mainImageId) ?? null) : null,
        })),
        ...choices,
      };
    },
  });

  ownerRoute(app, {
    method: 'GET',
    url: `${OWNER_PRODUCTS_PATH}/:itemId`,
    permission: 'products:read',
    handler: async (request) => {
      const { itemId } = parseInput(itemParams, request.params);
      return { product: await productJson(db, requireOwner(request).site.website.id, itemId) };
    },
  });

  ownerRoute(app, {
    method: 'POST',
    url: OWNER_PRODUCTS_PATH,
    permission: 'products:write',
    handler: async (request, reply) => {
      const owner = requireOwner(request);
      const websiteId = owner.site.website.id;
      const body = parseInput(createBody, request.body);
      const input = parseOwnerInput(productInputSchema(currencyOf(owner)), body.product);
      const itemId = await saveProduct(db, websiteId, { kind: 'create', collectionId: body.collectionId }, input, {
        currency: currencyOf(owner),
        actor: stockActor(owner),
        authorId: owner.actor.kind === 'contributor' ? owner.actor.session.contributor.id : null,
      });
      reply.code(201);
      return { product: await productJson(db, websiteId, itemId) };
    },
  });

  ownerRoute(app, {
    method: 'PUT',
    url: `${OWNER_PRODUCTS_PATH}/:itemId`,
    permission: 'products:write',
    handler: async (request) => {
      const owner = requireOwner(request);
      const websiteId = owner.site.website.id;
      const { itemId } = parseInput(itemParams, request.params);
      const input = parseOwnerInput(productInputSchema(currencyOf(owner)), request.body);
      await saveProduct(db, websiteId, { kind: 'update', itemId }, input, {
        currency: currencyOf(owner),
        actor: stockActor(owner),
        authorId: null,
      });
      return { product: await productJson(db, websiteId, itemId) };
    },
  });
}
