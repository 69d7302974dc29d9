/**
 * The markup of page blocks lives in templates/page-blocks/; this compiles
 * each file once with our engine and renders it with the view a block
 * handler prepared. Shared pieces (an image, a form field) are partials that
 * every block template can apply.
 */
import { readFileSync } from 'node:fs';
import { type CompiledTemplate, Engine } from '../../engine/index.ts';
import { defaultRegistry } from '../../formatters/default-registry.ts';
import type { BlockKind } from './block-types.ts';
import type { PageBlockOptions } from './page-block-data.ts';
import type { PageBlockError } from './page-block-errors.ts';

const TEMPLATE_DIR = new URL('../../templates/page-blocks/', import.meta.url);

/** Partials by the name templates apply them with: `{image|apply picture private}`. */
export const BLOCK_PARTIALS = ['picture', 'form-field', 'form-footer', 'form-post-fields', 'form-submitted'] as const;

/** A block kind's own template, the wrapper every block sits in, the comment left for a missing one, or a partial. */
export type BlockTemplateName = BlockKind | 'block' | 'missing' | (typeof BLOCK_PARTIALS)[number];

export const BLOCK_TEMPLATE_NAMES: readonly BlockTemplateName[] = [
  'html',
  'map',
  'image',
  'gallery',
  'form',
  'newsletter',
  'button',
  'summary-v2',
  'donation',
  'block',
  'missing',
  ...BLOCK_PARTIALS,
];

const compiled = new Map<BlockTemplateName, CompiledTemplate>();
let engine: Engine | undefined;
let partials: Record<string, CompiledTemplate> | undefined;

/** Compiled on first use and kept: the files only change with a deploy. */
export function blockTemplate(name: BlockTemplateName): CompiledTemplate {
  engine ??= new Engine(defaultRegistry);
  let template = compiled.get(name);
  if (!template) {
    const source = readFileSync(new URL(`${name}.html`, TEMPLATE_DIR), 'utf8');
    template = engine.compile(source, { file: `templates/page-blocks/${name}.html`, trimIndentation: true }).template;
    compiled.set(name, template);
  }
  return template;
}

function blockPartials(): Record<string, CompiledTemplate> {
  partials ??= Object.fromEntries(BLOCK_PARTIALS.map((name) => [name, blockTemplate(name)]));
  return partials;
}

export interface BlockTemplateResult {
  readonly output: string;
  readonly errors: PageBlockError[];
}

/** renderBlockTemplate('button', { label: 'Shop', href: '/shop' }, options).output → '<a class="button" ...' */
export function renderBlockTemplate(
  name: BlockTemplateName,
  view: unknown,
  options: PageBlockOptions,
): BlockTemplateResult {
  const template = blockTemplate(name);
  const rendered = engine!.render(template, view, {
    locale: options.locale,
    timeZone: options.timeZone,
    now: options.now,
    partials: blockPartials(),
  });
  return { output: rendered.output, errors: [...template.errors, ...rendered.errors] };
}
