/**
 * The signed-in site user's XSRF token on the browser side. The server
 * answers it once, at sign-in or sign-up, and keeps it in no cookie (so no
 * other site can make the browser send it): the page's scripts keep it in
 * localStorage, beside the site user it belongs to, and send it on writes
 * while the spec's info cookie says that same user is signed in (section 6).
 * A token kept for another user, or with no one signed in, is never sent.
 */
import { readCookie } from './read-cookie.ts';

export const SITE_USER_INFO_COOKIE = 'SiteUserInfo';
export const SITE_USER_XSRF_HEADER = 'X-SiteUser-XSRF-Token';
const STORAGE_KEY = 'sb-site-user-xsrf';

export interface SiteUserInfo {
  authenticated: boolean;
  siteUserId: string | null;
}

/** The info cookie, or undefined when it is absent or not the JSON the server writes (signed out, then). */
export function readSiteUserInfo(cookieHeader: string = document.cookie): SiteUserInfo | undefined {
  const raw = readCookie(SITE_USER_INFO_COOKIE, cookieHeader);
  if (raw === undefined) return undefined;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    const { authenticated, siteUserId } = parsed as Record<string, unknown>;
    if (typeof authenticated !== 'boolean') return undefined;
    return { authenticated, siteUserId: typeof siteUserId === 'string' ? siteUserId : null };
  } catch {
    return undefined;
  }
}

/** The signed-in site user's id, from the info cookie. */
export function signedInUserId(): string | undefined {
  const info = readSiteUserInfo();
  return info?.authenticated && info.siteUserId ? info.siteUserId : undefined;
}

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    // Storage refused (a privacy mode): writes then go without the token and the server says to sign in again.
    return undefined;
  }
}

/** Keeps the token a sign-in or sign-up answered, for that user. */
export function keepSiteUserToken(siteUserId: string, xsrfToken: string): void {
  storage()?.setItem(STORAGE_KEY, JSON.stringify({ siteUserId, xsrfToken }));
}

export function forgetSiteUserToken(): void {
  storage()?.removeItem(STORAGE_KEY);
}

/** The token to send: only the signed-in user's own. */
export function siteUserToken(): string | undefined {
  const userId = signedInUserId();
  if (userId === undefined) return undefined;
  const raw = storage()?.getItem(STORAGE_KEY);
  if (!raw) return undefined;
  try {
    const kept = JSON.parse(raw) as { siteUserId?: unknown; xsrfToken?: unknown };
    return kept.siteUserId === userId && typeof kept.xsrfToken === 'string' ? kept.xsrfToken : undefined;
  } catch {
    return undefined;
  }
}
