/**
 * The social formatter family: comments, likes, share and follow buttons,
 * tweet links and the calendar link of an event. Markup comes from the
 * templates/markup/social-*.html templates.
 */
import type { FormatterTable } from '../engine/index.ts';
import { textOf as scalarText } from './scalar-text.ts';
import { commentCount, commentLink, commentThread } from './social/comments.ts';
import { googleCalendarUrl } from './social/google-calendar-url.ts';
import { likeButton } from './social/like-button.ts';
import { shareButtons } from './social/share-buttons.ts';
import { twitterFollowButton } from './social/twitter-follow-button.ts';
import { activateTwitterLinks } from './social/twitter-links.ts';

const NO_ARGS = { min: 0, max: 0 } as const;

export const socialFormatters: FormatterTable = {
  'activate-twitter-links': { args: NO_ARGS, format: (value) => activateTwitterLinks(scalarText(value)) },
  'comment-count': { args: NO_ARGS, format: (value) => commentCount(value) },
  'comment-link': { args: NO_ARGS, format: (value, _args, ctx) => commentLink(value, ctx) },
  comments: { args: NO_ARGS, format: (value, _args, ctx) => commentThread(value, ctx) },
  'google-calendar-url': { args: NO_ARGS, format: (value) => googleCalendarUrl(value) ?? '' },
  'like-button': { args: NO_ARGS, format: (value, _args, ctx) => likeButton(value, ctx) },
  'social-button': { args: NO_ARGS, format: (value, _args, ctx) => shareButtons(value, 'block', ctx) },
  'social-button-inline': { args: NO_ARGS, format: (value, _args, ctx) => shareButtons(value, 'inline', ctx) },
  'twitter-follow-button': { args: NO_ARGS, format: (value, _args, ctx) => twitterFollowButton(value, ctx) },
};
