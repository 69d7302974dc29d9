/**
 * A page's blocks as the admin app's page editor changes them (issue 23):
 * add, edit, move and remove, each naming the page revision it was based on
 * and answering with the page as saved.
 */
import type { FastifyInstance } from 'fastify';
import { addBlockSchema, BLOCK_TYPE_LABELS, editBlockSchema, moveBlockSchema } from '../../shared/content-schemas.ts';
import type { Db } from '../repositories/transaction.ts';
import { ownerCollectionJson } from '../services/collection-editing.ts';
import { addBlock, editBlock, moveBlock, removeBlock } from '../services/page-block-editing.ts';
import { CONTENT_PATH } from './content-collection-routes.ts';
import { baseRevisionQuery, blockIndexOf, collectionOf, saveContextOf } from './content-route-helpers.ts';
import { parseOwnerInput } from './owner-input.ts';
import { ownerRoute } from './owner-route.ts';

const BLOCKS_PATH = `${CONTENT_PATH}/collections/:id/blocks`;

export async function pageBlockRoutes(app: FastifyInstance, options: { db: Db }) {
  const { db } = options;

  ownerRoute(app, {
    method: 'POST',
    url: BLOCKS_PATH,
    permission: 'content:write',
    handler: async (request, reply) => {
      const body = parseOwnerInput(addBlockSchema, request.body);
      const { id } = await collectionOf(db, request);
      const note = `${BLOCK_TYPE_LABELS[body.block.type]} block added`;
      const saved = await addBlock(db, id, saveContextOf(request, body.baseRevision, note), body);
      reply.code(201);
      return { collection: ownerCollectionJson(saved) };
    },
  });

  ownerRoute(app, {
    method: 'PUT',
    url: `${BLOCKS_PATH}/:index`,
    permission: 'content:write',
    handler: async (request) => {
      const body = parseOwnerInput(editBlockSchema, request.body);
      const { id } = await collectionOf(db, request);
      const index = blockIndexOf(request);
      const note = `${BLOCK_TYPE_LABELS[body.block.type]} block edited`;
      const saved = await editBlock(db, id, saveContextOf(request, body.baseRevision, note), {
        index,
        block: body.block,
      });
      return { collection: ownerCollectionJson(saved) };
    },
  });

  ownerRoute(app, {
    method: 'POST',
    url: `${BLOCKS_PATH}/:index/move`,
    permission: 'content:write',
    handler: async (request) => {
      const body = parseOwnerInput(moveBlockSchema, request.body);
      const { id } = await collectionOf(db, request);
      const index = blockIndexOf(request);
      const saved = await moveBlock(db, id, saveContextOf(request, body.baseRevision, 'Block moved'), {
        index,
        to: body.to,
      });
      return { collection: ownerCollectionJson(saved) };
    },
  });

  ownerRoute(app, {
    method: 'DELETE',
    url: `${BLOCKS_PATH}/:index`,
    permission: 'content:write',
    handler: async (request) => {
      const baseRevision = baseRevisionQuery(request);
      const { id } = await collectionOf(db, request);
      const index = blockIndexOf(request);
      const saved = await removeBlock(db, id, saveContextOf(request, baseRevision, 'Block removed'), { index });
      return { collection: ownerCollectionJson(saved) };
    },
  });
}
