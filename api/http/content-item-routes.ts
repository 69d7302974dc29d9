/**
 * Posts, events and gallery pictures as the admin app edits them (issue
 * 23): a collection's items whatever their state, one item, a new one, a
 * save and a removal. The collection's kind (blog, events, gallery) picks
 * the input schema (shared/content-schemas.ts ITEM_INPUT_SCHEMAS).
 */
import type { FastifyInstance } from 'fastify';
import { object } from 'zod';
import { baseRevisionSchema, ITEM_INPUT_SCHEMAS } from '../../shared/content-schemas.ts';
import { ApiError } from '../api-errors.ts';
import type { Collection } from '../db/schema.ts';
import {
  findAnyCollection,
  findAnyItem,
  listAllItems,
  listAuthors,
} from '../repositories/content-library-repository.ts';
import type { Db } from '../repositories/transaction.ts';
import { ownerCollectionJson } from '../services/collection-editing.ts';
import {
  createItem,
  deleteItem,
  type ItemInput,
  itemKindOf,
  ownerItemJson,
  updateItem,
} from '../services/content-item-editing.ts';
import { CONTENT_PATH } from './content-collection-routes.ts';
import { baseRevisionQuery, collectionOf, saveContextOf, websiteIdOf } from './content-route-helpers.ts';
import { parseOwnerInput } from './owner-input.ts';
import { ownerRoute } from './owner-route.ts';

/** The item's fields checked with its collection's schema; the base revision beside them on a save. */
export function parseItemInput(collection: Collection, body: unknown): ItemInput {
  const kind = itemKindOf(collection);
  if (!kind) throw new ApiError('not-an-item-collection');
  return parseOwnerInput(ITEM_INPUT_SCHEMAS[kind], body);
}

const revisionOnly = object({ baseRevision: baseRevisionSchema });

export async function contentItemRoutes(app: FastifyInstance, options: { db: Db; now: () => number }) {
  const { db } = options;
  const now = () => new Date(options.now());

  async function itemWithCollection(request: Parameters<typeof websiteIdOf>[0]) {
    const { id } = request.params as { id: string };
    const websiteId = websiteIdOf(request);
    const item = await findAnyItem(db, websiteId, id);
    const collection = item ? await findAnyCollection(db, websiteId, item.collectionId) : undefined;
    if (!item || !collection || !itemKindOf(collection)) throw new ApiError('item-not-found');
    return { item, collection };
  }

  ownerRoute(app, {
    method: 'GET',
    url: `${CONTENT_PATH}/collections/:id/items`,
    permission: 'content:read',
    handler: async (request) => {
      const collection = await collectionOf(db, request);
      if (!itemKindOf(collection)) throw new ApiError('not-an-item-collection');
      const websiteId = websiteIdOf(request);
      const [items, authors] = await Promise.all([listAllItems(db, websiteId, collection), listAuthors(db, websiteId)]);
      const at = now();
      return {
        collection: ownerCollectionJson(collection, { itemCount: items.length }),
        items: items.map((item) => ownerItemJson(item, collection, at)),
        authors,
      };
    },
  });

  ownerRoute(app, {
    method: 'POST',
    url: `${CONTENT_PATH}/collections/:id/items`,
    permission: 'content:write',
    handler: async (request, reply) => {
      const collection = await collectionOf(db, request);
      const input = parseItemInput(collection, request.body);
      const at = now();
      const item = await createItem(db, collection, saveContextOf(request, undefined, 'Created'), input, at);
      reply.code(201);
      return { item: ownerItemJson(item, collection, at) };
    },
  });

  ownerRoute(app, {
    method: 'GET',
    url: `${CONTENT_PATH}/items/:id`,
    permission: 'content:read',
    handler: async (request) => {
      const { item, collection } = await itemWithCollection(request);
      return { item: ownerItemJson(item, collection, now()) };
    },
  });

  ownerRoute(app, {
    method: 'PUT',
    url: `${CONTENT_PATH}/items/:id`,
    permission: 'content:write',
    handler: async (request) => {
      const { item, collection } = await itemWithCollection(request);
      const { baseRevision } = parseOwnerInput(revisionOnly, request.body);
      const input = parseItemInput(collection, request.body);
      const at = now();
      const saved = await updateItem(db, collection, item.id, saveContextOf(request, baseRevision, 'Saved'), input, at);
      return { item: ownerItemJson(saved, collection, at) };
    },
  });

  ownerRoute(app, {
    method: 'DELETE',
    url: `${CONTENT_PATH}/items/:id`,
    permission: 'content:write',
    handler: async (request) => {
      const baseRevision = baseRevisionQuery(request);
      const { item } = await itemWithCollection(request);
      await deleteItem(db, item.id, saveContextOf(request, baseRevision, 'Removed'));
      return { removed: item.id };
    },
  });
}
