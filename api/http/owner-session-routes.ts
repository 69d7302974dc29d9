/**
 * Owners signing in and out of the admin app: POST /api/owner/session with
 * email, password and rememberMe answers { xsrfToken } as a site user's
 * sign-in does (spec section 7), with the same limits (site-user-sign-in.ts)
 * and a cookie of its own; GET tells the app who is signed in and what they
 * may do; DELETE signs out.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { OWNER_ACTIONS, ROLE_LABELS, type Role, roleAllows } from '../../shared/owner-permissions.ts';
import { ownerSignInSchema } from '../../shared/owner-schemas.ts';
import { ApiError } from '../api-errors.ts';
import {
  type Contributor,
  createOwnerSession,
  deleteOwnerSession,
  verifyOwnerCredentials,
} from '../repositories/owner-account-repository.ts';
import type { Db } from '../repositories/transaction.ts';
import { ownerSessionOf, requireOwner } from './owner-auth.ts';
import { clearOwnerCookie, readOwnerCookie, setOwnerCookie } from './owner-cookies.ts';
import { parseOwnerInput } from './owner-input.ts';
import { ownerRoute } from './owner-route.ts';
import type { RateLimiter } from './rate-limits.ts';
import { requireSite } from './site.ts';
import { countPasswordCheck } from './site-user-sign-in.ts';

export const OWNER_SESSION_PATH = '/api/owner/session';

/** The signed-in contributor as the admin app sees them, with the actions their role allows. */
export function contributorJson(contributor: Contributor) {
  return {
    id: contributor.id,
    email: contributor.email,
    name: contributor.displayName,
    role: contributor.role,
    roleLabel: ROLE_LABELS[contributor.role as Role] ?? String(contributor.role),
    canSignIn: contributor.canSignIn,
  };
}

export function permissionsOf(role: number): string[] {
  return OWNER_ACTIONS.filter((action) => roleAllows(role, action));
}

/**
 * Opens a new session for the contributor (never the one a cookie already
 * names, so a session planted before sign-in is worthless after it).
 */
export async function signInOwner(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  contributor: Contributor,
  rememberMe: boolean,
): Promise<{ xsrfToken: string }> {
  if (!roleAllows(contributor.role, 'own-account')) throw new ApiError('owner-no-access');
  const previous = readOwnerCookie(request);
  if (previous !== undefined) await deleteOwnerSession(db, contributor.websiteId, previous);
  const session = await createOwnerSession(db, contributor.websiteId, contributor.id, { rememberMe });
  if (!session) throw new ApiError('sign-in-failed');
  setOwnerCookie(request, reply, { token: session.token, rememberMe, role: contributor.role });
  return { xsrfToken: session.xsrfToken };
}

export async function ownerSessionRoutes(app: FastifyInstance, options: { db: Db; limiter: RateLimiter }) {
  const { db, limiter } = options;

  ownerRoute(app, {
    method: 'POST',
    url: OWNER_SESSION_PATH,
    permission: 'public',
    handler: async (request, reply) => {
      const body = parseOwnerInput(ownerSignInSchema, request.body);
      const site = await requireSite(db, request);
      await countPasswordCheck(limiter, request, site.website.id, body.email);
      const contributor = await verifyOwnerCredentials(db, site.website.id, body.email, body.password);
      if (!contributor) throw new ApiError('sign-in-failed');
      return signInOwner(db, request, reply, contributor, body.rememberMe ?? false);
    },
  });

  ownerRoute(app, {
    method: 'GET',
    url: OWNER_SESSION_PATH,
    permission: 'own-account',
    handler: async (request) => {
      const owner = requireOwner(request);
      // 'own-account' is no key scope, so only a contributor gets here.
      if (owner.actor.kind !== 'contributor') throw new ApiError('api-key-forbidden');
      const { session } = owner.actor;
      return {
        xsrfToken: session.xsrfToken,
        contributor: contributorJson(session.contributor),
        permissions: permissionsOf(session.contributor.role),
        site: { id: owner.site.website.id, title: owner.site.website.siteTitle },
      };
    },
  });

  // Public: signing out must work with a lost XSRF token or an ended session; the crumb still stops a forged one.
  ownerRoute(app, {
    method: 'DELETE',
    url: OWNER_SESSION_PATH,
    permission: 'public',
    handler: async (request, reply) => {
      const signedIn = await ownerSessionOf(db, request);
      if (signedIn) await deleteOwnerSession(db, signedIn.site.website.id, signedIn.token);
      clearOwnerCookie(request, reply);
      return { signedOut: signedIn !== undefined };
    },
  });
}
