/**
 * Page sections the platform renders itself, whatever the site's template
 * package (spec section 3, section types cover-page and popup-overlay): the
 * markup lives in templates/sections/, compiled once with our engine and
 * rendered with a page context. The form pieces are the page blocks'
 * partials (templates/page-blocks/), so a form looks and works the same in
 * a section as in a block.
 */
import { readFileSync } from 'node:fs';
import { type CompiledTemplate, Engine, type TemplateError } from '../../engine/index.ts';
import { defaultRegistry } from '../../formatters/default-registry.ts';
import { BLOCK_PARTIALS, blockTemplate } from '../page-blocks/block-templates.ts';

const TEMPLATE_DIR = new URL('../../templates/sections/', import.meta.url);

export const SECTION_TEMPLATE_NAMES = ['cover-page', 'popup-overlay'] as const;
export type SectionTemplateName = (typeof SECTION_TEMPLATE_NAMES)[number];

const compiled = new Map<SectionTemplateName, CompiledTemplate>();
let engine: Engine | undefined;
let partials: Record<string, CompiledTemplate> | undefined;

/** Compiled on first use and kept: the files only change with a deploy. */
export function sectionTemplate(name: SectionTemplateName): CompiledTemplate {
  engine ??= new Engine(defaultRegistry);
  let template = compiled.get(name);
  if (!template) {
    const source = readFileSync(new URL(`${name}.html`, TEMPLATE_DIR), 'utf8');
    template = engine.compile(source, { file: `templates/sections/${name}.html`, trimIndentation: true }).template;
    compiled.set(name, template);
  }
  return template;
}

export interface SectionRenderOptions {
  locale: string;
  timeZone: string;
  now: number;
  deadline?: number;
}

export interface SectionResult {
  output: string;
  errors: TemplateError[];
}

/** renderSection('popup-overlay', { pageType: 104, popupOverlay: {...} }, options).output → '<div class="sqs-popup-overlay" ...' */
export function renderSection(
  name: SectionTemplateName,
  context: unknown,
  options: SectionRenderOptions,
): SectionResult {
  const template = sectionTemplate(name);
  partials ??= Object.fromEntries(BLOCK_PARTIALS.map((partial) => [partial, blockTemplate(partial)]));
  const rendered = engine!.render(template, context, { ...options, partials });
  return { output: rendered.output, errors: [...template.errors, ...rendered.errors] };
}
