/**
 * Who is asking for a page, as far as a page may show it: the signed-in site
 * user (session cookie and info cookie in agreement, as the API decides in
 * api/http/site-user-session.ts), the member areas they belong to, and the
 * password-protected pages this browser has unlocked. Read only for requests
 * that carry such a cookie, whose pages the page cache never keeps.
 */
import { fastifyCookie } from '@fastify/cookie';
import type { FastifyRequest } from 'fastify';
import { SITE_USER_INFO_COOKIE, SITE_USER_SESSION_COOKIE, UNLOCK_COOKIE } from '../api/cookie-names.ts';
import { parseInfoCookie, sessionToken } from '../api/http/site-user-cookies.ts';
import { memberAreaIdsOf } from '../api/repositories/member-area-repository.ts';
import { findSession } from '../api/repositories/site-user-repository.ts';
import type { Db } from '../api/repositories/transaction.ts';
import { type Lockable, unlockedIds } from './unlock-cookie.ts';

/** The page context's authenticatedAccount. */
export interface PageAccount {
  id: string;
  email: string;
  displayName: string;
}

export interface PageViewer {
  account: PageAccount | undefined;
  memberAreaIds: ReadonlySet<string>;
  /** Whether this browser has unlocked the collection, or the site (site-lock-repository.ts), with its current password. */
  hasUnlocked(lock: Lockable): boolean;
}

export async function pageViewer(
  db: Db,
  request: FastifyRequest,
  websiteId: string,
  secret: string,
): Promise<PageViewer> {
  const cookies = request.headers.cookie ? fastifyCookie.parse(request.headers.cookie) : {};
  const token = sessionToken(cookies[SITE_USER_SESSION_COOKIE]);
  const info = parseInfoCookie(cookies[SITE_USER_INFO_COOKIE], request.log);
  const userId = typeof info === 'object' && info.authenticated ? (info.siteUserId ?? undefined) : undefined;
  let account: PageAccount | undefined;
  let memberAreaIds: ReadonlySet<string> = new Set();
  if (token !== undefined && userId !== undefined) {
    const session = await findSession(db, websiteId, token);
    if (session && session.siteUserId === userId) {
      account = { id: session.user.id, email: session.user.email, displayName: session.user.displayName };
      memberAreaIds = await memberAreaIdsOf(db, websiteId, session.user.id);
    }
  }
  const unlockCookie = cookies[UNLOCK_COOKIE];
  return {
    account,
    memberAreaIds,
    hasUnlocked: (lock) => unlockedIds(secret, websiteId, unlockCookie, [lock]).has(lock.id),
  };
}
