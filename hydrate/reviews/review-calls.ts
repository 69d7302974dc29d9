/** The review calls (api/http/review-routes.ts), as the reviews island makes them. */
import type { ReviewInput } from '../../shared/review-rules.ts';
import { apiRequest } from '../api-client.ts';

export interface ReviewJson {
  id: string;
  rating: number;
  title: string;
  body: string;
  authorName: string;
  addedOn: number;
}

export interface ReviewSummary {
  count: number;
  average: number | null;
}

const reviewsPath = (itemId: string) => `/api/content/items/${encodeURIComponent(itemId)}/reviews`;

export function postReview(
  itemId: string,
  review: ReviewInput,
): Promise<{ review: ReviewJson; summary: ReviewSummary }> {
  return apiRequest(reviewsPath(itemId), { method: 'POST', body: review });
}
