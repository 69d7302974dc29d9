/**
 * Renders the small templates in templates/markup/ that formatters produce
 * (add-to-cart button, price, variant selects, ...) with our own engine, so
 * markup lives in templates rather than in string concatenation.
 */
import { readFileSync } from 'node:fs';
import { type CompiledTemplate, Engine, type ExecContext } from '../engine/index.ts';
import { defaultRegistry } from './default-registry.ts';

const MARKUP_DIR = new URL('../templates/markup/', import.meta.url);
const compiled = new Map<string, CompiledTemplate>();
let engine: Engine | undefined;

/** renderMarkup('product-price', { price: '$1.00' }, ctx) renders templates/markup/product-price.html. */
export function renderMarkup(name: string, data: unknown, ctx: ExecContext): string {
  // Created on first use: the registry imports the families that import this module.
  engine ??= new Engine(defaultRegistry);
  let template = compiled.get(name);
  if (!template) {
    const source = readFileSync(new URL(`${name}.html`, MARKUP_DIR), 'utf8');
    template = engine.compile(source, { file: `templates/markup/${name}.html` }).template;
    compiled.set(name, template);
  }
  const result = engine.render(template, data, { locale: ctx.locale, now: ctx.now, timeZone: ctx.timeZone });
  for (const e of result.errors) ctx.error(e.code, e.message);
  return result.output;
}
