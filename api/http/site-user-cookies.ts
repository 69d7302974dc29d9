/**
 * The two cookies of a signed-in site user. The session cookie holds the
 * session's secret token, HttpOnly so no script (an injected one included)
 * can read it. The info cookie is the spec's site-user info cookie
 * (section 3): authenticated and siteUserId as JSON, readable by the page's
 * scripts, which decide from it whether the visitor is signed in (section 6).
 * It proves nothing by itself; the server believes a session only when the
 * info cookie agrees with it (site-user-session.ts).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { SITE_USER_INFO_COOKIE, SITE_USER_SESSION_COOKIE } from '../cookie-names.ts';
import { REMEMBER_ME_SECONDS } from '../repositories/site-user-repository.ts';

/** Spec section 8, logged word for word when the info cookie cannot be read. */
export const UNREADABLE_INFO_COOKIE = 'Could not parse user info cookie value';

export interface SiteUserInfo {
  authenticated: boolean;
  siteUserId: string | null;
}

const infoSchema = z.object({
  authenticated: z.boolean(),
  siteUserId: z.string().max(64).nullish(),
});

/** A session cookie's attributes, shared by site users' and owners' sessions. */
export function sessionCookieOptions(request: FastifyRequest, rememberMe: boolean, httpOnly: boolean) {
  return {
    path: '/',
    httpOnly,
    sameSite: 'lax' as const,
    secure: request.protocol === 'https',
    // Without 'remember me' neither cookie has an end date: both go when the browser session does.
    ...(rememberMe ? { maxAge: REMEMBER_ME_SECONDS } : {}),
  };
}

export function setSiteUserCookies(
  request: FastifyRequest,
  reply: FastifyReply,
  session: { token: string; siteUserId: string; rememberMe: boolean },
): void {
  reply.setCookie(SITE_USER_SESSION_COOKIE, session.token, sessionCookieOptions(request, session.rememberMe, true));
  const info: SiteUserInfo = { authenticated: true, siteUserId: session.siteUserId };
  reply.setCookie(
    SITE_USER_INFO_COOKIE,
    JSON.stringify(info),
    sessionCookieOptions(request, session.rememberMe, false),
  );
}

export function clearSiteUserCookies(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SITE_USER_SESSION_COOKIE, sessionCookieOptions(request, false, true));
  reply.clearCookie(SITE_USER_INFO_COOKIE, sessionCookieOptions(request, false, false));
}

/** The session cookie's token when it has the shape of ours (43 base64url characters); nothing else is worth a lookup. */
export function sessionToken(raw: string | undefined): string | undefined {
  return raw !== undefined && /^[A-Za-z0-9_-]{43}$/.test(raw) ? raw : undefined;
}

export function readSessionCookie(request: FastifyRequest): string | undefined {
  return sessionToken(request.cookies[SITE_USER_SESSION_COOKIE]);
}

/**
 * An info cookie's value: undefined when absent, 'unreadable' when it is not
 * the JSON this server writes (logged with the spec's message).
 */
export function parseInfoCookie(
  raw: string | undefined,
  log: { warn(message: string): void },
): SiteUserInfo | 'unreadable' | undefined {
  if (raw === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    parsed = undefined;
  }
  const checked = infoSchema.safeParse(parsed);
  if (!checked.success) {
    log.warn(UNREADABLE_INFO_COOKIE);
    return 'unreadable';
  }
  return { authenticated: checked.data.authenticated, siteUserId: checked.data.siteUserId ?? null };
}

export function readInfoCookie(request: FastifyRequest): SiteUserInfo | 'unreadable' | undefined {
  return parseInfoCookie(request.cookies[SITE_USER_INFO_COOKIE], request.log);
}
