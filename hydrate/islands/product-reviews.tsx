/**
 * The product page's review form (templates/default/blocks/product-reviews.block).
 * The server lists the reviews; this island draws the form into the
 * section's slot, checks it with the rules the server uses
 * (shared/review-rules.ts), posts it with the crumb and, once stored, puts
 * the new review at the top of the server's list and the new average in its
 * summary, so the visitor sees it where every reader will. Each bad field
 * says what to fix next to itself and the first one takes focus. It also
 * counts the spec's reviews tab and anchor clicks (reviews-tracking.ts).
 */
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { REVIEW_LIMITS, REVIEW_MESSAGES, reviewFieldErrors, reviewInput } from '../../shared/review-rules.ts';
import { ClientApiError } from '../api-client.ts';
import type { IslandProps } from '../island-types.ts';
import { postReview, type ReviewJson, type ReviewSummary } from '../reviews/review-calls.ts';
import { trackReviewClicks } from '../reviews/reviews-tracking.ts';

const FIELD_ORDER = ['rating', 'title', 'body', 'authorName'] as const;
type Field = (typeof FIELD_ORDER)[number];

const STARS = [1, 2, 3, 4, 5] as const;

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' });

/** The same markup the block prints for a review, built from text nodes only: a review is visitor text. */
function reviewElement(doc: Document, review: ReviewJson): HTMLLIElement {
  const make = <K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string) => {
    const element = doc.createElement(tag);
    if (className) element.className = className;
    if (text !== undefined) element.textContent = text;
    return element;
  };
  const item = make('li', 'review');
  item.id = `review-${review.id}`;
  const card = make('article', 'review__card');
  card.setAttribute('aria-labelledby', `review-${review.id}-title`);
  const header = make('header', 'review__header');
  const stars = make('span', 'rating-stars rating-stars--small');
  stars.style.setProperty('--rating', String(review.rating));
  stars.setAttribute('aria-hidden', 'true');
  const title = make('h3', 'review__title', review.title);
  title.id = `review-${review.id}-title`;
  header.append(stars, make('span', 'visually-hidden', `Rated ${review.rating} out of 5.`), title);
  const body = make('div', 'review__body');
  review.body.split('\n').forEach((line, index) => {
    if (index > 0) body.append(doc.createElement('br'));
    body.append(line);
  });
  const meta = make('p', 'review__meta');
  const when = make('time', '', dateFormat.format(review.addedOn));
  when.setAttribute('datetime', new Date(review.addedOn).toISOString());
  meta.append(make('span', 'review__author', review.authorName), ' · ', when);
  card.append(header, body, meta);
  item.append(card);
  return item;
}

/** The summary as the block prints it for a product with reviews. */
function showSummary(section: HTMLElement, summary: ReviewSummary): void {
  const box = section.querySelector<HTMLElement>('[data-reviews-summary]');
  if (!box || summary.average === null) return;
  const doc = section.ownerDocument;
  const average = summary.average.toFixed(1);
  const stars = doc.createElement('span');
  stars.className = 'rating-stars';
  stars.style.setProperty('--rating', average);
  stars.setAttribute('aria-hidden', 'true');
  const text = doc.createElement('p');
  text.className = 'product-reviews__average';
  const value = doc.createElement('span');
  value.className = 'product-reviews__average-value';
  value.textContent = average;
  const count = doc.createElement('span');
  count.className = 'product-reviews__count';
  count.textContent = `(${summary.count} ${summary.count === 1 ? 'review' : 'reviews'})`;
  text.append(value, ' out of 5 ', count);
  box.replaceChildren(stars, text);
}

/** The name a reviews request email's link brings (?reviewer=, page type 209), to start the name field with. */
function reviewerFrom(element: HTMLElement): string {
  const href = element.ownerDocument.defaultView?.location.href;
  if (!href) return '';
  return (new URL(href).searchParams.get('reviewer') ?? '').trim().slice(0, REVIEW_LIMITS.maxAuthorName);
}

