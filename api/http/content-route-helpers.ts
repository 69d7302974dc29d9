/** What the content routes share: the save context of the calling owner, and finding what a path names. */
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../api-errors.ts';
import type { Collection } from '../db/schema.ts';
import { findAnyCollection } from '../repositories/content-library-repository.ts';
import type { Db } from '../repositories/transaction.ts';
import type { SaveContext } from '../services/revisioned-save.ts';
import { callingContributorId, requireOwner } from './owner-auth.ts';

export function saveContextOf(request: FastifyRequest, baseRevision: number | undefined, note: string): SaveContext {
  const owner = requireOwner(request);
  return { websiteId: owner.site.website.id, baseRevision, contributorId: callingContributorId(owner), note };
}

export function websiteIdOf(request: FastifyRequest): string {
  return requireOwner(request).site.website.id;
}

export async function collectionOf(db: Db, request: FastifyRequest): Promise<Collection> {
  const { id } = request.params as { id: string };
  const collection = await findAnyCollection(db, websiteIdOf(request), id);
  if (!collection) throw new ApiError('collection-not-found');
  return collection;
}

/** A block's place in the path, as a number; anything else names no block. */
export function blockIndexOf(request: FastifyRequest): number {
  const { index } = request.params as { index: string };
  if (!/^\d{1,3}$/.test(index)) throw new ApiError('block-not-found');
  return Number(index);
}

/** DELETE carries the revision it was based on in the query: ?baseRevision=3. */
export function baseRevisionQuery(request: FastifyRequest): number {
  const value = (request.query as { baseRevision?: string }).baseRevision ?? '';
  if (!/^\d{1,9}$/.test(value)) {
    throw new ApiError('owner-input-invalid', {
      fields: { baseRevision: 'Reload the page: this change does not say which version it was based on.' },
    });
  }
  return Number(value);
}
