/**
 * A collection's or an item's saved revisions, newest first, and restoring
 * one (issue 23): a restore is itself a save, based on the revision the
 * owner was looking at, so it can conflict and can be undone.
 */
import type { FastifyInstance } from 'fastify';
import { restoreSchema } from '../../shared/content-schemas.ts';
import { ApiError } from '../api-errors.ts';
import { findAnyCollection, findAnyItem } from '../repositories/content-library-repository.ts';
import { listRevisions, type SubjectKind } from '../repositories/content-revision-repository.ts';
import type { Db } from '../repositories/transaction.ts';
import { ownerCollectionJson } from '../services/collection-editing.ts';
import { ownerItemJson } from '../services/content-item-editing.ts';
import { restoreCollection, restoreItem } from '../services/content-restore.ts';
import { CONTENT_PATH } from './content-collection-routes.ts';
import { saveContextOf, websiteIdOf } from './content-route-helpers.ts';
import { parseOwnerInput } from './owner-input.ts';
import { ownerRoute } from './owner-route.ts';

const HISTORY_PATH = `${CONTENT_PATH}/history/:kind/:id`;

function subjectOf(params: unknown): { kind: SubjectKind; id: string } {
  const { kind, id } = params as { kind: string; id: string };
  if (kind !== 'collection' && kind !== 'item') throw new ApiError('route-not-found');
  return { kind, id };
}

export async function contentHistoryRoutes(app: FastifyInstance, options: { db: Db; now: () => number }) {
  const { db } = options;

  /** The revision the subject is at now; a 404 when there is no such subject. */
  async function currentRevision(websiteId: string, subject: { kind: SubjectKind; id: string }): Promise<number> {
    const found =
      subject.kind === 'collection'
        ? await findAnyCollection(db, websiteId, subject.id)
        : await findAnyItem(db, websiteId, subject.id);
    if (!found) throw new ApiError(subject.kind === 'collection' ? 'collection-not-found' : 'item-not-found');
    return found.revision;
  }

  ownerRoute(app, {
    method: 'GET',
    url: HISTORY_PATH,
    permission: 'content:read',
    handler: async (request) => {
      const subject = subjectOf(request.params);
      const websiteId = websiteIdOf(request);
      const current = await currentRevision(websiteId, subject);
      const revisions = await listRevisions(db, websiteId, subject);
      return {
        current,
        revisions: revisions.map((entry) => ({
          revision: entry.revision,
          savedOn: new Date(entry.createdOn).toISOString(),
          savedBy: entry.contributorName,
          note: entry.note,
        })),
      };
    },
  });

  ownerRoute(app, {
    method: 'POST',
    url: `${HISTORY_PATH}/restore`,
    permission: 'content:write',
    handler: async (request) => {
      const subject = subjectOf(request.params);
      const body = parseOwnerInput(restoreSchema, request.body);
      const websiteId = websiteIdOf(request);
      await currentRevision(websiteId, subject);
      const context = saveContextOf(request, body.baseRevision, `Restored version ${body.revision}`);
      if (subject.kind === 'collection') {
        return { collection: ownerCollectionJson(await restoreCollection(db, subject.id, context, body.revision)) };
      }
      const item = await restoreItem(db, subject.id, context, body.revision);
      const collection = await findAnyCollection(db, websiteId, item.collectionId);
      return { item: ownerItemJson(item, collection!, new Date(options.now())) };
    },
  });
}
