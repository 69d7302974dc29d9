/**
 * The owner's session cookie: the session's secret token, HttpOnly, with
 * the same lifetime rules as a site user's (site-user-cookies.ts) but its
 * own name, so a site-user session never opens the admin app or back.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CONTRIBUTOR_ROLES_COOKIE } from '../../shared/analytics-rules.ts';
import { OWNER_SESSION_COOKIE } from '../cookie-names.ts';
import { sessionCookieOptions, sessionToken } from './site-user-cookies.ts';

export function setOwnerCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  session: { token: string; rememberMe: boolean; role: number },
): void {
  reply.setCookie(OWNER_SESSION_COOKIE, session.token, sessionCookieOptions(request, session.rememberMe, true));
  // Readable by the site's pages, which a shared page cache serves alike to everyone: the analytics
  // module counts no page a contributor views unless they are solely a viewer (spec section 5).
  reply.setCookie(
    CONTRIBUTOR_ROLES_COOKIE,
    String(session.role),
    sessionCookieOptions(request, session.rememberMe, false),
  );
}

export function clearOwnerCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(OWNER_SESSION_COOKIE, sessionCookieOptions(request, false, true));
  reply.clearCookie(CONTRIBUTOR_ROLES_COOKIE, sessionCookieOptions(request, false, false));
}

/** The cookie's token when it has the shape of ours; a tampered or foreign value is no session. */
export function readOwnerCookie(request: FastifyRequest): string | undefined {
  return sessionToken(request.cookies[OWNER_SESSION_COOKIE]);
}
