import type { ReadShape } from './visitor-read-trace.ts';

/**
 * For each page kept for shoppers (its cache key without the visitor's
 * part), the shapes its renders read of a visitor's values
 * (visitor-read-trace.ts). A page usually has one or two (a cart, no open
 * cart); a template whose reads branch on the cart can have a few more, and
 * past MAX_SHAPES a page's new shapes are not kept, so a lookup tries a
 * bounded number. Pages are forgotten oldest first past maxPages; a
 * forgotten page only costs its next shopper a render.
 */
const MAX_SHAPES = 8;

export class VisitorPageShapes {
  readonly #pages = new Map<string, ReadShape[]>();
  readonly #maxPages: number;

  constructor(maxPages = 10_000) {
    this.#maxPages = maxPages;
  }

  get(pageKey: string): readonly ReadShape[] {
    return this.#pages.get(pageKey) ?? [];
  }

  add(pageKey: string, shape: ReadShape): void {
    const shapes = this.#pages.get(pageKey);
    if (!shapes) {
      this.#pages.set(pageKey, [shape]);
      if (this.#pages.size > this.#maxPages) this.#pages.delete(this.#pages.keys().next().value!);
      return;
    }
    const id = JSON.stringify(shape);
    if (shapes.length < MAX_SHAPES && !shapes.some((known) => JSON.stringify(known) === id)) shapes.push(shape);
  }
}
