/**
 * Gallery option predicates: `{.gallery-design-grid?}`, `{.gallery-autoplay?}`, ...
 * Options are looked up as `options.NAME` from the current node outwards.
 */
import type { ExecContext, Predicate, PredicateTable } from '../../engine/index.ts';
import { isTruthy } from '../../engine/index.ts';
import { flagOf, textOf } from '../../formatters/content/node-values.ts';

/**
 * The spec's gallery options (section 3) that templates branch on, with the
 * spec's defaults. The predicates test what is stored and do not apply the
 * defaults: the reference answers false for an option that is not set (a
 * gallery with no design is not a grid), and templates rely on that.
 */
export const GALLERY_OPTIONS = {
  design: { values: ['slideshow', 'slider', 'grid', 'stacked'], default: 'grid' },
  'meta-position': {
    values: ['top', 'top-left', 'top-right', 'center', 'bottom', 'bottom-left', 'bottom-right'],
    default: 'bottom',
  },
  'active-alignment': { values: ['left', 'center', 'right'], default: 'center' },
} as const;

/** On/off options; auto-crop defaults to true in the spec, the others to false. */
export const GALLERY_FLAGS = [
  'autoplay',
  'auto-crop',
  'controls',
  'lightbox',
  'square-thumbs',
  'show-meta',
  'show-meta-on-hover',
  'thumbnails',
] as const;

const NO_ARGS = { min: 0, max: 0 };

const option = (ctx: ExecContext, name: string): unknown => ctx.lookup(`options.${name}`);

function build(): PredicateTable {
  const table: Record<string, Predicate> = {};
  for (const [name, { values }] of Object.entries(GALLERY_OPTIONS)) {
    for (const value of values) {
      table[`gallery-${name}-${value}?`] = { args: NO_ARGS, test: (_args, ctx) => textOf(option(ctx, name)) === value };
    }
  }
  for (const name of GALLERY_FLAGS) {
    table[`gallery-${name}?`] = { args: NO_ARGS, test: (_args, ctx) => flagOf(option(ctx, name)) };
  }
  // Whether the gallery shows any navigation meta: arrows or dot indicators.
  table['gallery-meta?'] = {
    args: NO_ARGS,
    test: (_args, ctx) => isTruthy(option(ctx, 'controls')) || isTruthy(option(ctx, 'indicators')),
  };
  return table;
}

export const galleryPredicates: PredicateTable = build();
