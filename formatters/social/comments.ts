/**
 * Comment pieces of an item: the count text, the link to the thread and the
 * thread container. A site with a Disqus short name gets Disqus markup instead.
 */
import { childOf, type ExecContext, isTruthy, toOutputString } from '../../engine/index.ts';
import { readNumber } from '../../engine/read-number.ts';
import { renderMarkup } from '../markup.ts';
import { lookupFrom } from './lookup-from.ts';

/** The formatters read `disqusShortname`; the `disqus?` predicate reads `disqusShortName` (both as the reference). */
const usesDisqus = (value: unknown, ctx: ExecContext): boolean =>
  isTruthy(lookupFrom(value, 'websiteSettings.disqusShortname', ctx));

/** commentCount({ publicCommentCount: 1 }) → '1 Comment'; 0 or missing → 'No Comments'. */
export function commentCount(item: unknown): string {
  const count = readNumber(childOf(item, 'publicCommentCount'), 'leading-number');
  if (count === 0) return 'No Comments';
  return count === 1 ? '1 Comment' : `${count} Comments`;
}

export function commentLink(item: unknown, ctx: ExecContext): string {
  const raw = childOf(item, 'publicCommentCount');
  return renderMarkup(
    'social-comment-link',
    {
      disqus: usesDisqus(item, ctx),
      id: toOutputString(childOf(item, 'id')),
      url: toOutputString(childOf(item, 'fullUrl')),
      // The link shows the stored value as it is; only a real 0 reads "No", only a real 1 is singular.
      count: raw === 0 ? 'No' : toOutputString(raw),
      noun: raw === 1 ? 'Comment' : 'Comments',
    },
    ctx,
  );
}

/** The thread's data attributes come from the page's item, else its collection. */
function threadOwner(ctx: ExecContext, value: unknown): Record<string, string> | undefined {
  for (const kind of ['item', 'collection'] as const) {
    const owner = lookupFrom(value, kind, ctx);
    if (isTruthy(owner)) {
      return {
        kind,
        id: toOutputString(childOf(owner, 'id')),
        count: toOutputString(childOf(owner, 'publicCommentCount')),
        state: toOutputString(childOf(owner, 'commentState')),
      };
    }
  }
  return undefined;
}

export function commentThread(value: unknown, ctx: ExecContext): string {
  const disqus = usesDisqus(value, ctx);
  return renderMarkup(
    'social-comments',
    {
      disqus,
      id: toOutputString(childOf(value, 'id')),
      owner: disqus ? undefined : threadOwner(ctx, value),
    },
    ctx,
  );
}
