/**
 * A visitor's product review, checked the same way by the server (the
 * review route) and the page's review form (the reviews island), with one
 * message per field so the form can say what to fix next to each field.
 */
import { z } from 'zod';

export const REVIEW_LIMITS = Object.freeze({
  minRating: 1,
  maxRating: 5,
  maxTitle: 120,
  maxBody: 4000,
  maxAuthorName: 80,
});

export const REVIEW_MESSAGES = Object.freeze({
  rating: 'Choose a rating from 1 to 5 stars.',
  titleMissing: 'Give your review a title.',
  titleTooLong: `Keep the title to ${REVIEW_LIMITS.maxTitle} characters.`,
  bodyMissing: 'Write your review.',
  bodyTooLong: `Keep the review to ${REVIEW_LIMITS.maxBody} characters.`,
  authorMissing: 'Enter the name to show with your review.',
  authorTooLong: `Keep the name to ${REVIEW_LIMITS.maxAuthorName} characters.`,
  thanks: 'Thank you! Your review is posted.',
  failed: 'Your review could not be posted. Please try again.',
});

/** Surrounding spaces are dropped and a field of spaces alone counts as empty. */
const text = (missing: string, tooLong: string, max: number) =>
  z.string({ error: missing }).trim().min(1, missing).max(max, tooLong);

export const reviewInput = z.object({
  // A form posts the rating as text, the island as a number: both are read as a whole number.
  rating: z.coerce
    .number({ error: REVIEW_MESSAGES.rating })
    .int(REVIEW_MESSAGES.rating)
    .min(REVIEW_LIMITS.minRating, REVIEW_MESSAGES.rating)
    .max(REVIEW_LIMITS.maxRating, REVIEW_MESSAGES.rating),
  title: text(REVIEW_MESSAGES.titleMissing, REVIEW_MESSAGES.titleTooLong, REVIEW_LIMITS.maxTitle),
  body: text(REVIEW_MESSAGES.bodyMissing, REVIEW_MESSAGES.bodyTooLong, REVIEW_LIMITS.maxBody),
  authorName: text(REVIEW_MESSAGES.authorMissing, REVIEW_MESSAGES.authorTooLong, REVIEW_LIMITS.maxAuthorName),
});

export type ReviewInput = z.infer<typeof reviewInput>;

/** Each bad field's message, keyed by field; empty when the input is good. */
export function reviewFieldErrors(input: unknown): Record<string, string> {
  const result = reviewInput.safeParse(input);
  if (result.success) return {};
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) fields[String(issue.path[0] ?? 'body')] ??= issue.message;
  return fields;
}
