/**
 * Cookies that make a response depend on who is asking: a page cache must
 * never serve or store a page for a request carrying one of them.
 */
export const CART_COOKIE = 'sb_cart';
export const SITE_USER_SESSION_COOKIE = 'sb_session';
/** The spec's site-user info cookie: authenticated and siteUserId. */
export const SITE_USER_INFO_COOKIE = 'SiteUserInfo';

/**
 * A signed-in contributor's admin-app session (api/http/owner-cookies.ts).
 * Not a visitor cookie: the site's pages are the same for a contributor,
 * so it neither bypasses nor splits the page cache.
 */
export const OWNER_SESSION_COOKIE = 'sb_owner_session';

/** The password-protected pages this browser has unlocked (renderer/unlock-cookie.ts). */
export const UNLOCK_COOKIE = 'sb_unlock';

export const VISITOR_COOKIES: readonly string[] = [
  CART_COOKIE,
  SITE_USER_SESSION_COOKIE,
  SITE_USER_INFO_COOKIE,
  UNLOCK_COOKIE,
];

/** True when a Cookie header names any visitor cookie, leaving out the one given. */
export function hasVisitorCookie(cookieHeader: string | undefined, except?: string): boolean {
  // Asked on every page: most visitors' headers name none of them, which is told without splitting the header.
  if (!cookieHeader || !VISITOR_COOKIES.some((name) => cookieHeader.includes(name))) return false;
  return cookieHeader.split(';').some((pair) => {
    const name = pair.split('=')[0]!.trim();
    return name !== except && VISITOR_COOKIES.includes(name);
  });
}
