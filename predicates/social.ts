/**
 * The social predicate family. `comments?` follows the spec: comments show when
 * the node's commentState is 1 (open) or it already has public comments, unless
 * the site's settings turn comments off. `disqus?` tests the Disqus short name.
 */
import { childOf, type ExecContext, isTruthy, type PredicateTable } from '../engine/index.ts';
import { readNumber } from '../engine/read-number.ts';

const OPEN = 1;

function commentsShown(ctx: ExecContext): boolean {
  // Sites without settings in the data keep comments on; present settings must say so.
  const settings = ctx.lookup('websiteSettings');
  if (settings !== undefined && !isTruthy(childOf(settings, 'commentsEnabled'))) return false;
  const node = ctx.current();
  return (
    readNumber(childOf(node, 'commentState'), 'leading-number') === OPEN ||
    readNumber(childOf(node, 'publicCommentCount'), 'leading-number') > 0
  );
}

export const socialPredicates: PredicateTable = {
  'comments?': { args: { min: 0, max: 0 }, test: (_args, ctx) => commentsShown(ctx) },
  'disqus?': {
    args: { min: 0, max: 0 },
    test: (_args, ctx) => isTruthy(ctx.lookup('websiteSettings.disqusShortName')),
  },
};
