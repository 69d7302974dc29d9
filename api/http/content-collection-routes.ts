/**
 * The admin app's collections (issue 23): every page, blog, events list
 * and gallery with its settings, what content editors pick from (pictures,
 * forms, authors), making a collection, its settings, publishing it, and
 * the order of a gallery's pictures. Writes name the revision they were
 * based on; a stale one is a 409 (api/services/revisioned-save.ts).
 */
import type { FastifyInstance } from 'fastify';
import { boolean, object } from 'zod';
import {
  baseRevisionSchema,
  collectionSettingsSchema,
  newCollectionSchema,
  reorderSchema,
} from '../../shared/content-schemas.ts';
import {
  listAllCollections,
  listAuthors,
  listLibraryForms,
  listLibraryImages,
} from '../repositories/content-library-repository.ts';
import type { Db } from '../repositories/transaction.ts';
import {
  createCollection,
  ownerCollectionJson,
  reorderItems,
  setCollectionEnabled,
  updateCollectionSettings,
} from '../services/collection-editing.ts';
import { collectionOf, saveContextOf, websiteIdOf } from './content-route-helpers.ts';
import { requireOwner } from './owner-auth.ts';
import { parseOwnerInput } from './owner-input.ts';
import { ownerRoute } from './owner-route.ts';

export const CONTENT_PATH = '/api/owner/content';

const enabledSchema = object({ baseRevision: baseRevisionSchema, enabled: boolean() });

export async function contentCollectionRoutes(app: FastifyInstance, options: { db: Db }) {
  const { db } = options;

  ownerRoute(app, {
    method: 'GET',
    url: `${CONTENT_PATH}/library`,
    permission: 'content:read',
    handler: async (request) => {
      const websiteId = websiteIdOf(request);
      const [images, forms, authors, collections] = await Promise.all([
        listLibraryImages(db, websiteId),
        listLibraryForms(db, websiteId),
        listAuthors(db, websiteId),
        listAllCollections(db, websiteId),
      ]);
      return {
        images,
        forms,
        authors,
        collections: collections.map((c) => ({ id: c.id, title: c.title, typeName: c.typeName })),
        // A donation block's amounts are typed in the store's currency and stored in its minor units.
        currency: requireOwner(request).site.settings.baseCurrency,
      };
    },
  });

  ownerRoute(app, {
    method: 'GET',
    url: `${CONTENT_PATH}/collections`,
    permission: 'content:read',
    handler: async (request) => {
      const collections = await listAllCollections(db, websiteIdOf(request));
      return { collections: collections.map(({ itemCount, ...c }) => ownerCollectionJson(c, { itemCount })) };
    },
  });

  ownerRoute(app, {
    method: 'POST',
    url: `${CONTENT_PATH}/collections`,
    permission: 'content:write',
    handler: async (request, reply) => {
      const body = parseOwnerInput(newCollectionSchema, request.body);
      const created = await createCollection(db, saveContextOf(request, undefined, 'Created'), body);
      reply.code(201);
      return { collection: ownerCollectionJson(created) };
    },
  });

  ownerRoute(app, {
    method: 'GET',
    url: `${CONTENT_PATH}/collections/:id`,
    permission: 'content:read',
    handler: async (request) => ({ collection: ownerCollectionJson(await collectionOf(db, request)) }),
  });

  ownerRoute(app, {
    method: 'PUT',
    url: `${CONTENT_PATH}/collections/:id`,
    permission: 'content:write',
    handler: async (request) => {
      const body = parseOwnerInput(collectionSettingsSchema, request.body);
      const { id } = await collectionOf(db, request);
      const saved = await updateCollectionSettings(
        db,
        id,
        saveContextOf(request, body.baseRevision, 'Settings saved'),
        body,
      );
      return { collection: ownerCollectionJson(saved) };
    },
  });

  ownerRoute(app, {
    method: 'PUT',
    url: `${CONTENT_PATH}/collections/:id/enabled`,
    permission: 'content:write',
    handler: async (request) => {
      const body = parseOwnerInput(enabledSchema, request.body);
      const { id } = await collectionOf(db, request);
      const note = body.enabled ? 'Published' : 'Disabled';
      const saved = await setCollectionEnabled(db, id, saveContextOf(request, body.baseRevision, note), body.enabled);
      return { collection: ownerCollectionJson(saved) };
    },
  });

  ownerRoute(app, {
    method: 'PUT',
    url: `${CONTENT_PATH}/collections/:id/order`,
    permission: 'content:write',
    handler: async (request) => {
      const body = parseOwnerInput(reorderSchema, request.body);
      const { id } = await collectionOf(db, request);
      const saved = await reorderItems(db, id, saveContextOf(request, body.baseRevision, 'Reordered'), body.itemIds);
      return { collection: ownerCollectionJson(saved) };
    },
  });
}
