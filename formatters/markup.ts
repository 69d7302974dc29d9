/**
 * Renders the small templates in templates/markup/ that formatters produce
 * (add-to-cart button, price, variant selects, ...) through the render that
 * called the formatter (ExecContext.renderTemplate), so markup lives in
 * templates rather than in string concatenation, and its errors, compile
 * errors included, show in the render's errors at their place in the file.
 */
import { readFileSync } from 'node:fs';
import type { ExecContext } from '../engine/index.ts';

export const MARKUP_DIR = new URL('../templates/markup/', import.meta.url);
const sources = new Map<string, string>();

/** The source of templates/markup/{name}.html, read once. */
export function markupSource(name: string): string {
  let source = sources.get(name);
  if (source === undefined) {
    source = readFileSync(new URL(`${name}.html`, MARKUP_DIR), 'utf8');
    sources.set(name, source);
  }
  return source;
}

/** renderMarkup('product-price', { price: '$1.00' }, ctx) renders templates/markup/product-price.html. */
export function renderMarkup(name: string, data: unknown, ctx: ExecContext): string {
  return ctx.renderTemplate(`templates/markup/${name}.html`, markupSource(name), data);
}
