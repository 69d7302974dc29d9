/**
 * The content predicate family: collections and folders, item fields (excerpt,
 * location, images, links), events, galleries, and the kind of item or slide.
 * Most read the current node only; calendar-view?, clickable?,
 * collectionTypeNameEquals? and the gallery options look outwards too.
 */

import { COLLECTION_TYPES, FOLDER_BEHAVIOR } from '../domain/spec-enums.ts';
import type { ExecContext, PredicateTable } from '../engine/index.ts';
import { childOf, isTruthy } from '../engine/index.ts';
import { readNumber } from '../engine/read-number.ts';
import { flagOf, textOf } from '../formatters/content/node-values.ts';
import { stripTags } from '../formatters/content/strip-tags.ts';
import { isRecord } from '../formatters/json-values.ts';
import { galleryPredicates } from './content/gallery.ts';
import { recordTypePredicates } from './content/record-types.ts';
import { isSameDay } from './content/same-day.ts';

const NO_ARGS = { min: 0, max: 0 };

const field = (ctx: ExecContext, key: string): unknown => childOf(ctx.current(), key);

const hasMainImage = (item: unknown): boolean =>
  isTruthy(childOf(item, 'mainImageId')) || isTruthy(childOf(item, 'systemDataId'));

/** An excerpt is plain text or {html}; it counts when some text is left without tags and spaces. */
function hasExcerpt(excerpt: unknown): boolean {
  const text = isRecord(excerpt) ? excerpt.html : excerpt;
  return typeof text === 'string' && stripTags(text).trim() !== '';
}

/** The collection's own type when the node carries a collection, else the node's type. */
function collectionType(ctx: ExecContext): number {
  const collection = field(ctx, 'collection');
  return readNumber(childOf(collection === undefined ? ctx.current() : collection, 'type'), 'parse-float');
}

export const contentPredicates: PredicateTable = {
  ...galleryPredicates,
  ...recordTypePredicates,
  'calendar-view?': { args: NO_ARGS, test: (_args, ctx) => flagOf(ctx.lookup('calendarView')) },
  'child-images?': {
    args: NO_ARGS,
    test: (_args, ctx) => {
      const items = field(ctx, 'items');
      return Array.isArray(items) && hasMainImage(items[0]);
    },
  },
  // Spec section 4: a folder is clickable if its behaviour is index, redirect or unspecified.
  'clickable?': {
    args: NO_ARGS,
    test: (_args, ctx) => {
      const behavior = ctx.lookup('folderBehavior');
      if (behavior === undefined) return true;
      const n = readNumber(behavior, 'parse-float');
      return n === FOLDER_BEHAVIOR.index || n === FOLDER_BEHAVIOR.redirect;
    },
  },
  'collection?': { args: NO_ARGS, test: (_args, ctx) => isTruthy(field(ctx, 'collection')) },
  'collection-page?': {
    args: NO_ARGS,
    test: (_args, ctx) =>
      readNumber(childOf(field(ctx, 'collection'), 'type'), 'parse-float') === COLLECTION_TYPES.page,
  },
  'collection-template-page?': {
    args: NO_ARGS,
    test: (_args, ctx) => collectionType(ctx) === COLLECTION_TYPES['template-page'],
  },
  'collectionTypeNameEquals?': {
    args: { min: 1, max: 1 },
    test: (args, ctx) => args[0] !== undefined && textOf(ctx.lookup('typeName')) === args[0],
  },
  'excerpt?': { args: NO_ARGS, test: (_args, ctx) => hasExcerpt(field(ctx, 'excerpt')) },
  'external-link?': { args: NO_ARGS, test: (_args, ctx) => isTruthy(field(ctx, 'externalLink')) },
  'folder?': { args: NO_ARGS, test: (_args, ctx) => isTruthy(childOf(field(ctx, 'collection'), 'folder')) },
  'has-multiple?': {
    args: NO_ARGS,
    test: (_args, ctx) => {
      const node = ctx.current();
      if (Array.isArray(node)) return node.length > 1;
      return isRecord(node) && Object.keys(node).length > 1;
    },
  },
  // A folder page that shows its own index rather than redirecting; the behaviour must be stored as a number.
  'index?': {
    args: NO_ARGS,
    test: (_args, ctx) => {
      const collection = field(ctx, 'collection');
      return isTruthy(childOf(collection, 'folder')) && childOf(collection, 'folderBehavior') === FOLDER_BEHAVIOR.index;
    },
  },
  'location?': {
    args: NO_ARGS,
    test: (_args, ctx) => {
      const location = field(ctx, 'location');
      return childOf(location, 'mapLat') !== undefined && childOf(location, 'mapLng') !== undefined;
    },
  },
  'main-image?': { args: NO_ARGS, test: (_args, ctx) => hasMainImage(ctx.current()) },
  'passthrough?': {
    args: NO_ARGS,
    test: (_args, ctx) => isTruthy(field(ctx, 'passthrough')) && textOf(field(ctx, 'sourceUrl')) !== '',
  },
  'redirect?': {
    args: NO_ARGS,
    test: (_args, ctx) => readNumber(field(ctx, 'folderBehavior'), 'parse-float') === FOLDER_BEHAVIOR.redirect,
  },
  'same-day?': { args: NO_ARGS, test: (_args, ctx) => isSameDay(ctx.current()) },
  'serviceNameEmail?': { args: NO_ARGS, test: (_args, ctx) => textOf(field(ctx, 'serviceName')) === 'email' },
  'show-past-events?': {
    args: NO_ARGS,
    test: (_args, ctx) => textOf(field(ctx, 'showPastOrUpcomingEvents')) === 'past',
  },
};
