/** item-classes: the CSS classes of a collection item's wrapper. */

import { RECORD_TYPES } from '../../domain/spec-enums.ts';
import { childOf, type ExecContext, isTruthy } from '../../engine/index.ts';
import { readNumber } from '../../engine/read-number.ts';
import { textOf } from './node-values.ts';
import { isOnSale, isSoldOut } from './product-status.ts';

/** 'Bar Baz!' → 'bar-baz': lower case, whitespace runs to '-', other characters dropped. */
export function classSlug(value: unknown): string {
  return textOf(value)
    .toLowerCase()
    .replace(/\s+/g, '-')
    .replace(/[^a-z0-9-]/g, '');
}

function prefixedList(list: unknown, prefix: string, into: string[]): void {
  if (!Array.isArray(list)) return;
  for (const entry of list) into.push(prefix + classSlug(entry));
}

export function itemClasses(item: unknown, ctx: ExecContext): string {
  const classes = ['hentry'];
  const promoted = childOf(item, 'promotedBlockType');
  if (isTruthy(promoted)) classes.push('promoted', `promoted-block-${classSlug(promoted)}`);
  prefixedList(childOf(item, 'categories'), 'category-', classes);
  prefixedList(childOf(item, 'tags'), 'tag-', classes);
  const author = childOf(childOf(item, 'author'), 'displayName');
  if (isTruthy(author)) classes.push(`author-${classSlug(author)}`);
  // The label is the template author's own text, kept as given.
  classes.push(`post-type-${textOf(childOf(item, 'recordTypeLabel'))}`);
  const index = ctx.resolve(['@index']);
  if (index !== undefined) classes.push(`article-index-${textOf(index)}`);
  if (isTruthy(childOf(item, 'starred'))) classes.push('featured');
  if (readNumber(childOf(item, 'recordType'), 'parse-float') === RECORD_TYPES['store-item']) {
    if (isOnSale(item)) classes.push('on-sale');
    if (isSoldOut(item)) classes.push('sold-out');
  }
  return classes.join(' ');
}
