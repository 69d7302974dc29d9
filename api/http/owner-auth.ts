/**
 * Who is calling an owner route, and whether they may: a signed-in
 * contributor (the owner session cookie, checked against the role's actions
 * in shared/owner-permissions.ts) or an API key (its scopes, checked the
 * same way). A contributor's writes carry the crumb and the session's XSRF
 * token in X-Owner-XSRF-Token, as a site user's do (site-user-session.ts):
 * the token came in the sign-in answer and lives in no cookie.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { type OwnerAction, roleAllows } from '../../shared/owner-permissions.ts';
import { ApiError } from '../api-errors.ts';
import { OWNER_SESSION_COOKIE } from '../cookie-names.ts';
import type { ApiKeyInfo } from '../repositories/api-key-repository.ts';
import { findOwnerSession, type OwnerSession } from '../repositories/owner-account-repository.ts';
import type { Db } from '../repositories/transaction.ts';
import type { WebsiteWithSettings } from '../repositories/website-repository.ts';
import { authenticateApiKey, bearerKey } from './api-key-auth.ts';
import { verifyCrumb } from './crumb.ts';
import { readOwnerCookie } from './owner-cookies.ts';
import { requireSite } from './site.ts';
import { sessionToken } from './site-user-cookies.ts';

export const OWNER_XSRF_HEADER = 'x-owner-xsrf-token';

/** What an owner route declares: the action it needs, or 'public' for signing in and invitation links. */
export type OwnerPermission = OwnerAction | 'public';

export type OwnerActor =
  | { kind: 'contributor'; session: OwnerSession; token: string }
  | { kind: 'api-key'; apiKey: ApiKeyInfo };

export interface Owner {
  site: WebsiteWithSettings;
  actor: OwnerActor;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set on every owner route (owner-route.ts): the action it needs. */
    ownerPermission?: OwnerPermission;
  }
  interface FastifyRequest {
    /** The website and the caller of an owner route, set before its handler runs. */
    owner: Owner | null;
  }
}

const WRITE_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The owner session the request's cookie opens, or undefined. */
export async function ownerSessionOf(
  db: Db,
  request: FastifyRequest,
): Promise<{ site: WebsiteWithSettings; session: OwnerSession; token: string } | undefined> {
  const token = readOwnerCookie(request);
  if (token === undefined) return undefined;
  const site = await requireSite(db, request);
  const session = await findOwnerSession(db, site.website.id, token);
  return session ? { site, session, token } : undefined;
}

function verifyOwnerXsrf(request: FastifyRequest, session: OwnerSession): void {
  const header = request.headers[OWNER_XSRF_HEADER];
  if (typeof header !== 'string' || header === '') throw new ApiError('owner-xsrf-missing');
  const sent = Buffer.from(header);
  const expected = Buffer.from(session.xsrfToken);
  if (sent.length !== expected.length || !timingSafeEqual(sent, expected)) throw new ApiError('owner-xsrf-refused');
}

/**
 * Authenticates and authorizes an owner route's request: 401 without a
 * caller, 403 when the caller may not take the route's action. A public
 * route's writes still need the crumb.
 */
export async function authorizeOwner(
  db: Db,
  request: FastifyRequest,
  permission: OwnerPermission,
): Promise<Owner | null> {
  const write = WRITE_METHODS.has(request.method);
  if (permission === 'public') {
    if (write) verifyCrumb(request);
    return null;
  }
  const key = bearerKey(request);
  if (key !== undefined) {
    const site = await requireSite(db, request);
    const apiKey = await authenticateApiKey(db, site.website.id, key);
    if (!apiKey.permissions.includes(permission)) throw new ApiError('api-key-forbidden');
    return { site, actor: { kind: 'api-key', apiKey } };
  }
  const signedIn = await ownerSessionOf(db, request);
  if (!signedIn) throw new ApiError('owner-not-signed-in');
  if (write) {
    verifyCrumb(request);
    verifyOwnerXsrf(request, signedIn.session);
  }
  if (!roleAllows(signedIn.session.contributor.role, permission)) throw new ApiError('owner-forbidden');
  return { site: signedIn.site, actor: { kind: 'contributor', session: signedIn.session, token: signedIn.token } };
}

/** The caller of an owner route that is not public; set by the API scope's hook before the handler. */
export function requireOwner(request: FastifyRequest): Owner {
  if (!request.owner) throw new ApiError('owner-not-signed-in');
  return request.owner;
}

/** The contributor calling, or null for an API key (which acts for no one in particular). */
export function callingContributorId(owner: Owner): string | null {
  return owner.actor.kind === 'contributor' ? owner.actor.session.contributor.id : null;
}

/**
 * Whether a page request's owner session cookie opens a session that may
 * take `action`: pages the owner alone may see (the digital product
 * preview, page type 210), read without the API scope's cookie plugin.
 */
export async function ownerCookieAllows(
  db: Db,
  websiteId: string,
  cookies: Readonly<Record<string, string | undefined>>,
  action: OwnerAction,
): Promise<boolean> {
  const token = sessionToken(cookies[OWNER_SESSION_COOKIE]);
  if (token === undefined) return false;
  const session = await findOwnerSession(db, websiteId, token);
  return session !== undefined && roleAllows(session.contributor.role, action);
}
