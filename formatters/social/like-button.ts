/** The simple like button of an item, shown only when the site turned simple liking on. */
import { childOf, type ExecContext, isTruthy, toOutputString } from '../../engine/index.ts';
import { renderMarkup } from '../markup.ts';
import { lookupFrom } from './lookup-from.ts';

export function likeButton(item: unknown, ctx: ExecContext): string {
  if (!isTruthy(item) || !isTruthy(lookupFrom(item, 'websiteSettings.simpleLikingEnabled', ctx))) return '';
  return renderMarkup(
    'social-like-button',
    { id: toOutputString(childOf(item, 'id')), likeCount: toOutputString(childOf(item, 'likeCount')) },
    ctx,
  );
}
