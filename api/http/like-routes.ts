/**
 * Simple liking (spec section 2, the like button; website.simpleLikingEnabled):
 * one like per visitor and item. The spec names no call for it, so the item's
 * like is a resource of its own:
 *
 *   GET    /api/content/items/{itemId}/like   → { likeCount, liked }
 *   PUT    /api/content/items/{itemId}/like   → likes it (again: no change)
 *   DELETE /api/content/items/{itemId}/like   → takes the like back
 *
 * A visitor is the id in their crumb cookie, which every page sets and every
 * write already proves (api/http/crumb.ts), so a like is counted once per
 * browser without a cookie of its own. Pages are the same for everyone, so
 * the button asks whether this visitor has liked with the GET.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ApiError } from '../api-errors.ts';
import { isId } from '../db/ids.ts';
import { isPublicItem } from '../repositories/item-repository.ts';
import { addLike, type LikeResult, likeState, removeLike } from '../repositories/like-repository.ts';
import type { Db } from '../repositories/transaction.ts';
import { requireSite } from './site.ts';
import { parseInput } from './validation.ts';

export const LIKE_PATH = '/api/content/items/:itemId/like';

const likeParams = z.object({ itemId: z.string().refine(isId, 'Expected an item id.') });

export interface LikeAnswer {
  likeCount: number;
  liked: boolean;
}

/** The crumb is a visitor id followed by its HMAC; the id alone names the visitor. */
function visitorKey(request: FastifyRequest): string | undefined {
  return request.sentCrumb?.slice(0, 32);
}

export async function likeRoutes(app: FastifyInstance, options: { db: Db }): Promise<void> {
  const { db } = options;

  /** The website and item a like call is about, once liking is on and the item is public. */
  async function likedItem(request: FastifyRequest): Promise<{ websiteId: string; itemId: string }> {
    const { itemId } = parseInput(likeParams, request.params);
    const site = await requireSite(db, request);
    if (!site.settings.simpleLikingEnabled) throw new ApiError('likes-disabled');
    if (!(await isPublicItem(db, site.website.id, itemId))) throw new ApiError('item-not-found');
    return { websiteId: site.website.id, itemId };
  }

  const answer = (result: LikeResult | undefined, liked: boolean): LikeAnswer => {
    // The item went between the check and the write.
    if (!result) throw new ApiError('item-not-found');
    return { likeCount: result.likeCount, liked };
  };

  app.get(LIKE_PATH, async (request, reply): Promise<LikeAnswer> => {
    const { websiteId, itemId } = await likedItem(request);
    const state = await likeState(db, websiteId, itemId, visitorKey(request));
    if (!state) throw new ApiError('item-not-found');
    // One visitor's answer: no shared cache may keep it.
    reply.header('cache-control', 'private, no-store');
    return state;
  });

  // Writes have passed the crumb check (api/http/index.ts), so the visitor id is there; the throw only guards that.
  const writer = (request: FastifyRequest): string => {
    const visitor = visitorKey(request);
    if (!visitor) throw new ApiError('crumb-failed');
    return visitor;
  };

  app.put(LIKE_PATH, async (request, reply): Promise<LikeAnswer> => {
    const { websiteId, itemId } = await likedItem(request);
    reply.header('cache-control', 'no-store');
    return answer(await addLike(db, websiteId, itemId, writer(request)), true);
  });

  app.delete(LIKE_PATH, async (request, reply): Promise<LikeAnswer> => {
    const { websiteId, itemId } = await likedItem(request);
    reply.header('cache-control', 'no-store');
    return answer(await removeLike(db, websiteId, itemId, writer(request)), false);
  });
}
