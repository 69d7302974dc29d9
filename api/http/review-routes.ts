/**
 * Product reviews (spec section 2: the product page's reviews section). The
 * spec names no call, so a product's reviews are a resource of the item, as
 * its like is (like-routes.ts):
 *
 *   GET  /api/content/items/{itemId}/reviews  → { summary, reviews }
 *   POST /api/content/items/{itemId}/reviews  → { review, summary }
 *        body { rating (1-5), title, body, authorName }
 *
 * A write passes the crumb check every visitor write passes (index.ts) and a
 * limit per address, so a script cannot fill a product's page. A refused
 * review writes nothing; each bad field gets its own message
 * (shared/review-rules.ts). Only products a visitor can see take reviews.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { reviewInput } from '../../shared/review-rules.ts';
import { ApiError } from '../api-errors.ts';
import { isId } from '../db/ids.ts';
import {
  addReview,
  isReviewableProduct,
  listReviews,
  type ReviewJson,
  type ReviewSummary,
  reviewJson,
} from '../repositories/review-repository.ts';
import type { Db } from '../repositories/transaction.ts';
import type { RateLimiter } from './rate-limits.ts';
import { requireSite } from './site.ts';
import { parseInput } from './validation.ts';

export const REVIEWS_PATH = '/api/content/items/:itemId/reviews';

const reviewParams = z.object({ itemId: z.string().refine(isId, 'Expected an item id.') });

export async function reviewRoutes(app: FastifyInstance, options: { db: Db; limiter: RateLimiter }): Promise<void> {
  const { db, limiter } = options;

  async function reviewedProduct(request: FastifyRequest): Promise<{ websiteId: string; itemId: string }> {
    const { itemId } = parseInput(reviewParams, request.params);
    const site = await requireSite(db, request);
    if (!(await isReviewableProduct(db, site.website.id, itemId))) throw new ApiError('product-not-found');
    return { websiteId: site.website.id, itemId };
  }

  app.get(REVIEWS_PATH, async (request): Promise<{ summary: ReviewSummary; reviews: ReviewJson[] }> => {
    const { websiteId, itemId } = await reviewedProduct(request);
    const { summary, reviews } = await listReviews(db, websiteId, itemId);
    return { summary, reviews: reviews.map(reviewJson) };
  });

  app.post(REVIEWS_PATH, async (request, reply): Promise<{ review: ReviewJson; summary: ReviewSummary }> => {
    await limiter.byAddress('review-submit', request);
    const { websiteId, itemId } = await reviewedProduct(request);
    const input = parseInput(reviewInput, request.body);
    const review = await addReview(db, websiteId, { itemId, ...input });
    const { summary } = await listReviews(db, websiteId, itemId);
    reply.code(201).header('cache-control', 'no-store');
    return { review: reviewJson(review), summary };
  });
}
