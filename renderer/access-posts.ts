/**
 * The two forms of locked pages, posted to the page itself without script
 * (post/redirect/get, dispatched by form-post-routes.ts): the lock screen's
 * password (103), which unlocks that collection, or the whole site while it
 * is locked, for the browser session (unlock-cookie.ts), and the access-denied page's join button (106), which
 * makes the signed-in user a member and ends on the membership-confirmed
 * page (208); a paid area's way in is buying its paywall product instead
 * (api/services/paid-memberships.ts). Both check the crumb like every other write.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../api/api-errors.ts';
import { UNLOCK_COOKIE } from '../api/cookie-names.ts';
import type { Collection } from '../api/db/schema.ts';
import { verifyCrumb } from '../api/http/crumb.ts';
import type { RateLimiter } from '../api/http/rate-limits.ts';
import { listCollections } from '../api/repositories/collection-repository.ts';
import {
  joinMemberArea,
  collectionPasswordMatches as passwordMatches,
} from '../api/repositories/member-area-repository.ts';
import { isPaidMemberArea } from '../api/repositories/paid-membership-repository.ts';
import { SITE_LOCK_ID, siteLockOf } from '../api/repositories/site-lock-repository.ts';
import type { Db } from '../api/repositories/transaction.ts';
import { pageViewer } from './page-viewer.ts';
import { resolveRoute } from './routing/resolve-route.ts';
import { type Lockable, setUnlocked, unlockedIds } from './unlock-cookie.ts';

/** The hidden fields that say which of the two a post is (templates/default/pages). */
export const UNLOCK_FIELD = 'sb-unlock';
export const JOIN_FIELD = 'sb-join';
/** Longer than any password a person types; more is not worth a scrypt. */
const PASSWORD_MAX_LENGTH = 256;

export interface AccessPost {
  db: Db;
  limiter: RateLimiter;
  secret: string;
  websiteId: string;
  request: FastifyRequest;
  reply: FastifyReply;
  password: string | undefined;
  /** The website's own password (site-lock-repository.ts); while set and not unlocked, it is what a password opens. */
  sitePasswordHash: string | null;
  /** Where the lock screen asks to go once unlocked, when it posts elsewhere than its own page (the checkout's). */
  returnPath: string | undefined;
  /** Answers with a plain page: a post that is not one of these forms, or a crumb failure. */
  page(status: number, message?: string): FastifyReply;
  seeOther(location: string): FastifyReply;
}

/** The collection a path shows, among the website's enabled ones. */
async function collectionAt(db: Db, websiteId: string, pathname: string): Promise<Collection | undefined> {
  const route = resolveRoute(pathname);
  if (route.kind !== 'home' && route.kind !== 'collection' && route.kind !== 'item') return undefined;
  const collections = await listCollections(db, websiteId);
  if (route.kind === 'home') return collections.find((c) => c.isHome);
  return collections.find((c) => c.urlId === route.collectionUrlId);
}

/** Runs the crumb check; false (and the answer sent) when it fails. */
function crumbChecked(post: AccessPost): boolean {
  try {
    verifyCrumb(post.request);
    return true;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    post.page(error.statusCode, error.message);
    return false;
  }
}

/** A page of this site to go back to: a path of slugs, never another host (//evil) or a scheme. */
const RETURN_PATH = /^\/(?:[a-z0-9][a-z0-9-]*(?:\/[a-z0-9][a-z0-9-]*)*)?$/;

/**
 * What the password is for: the whole site while it is locked and this
 * browser has not unlocked it (every page shows its lock screen then), else
 * the password-protected collection at the path.
 */
async function lockAt(post: AccessPost, pathname: string): Promise<Lockable | undefined> {
  const siteLock = siteLockOf(post.sitePasswordHash);
  const cookie = post.request.cookies?.[UNLOCK_COOKIE];
  if (siteLock && !unlockedIds(post.secret, post.websiteId, cookie, [siteLock]).has(siteLock.id)) return siteLock;
  const collection = await collectionAt(post.db, post.websiteId, pathname);
  return collection?.passwordProtected ? collection : undefined;
}

export async function unlockPost(post: AccessPost): Promise<FastifyReply> {
  const { request, websiteId } = post;
  const posted = new URL(request.url, 'http://localhost').pathname;
  const lock = await lockAt(post, posted);
  if (!lock) return post.page(405);
  // The site's lock screen on a page whose address takes another form posts here with that page's path.
  const pathname =
    lock.id === SITE_LOCK_ID && post.returnPath !== undefined && RETURN_PATH.test(post.returnPath)
      ? post.returnPath
      : posted;
  if (!crumbChecked(post)) return post.reply;
  try {
    await post.limiter.byAddress('unlock', request);
  } catch (error) {
    if (!(error instanceof ApiError) || error.statusCode !== 429) throw error;
    return post.seeOther(`${pathname}?unlock=limited`);
  }
  const password = post.password ?? '';
  const matches = password !== '' && password.length <= PASSWORD_MAX_LENGTH && (await passwordMatches(lock, password));
  if (!matches) return post.seeOther(`${pathname}?unlock=failed`);
  setUnlocked(request, post.reply, post.secret, websiteId, lock, request.cookies?.[UNLOCK_COOKIE]);
  return post.seeOther(pathname);
}

export async function joinPost(post: AccessPost): Promise<FastifyReply> {
  const { db, request, websiteId } = post;
  const pathname = new URL(request.url, 'http://localhost').pathname;
  const collection = await collectionAt(db, websiteId, pathname);
  if (!collection?.memberOnly) return post.page(405);
  if (!crumbChecked(post)) return post.reply;
  // A paid area is joined by buying its paywall product; its page shows the price and the buy button.
  if (await isPaidMemberArea(db, websiteId, collection.id)) return post.seeOther(pathname);
  const viewer = await pageViewer(db, request, websiteId, post.secret);
  if (!viewer.account) return post.seeOther(`/account/sign-in?return=${encodeURIComponent(pathname)}`);
  await post.limiter.byAddress('api-write', request);
  if (!(await joinMemberArea(db, websiteId, collection.id, viewer.account.id))) return post.page(405);
  return post.seeOther(`/account/membership-confirmed?area=${encodeURIComponent(collection.urlId)}`);
}
