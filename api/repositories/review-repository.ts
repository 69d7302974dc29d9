/**
 * Product reviews (migration 0027): what a product page shows of them, and a
 * visitor's new review. Newest first, as shoppers read reviews; the summary
 * (count and average) counts every review, not only the page shown.
 */

import { RECORD_TYPES } from '../../domain/spec-enums.ts';
import { newId } from '../db/ids.ts';
import { isPublicItem } from './item-repository.ts';
import type { Db } from './transaction.ts';

/** How many reviews a product page lists; the summary still counts them all. */
export const REVIEWS_SHOWN = 50;

export interface ProductReview {
  id: string;
  rating: number;
  title: string;
  body: string;
  authorName: string;
  addedOn: Date;
}

export interface ReviewSummary {
  count: number;
  /** The mean rating rounded to one decimal; null without reviews. */
  average: number | null;
}

export interface ProductReviews {
  summary: ReviewSummary;
  /** The newest REVIEWS_SHOWN reviews, newest first. */
  reviews: ProductReview[];
}

/** A review as the page and the review calls give it. */
export interface ReviewJson {
  id: string;
  rating: number;
  title: string;
  body: string;
  authorName: string;
  /** Milliseconds since the epoch, as the page's other dates. */
  addedOn: number;
}

export function reviewJson(review: ProductReview): ReviewJson {
  return { ...review, addedOn: review.addedOn.getTime() };
}

export interface NewReview {
  itemId: string;
  rating: number;
  title: string;
  body: string;
  authorName: string;
}

export async function listReviews(db: Db, websiteId: string, itemId: string): Promise<ProductReviews> {
  const [reviews, totals] = await Promise.all([
    db
      .selectFrom('productReviews')
      .select(['id', 'rating', 'title', 'body', 'authorName', 'addedOn'])
      .where('websiteId', '=', websiteId)
      .where('itemId', '=', itemId)
      .orderBy('addedOn', 'desc')
      .orderBy('id', 'desc')
      .limit(REVIEWS_SHOWN)
      .execute(),
    db
      .selectFrom('productReviews')
      .select((eb) => [eb.fn.countAll<string>().as('count'), eb.fn.avg<string>('rating').as('average')])
      .where('websiteId', '=', websiteId)
      .where('itemId', '=', itemId)
      .executeTakeFirstOrThrow(),
  ]);
  const count = Number(totals.count);
  return {
    summary: { count, average: count === 0 ? null : Math.round(Number(totals.average) * 10) / 10 },
    reviews: reviews.map((row) => ({ ...row, rating: Number(row.rating) })),
  };
}

/** Stores a review and gives it back as the page will show it. */
export async function addReview(db: Db, websiteId: string, review: NewReview): Promise<ProductReview> {
  const row = await db
    .insertInto('productReviews')
    .values({ websiteId, id: newId(), ...review })
    .returning(['id', 'rating', 'title', 'body', 'authorName', 'addedOn'])
    .executeTakeFirstOrThrow();
  return { ...row, rating: Number(row.rating) };
}

/** Whether visitors may read and write reviews of an item: a product any visitor can see. */
export async function isReviewableProduct(db: Db, websiteId: string, itemId: string): Promise<boolean> {
  const [item, visible] = await Promise.all([
    db
      .selectFrom('items')
      .select('recordType')
      .where('websiteId', '=', websiteId)
      .where('id', '=', itemId)
      .executeTakeFirst(),
    isPublicItem(db, websiteId, itemId),
  ]);
  return visible && item?.recordType === RECORD_TYPES['store-item'];
}
