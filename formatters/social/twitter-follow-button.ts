/** The follow button of a connected Twitter account (a social account record). */
import { childOf, type ExecContext } from '../../engine/index.ts';
import { renderMarkup } from '../markup.ts';
import { textOf as scalarText } from '../scalar-text.ts';

/** The account's user name, else the last path segment of its profile URL. */
function userNameOf(account: unknown): string {
  const name = scalarText(childOf(account, 'userName'));
  if (name !== '') return name;
  const url = scalarText(childOf(account, 'profileUrl'));
  return url.slice(url.lastIndexOf('/') + 1);
}

export function twitterFollowButton(account: unknown, ctx: ExecContext): string {
  return renderMarkup('social-twitter-follow-button', { userName: userNameOf(account) }, ctx);
}