export function ProductReviews({ element }: IslandProps) {
  const itemId = element.dataset.itemId ?? '';
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [status, setStatus] = useState<{ text: string; kind: 'success' | 'error' } | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => trackReviewClicks(element.ownerDocument.defaultView!, itemId), [element, itemId]);

  const focusFirstBad = (bad: Partial<Record<Field, string>>) => {
    const first = FIELD_ORDER.find((field) => bad[field]);
    if (!first) return;
    const form = formRef.current!;
    const target =
      first === 'rating'
        ? form.querySelector<HTMLInputElement>('input[name="rating"]:checked, input[name="rating"]')
        : form.querySelector<HTMLElement>(`[name="${first}"]`);
    target?.focus();
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    const data = new FormData(form);
    const input = {
      rating: data.get('rating') ?? undefined,
      title: String(data.get('title') ?? ''),
      body: String(data.get('body') ?? ''),
      authorName: String(data.get('authorName') ?? ''),
    };
    const bad = reviewFieldErrors(input) as Partial<Record<Field, string>>;
    setErrors(bad);
    setStatus(null);
    if (Object.keys(bad).length > 0) {
      focusFirstBad(bad);
      return;
    }
    setBusy(true);
    try {
      const answer = await postReview(itemId, reviewInput.parse(input));
      const list = element.querySelector<HTMLElement>('[data-reviews-list]');
      list?.prepend(reviewElement(element.ownerDocument, answer.review));
      showSummary(element, answer.summary);
      form.reset();
      setStatus({ text: REVIEW_MESSAGES.thanks, kind: 'success' });
    } catch (failure) {
      if (failure instanceof ClientApiError && failure.fields) {
        const fromServer = failure.fields as Partial<Record<Field, string>>;
        setErrors(fromServer);
        focusFirstBad(fromServer);
      }
      setStatus({
        text: failure instanceof ClientApiError ? failure.message : REVIEW_MESSAGES.failed,
        kind: 'error',
      });
    } finally {
      setBusy(false);
    }
  }

  const described = (field: Field) => (errors[field] ? `${id}-${field}-error` : undefined);
  const fieldError = (field: Field) =>
    errors[field] ? (
      <p className="field-error" id={`${id}-${field}-error`}>
        {errors[field]}
      </p>
    ) : null;

  return (
    <form
      ref={formRef}
      className="review-form"
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-labelledby={`${id}-heading`}
    >
      <h3 className="review-form__heading" id={`${id}-heading`}>
        Write a review
      </h3>
      <fieldset
        className="review-form__rating"
        aria-describedby={described('rating')}
        aria-invalid={errors.rating ? true : undefined}
      >
        <legend>Your rating</legend>
        <div className="star-input">
          {STARS.map((stars) => (
            <label key={stars} className="star-input__star">
              <input type="radio" name="rating" value={stars} className="visually-hidden" />
              <span aria-hidden="true">★</span>
              <span className="visually-hidden">
                {stars} {stars === 1 ? 'star' : 'stars'}
              </span>
            </label>
          ))}
        </div>
        {fieldError('rating')}
      </fieldset>
      <div className="review-form__field">
        <label htmlFor={`${id}-title`}>Title</label>
        <input
          id={`${id}-title`}
          name="title"
          type="text"
          maxLength={REVIEW_LIMITS.maxTitle}
          aria-invalid={errors.title ? true : undefined}
          aria-describedby={described('title')}
        />
        {fieldError('title')}
      </div>
      <div className="review-form__field">
        <label htmlFor={`${id}-body`}>Review</label>
        <textarea
          id={`${id}-body`}
          name="body"
          rows={5}
          maxLength={REVIEW_LIMITS.maxBody}
          aria-invalid={errors.body ? true : undefined}
          aria-describedby={described('body')}
        />
        {fieldError('body')}
      </div>
      <div className="review-form__field">
        <label htmlFor={`${id}-author`}>Your name</label>
        <input
          id={`${id}-author`}
          name="authorName"
          type="text"
          autoComplete="name"
          defaultValue={reviewerFrom(element)}
          maxLength={REVIEW_LIMITS.maxAuthorName}
          aria-invalid={errors.authorName ? true : undefined}
          aria-describedby={described('authorName')}
        />
        {fieldError('authorName')}
      </div>
      <button type="submit" className="button" aria-disabled={busy ? true : undefined}>
        {busy ? 'Posting…' : 'Post review'}
      </button>
      <p className={`review-form__status review-form__status--${status?.kind ?? 'none'}`} role="status">
        {status?.text ?? ''}
      </p>
    </form>
  );
}
