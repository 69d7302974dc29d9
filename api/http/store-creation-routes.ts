/**
 * The store creation calls of spec section 7 (the sequence of section 4 is
 * the admin app's create-store dialog): the product collection, its root
 * category, the site layout and the navigation update; and the removal of a
 * store the dialog could not finish. The websiteId in the path must be the
 * signed-in owner's website.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { MAX_URL_ID_LENGTH, ROOT_CATEGORY } from '../../shared/store-creation.ts';
import { ApiError } from '../api-errors.ts';
import type { Db } from '../repositories/transaction.ts';
import {
  createProductCollection,
  createRootCategory,
  deleteStore,
  getSiteLayout,
  type NavigationLink,
  updateNavigation,
} from '../services/store-creation-service.ts';
import { requireOwner } from './owner-auth.ts';
import { parseOwnerInput } from './owner-input.ts';
import { ownerRoute } from './owner-route.ts';

export const PRODUCTS_PATH = '/api/content-service/product/1.1/websites/:websiteId/products';
export const SITE_LAYOUT_PATH = '/api/commondata/GetSiteLayout';
export const UPDATE_NAVIGATION_PATH = '/api/widget/UpdateNavigation';
/** The site's collections, for the navigation editor to name links by. */
export const COLLECTIONS_PATH = '/api/owner/collections';

const text = (max: number) => z.string().trim().max(max);

// Spec section 3, product collection payload.
const productCollectionBody = z.object({
  navigationTitle: text(100).min(1, 'Enter a navigation title.'),
  title: text(100).min(1, 'Enter a title.'),
  urlId: text(MAX_URL_ID_LENGTH).optional(),
  description: text(2_000).default(''),
  enabled: z.literal(true),
});

// Spec section 3, root category payload.
const rootCategoryBody = z.object({
  displayName: text(25).min(1, 'Enter a name.'),
  parentCategoryId: z.union([z.literal(''), z.null()]).default(ROOT_CATEGORY.parentCategoryId),
  type: z.literal(ROOT_CATEGORY.type),
  pageRendering: z.enum(['LIST_VIEW', 'GRID_VIEW']).default(ROOT_CATEGORY.pageRendering),
  displayIndex: z.number().int().min(0).max(10_000).default(ROOT_CATEGORY.displayIndex),
});

const id = z.string().regex(/^[0-9a-f]{24}$/);
const link: z.ZodType<NavigationLink> = z.lazy(() =>
  z.object({
    collectionId: id.nullable().default(null),
    externalLink: z.string().max(2_048).nullable().default(null),
    memberAreaId: id.nullable().default(null),
    title: z.string().max(100).nullish(),
    newWindow: z.boolean().optional(),
    items: z.array(link).max(100).default([]),
  }),
);

// Spec section 3, navigation update: fieldName, templateId, navigation.items.
const navigationUpdateBody = z.object({
  fieldName: z.string().min(1).max(100),
  templateId: z.string().max(100).optional(),
  navigation: z.object({ items: z.array(link).max(200) }),
});

/** The owner's website, which the path must name. */
function websiteOf(request: FastifyRequest): string {
  const websiteId = requireOwner(request).site.website.id;
  if ((request.params as { websiteId?: string }).websiteId !== websiteId) throw new ApiError('website-not-found');
  return websiteId;
}

export async function storeCreationRoutes(app: FastifyInstance, options: { db: Db }): Promise<void> {
  const { db } = options;

  ownerRoute(app, {
    method: 'POST',
    url: PRODUCTS_PATH,
    permission: 'store:create',
    handler: async (request, reply) => {
      const websiteId = websiteOf(request);
      const body = parseOwnerInput(productCollectionBody, request.body);
      return reply.code(201).send(await createProductCollection(db, websiteId, body));
    },
  });

  ownerRoute(app, {
    method: 'POST',
    url: `${PRODUCTS_PATH}/:collectionId/categories`,
    permission: 'store:create',
    handler: async (request, reply) => {
      const websiteId = websiteOf(request);
      const { collectionId } = request.params as { collectionId: string };
      const body = parseOwnerInput(rootCategoryBody, request.body);
      return reply.code(201).send(await createRootCategory(db, websiteId, collectionId, body));
    },
  });

  ownerRoute(app, {
    method: 'DELETE',
    url: `${PRODUCTS_PATH}/:collectionId`,
    permission: 'store:create',
    handler: async (request, reply) => {
      const websiteId = websiteOf(request);
      await deleteStore(db, websiteId, (request.params as { collectionId: string }).collectionId);
      return reply.code(204).send();
    },
  });

  ownerRoute(app, {
    method: 'GET',
    url: COLLECTIONS_PATH,
    permission: 'navigation:read',
    handler: async (request) =>
      db
        .selectFrom('collections')
        .select(['id', 'title', 'urlId', 'typeName', 'memberOnly', 'enabled'])
        .where('websiteId', '=', requireOwner(request).site.website.id)
        .orderBy('displayIndex')
        .orderBy('title')
        .execute(),
  });

  // Spec section 7: the layout list, each with its identifier and links.
  ownerRoute(app, {
    method: 'GET',
    url: SITE_LAYOUT_PATH,
    permission: 'navigation:read',
    handler: async (request) => getSiteLayout(db, requireOwner(request).site.website.id),
  });

  ownerRoute(app, {
    method: 'POST',
    url: UPDATE_NAVIGATION_PATH,
    permission: 'navigation:write',
    handler: async (request, reply) => {
      const body = parseOwnerInput(navigationUpdateBody, request.body);
      await updateNavigation(db, requireOwner(request).site.website.id, body);
      return reply.code(204).send();
    },
  });
}
