/**
 * Who is signed in on a request, and the XSRF check that comes with it.
 * A session counts only when its cookie opens a live session of this
 * website and the info cookie agrees (authenticated, the same siteUserId):
 * the spec derives "signed in" from the info cookie (section 6), so one that
 * says otherwise, or cannot be read, means signed out.
 *
 * A signed-in user's writes under /api carry the session's XSRF token in
 * the X-SiteUser-XSRF-Token header, on top of the crumb: the token came in
 * the sign-in answer and lives in no cookie, so another site can neither
 * read it nor make the browser send it.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../api-errors.ts';
import { findSession, type Session } from '../repositories/site-user-repository.ts';
import type { Db } from '../repositories/transaction.ts';
import type { WebsiteWithSettings } from '../repositories/website-repository.ts';
import { requireSite } from './site.ts';
import { readInfoCookie, readSessionCookie } from './site-user-cookies.ts';

/** The spec names no header; this one says what it carries. */
export const SITE_USER_XSRF_HEADER = 'x-siteuser-xsrf-token';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Set on the calls that open or end a session, or act on an emailed
     * link's token: they ask no XSRF header of a signed-in user.
     */
    withoutSiteUserXsrf?: boolean;
  }
}

export interface SignedIn {
  site: WebsiteWithSettings;
  session: Session;
  /** The session cookie's token, to keep this session when ending the others. */
  token: string;
}

// Asked by the XSRF check and again by the route: read once per request.
const resolved = new WeakMap<FastifyRequest, Promise<SignedIn | undefined>>();

/** The request's signed-in site user, or undefined for a visitor. */
export function signedIn(db: Db, request: FastifyRequest): Promise<SignedIn | undefined> {
  let found = resolved.get(request);
  if (found === undefined) {
    found = resolve(db, request);
    resolved.set(request, found);
  }
  return found;
}

async function resolve(db: Db, request: FastifyRequest): Promise<SignedIn | undefined> {
  // Read (and, when unreadable, logged) whether or not a session cookie came with it.
  const info = readInfoCookie(request);
  const token = readSessionCookie(request);
  if (token === undefined || info === undefined || info === 'unreadable' || !info.authenticated) return undefined;
  const site = await requireSite(db, request);
  const session = await findSession(db, site.website.id, token);
  if (!session || session.siteUserId !== info.siteUserId) return undefined;
  return { site, session, token };
}

/** The signed-in user, or the 401 an account call answers a visitor. */
export async function requireSignedIn(db: Db, request: FastifyRequest): Promise<SignedIn> {
  const user = await signedIn(db, request);
  if (!user) throw new ApiError('not-signed-in');
  return user;
}

/** Refuses a signed-in user's write that lacks the session's XSRF token; visitors pass. */
export async function verifySiteUserXsrf(db: Db, request: FastifyRequest): Promise<void> {
  if (request.routeOptions.config.withoutSiteUserXsrf) return;
  const user = await signedIn(db, request);
  if (!user) return;
  const header = request.headers[SITE_USER_XSRF_HEADER];
  if (typeof header !== 'string' || header === '') throw new ApiError('site-user-xsrf-missing');
  const sent = Buffer.from(header);
  const expected = Buffer.from(user.session.xsrfToken);
  if (sent.length !== expected.length || !timingSafeEqual(sent, expected)) throw new ApiError('site-user-xsrf-refused');
}
