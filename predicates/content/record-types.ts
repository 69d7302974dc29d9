/**
 * Predicates on what kind of item the current node is: record type
 * (`{.event?}`), promoted block type (`{.promotedVIDEO?}`), background source
 * (`{.background-source-video?}`) and cover-page slide type (`{.current-type? gallery}`).
 */

import { BACKGROUND_SOURCE, RECORD_TYPES, type RecordTypeName, SLICE_TYPES } from '../../domain/spec-enums.ts';
import type { ExecContext, Predicate, PredicateTable } from '../../engine/index.ts';
import { childOf } from '../../engine/index.ts';
import { readNumber } from '../../engine/read-number.ts';
import { textOf } from '../../formatters/content/node-values.ts';

const NO_ARGS = { min: 0, max: 0 };

const field = (ctx: ExecContext, key: string): unknown => childOf(ctx.current(), key);

/** Record types with a predicate of their own name. */
const RECORD_TYPE_PREDICATES: readonly RecordTypeName[] = [
  'undefined',
  'text',
  'audio',
  'store-item',
  'event',
  'binary',
  'css-asset',
  'tweak-asset',
  'digital-good',
  'attachment',
  'wordpress-export',
  'json-export',
  'site-search',
  'active-time',
  'tweet',
  'checkin',
  'kbarticle',
];

/** Kinds that are also true of a post promoting a block of that kind. */
const PROMOTABLE_PREDICATES = {
  video: RECORD_TYPES.video,
  'external-video': RECORD_TYPES.video,
  image: RECORD_TYPES.image,
  quote: RECORD_TYPES.quote,
  link: RECORD_TYPES.link,
  gallery: RECORD_TYPES.gallery,
} as const;

const PROMOTED_BLOCK_TYPES = [
  'map',
  'embed',
  'image',
  'code',
  'quote',
  'twitter',
  'link',
  'video',
  'foursquare',
  'instagram',
  'form',
] as const;

const isRecordType = (ctx: ExecContext, type: number): boolean =>
  readNumber(field(ctx, 'recordType'), 'parse-float') === type;
const isPromoted = (ctx: ExecContext, blockType: string): boolean =>
  textOf(field(ctx, 'promotedBlockType')) === blockType;

function build(): PredicateTable {
  const table: Record<string, Predicate> = {};
  for (const name of RECORD_TYPE_PREDICATES) {
    const type = RECORD_TYPES[name];
    table[`${name}?`] = { args: NO_ARGS, test: (_args, ctx) => isRecordType(ctx, type) };
  }
  for (const [name, type] of Object.entries(PROMOTABLE_PREDICATES)) {
    const blockType = name === 'external-video' ? 'video' : name;
    table[`${name}?`] = {
      args: NO_ARGS,
      test: (_args, ctx) => isRecordType(ctx, type) || isPromoted(ctx, blockType),
    };
  }
  for (const blockType of PROMOTED_BLOCK_TYPES) {
    table[`promoted${blockType.toUpperCase()}?`] = { args: NO_ARGS, test: (_args, ctx) => isPromoted(ctx, blockType) };
  }
  for (const [name, source] of Object.entries(BACKGROUND_SOURCE)) {
    table[`background-source-${name}?`] = {
      args: NO_ARGS,
      test: (_args, ctx) => readNumber(field(ctx, 'backgroundSource'), 'parse-float') === source,
    };
  }
  table['current-type?'] = {
    args: {
      min: 1,
      max: 1,
      check: (args) => (args[0]! in SLICE_TYPES ? undefined : `unknown slide type '${args[0]}'`),
    },
    // No name means 'undefined' (-1), as in the reference; slide types are read as whole numbers.
    test: (args, ctx) => {
      const wanted = SLICE_TYPES[args[0] ?? 'undefined'];
      return wanted !== undefined && Math.trunc(readNumber(field(ctx, 'currentType'), 'parse-float')) === wanted;
    },
  };
  return table;
}

export const recordTypePredicates: PredicateTable = build();
