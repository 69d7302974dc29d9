/**
 * The contributors panel's calls: the list (with open invitations), an
 * invitation by email link, a role change, a removal; and the public calls
 * behind the invitation link (see what it is for, accept it and sign in).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { acceptInvitationSchema, invitationSchema, roleChangeSchema } from '../../shared/owner-schemas.ts';
import { ApiError } from '../api-errors.ts';
import {
  acceptInvitation,
  findInvitation,
  listInvitations,
} from '../repositories/contributor-invitation-repository.ts';
import {
  changeRole,
  findContributorByEmail,
  listContributors,
  removeContributor,
} from '../repositories/owner-account-repository.ts';
import type { Db } from '../repositories/transaction.ts';
import { mailInvitation } from '../services/contributor-invitation-mail.ts';
import { callingContributorId, requireOwner } from './owner-auth.ts';
import { parseOwnerInput } from './owner-input.ts';
import { ownerRoute } from './owner-route.ts';
import { contributorJson, signInOwner } from './owner-session-routes.ts';
import type { RateLimiter } from './rate-limits.ts';
import { requireSite } from './site.ts';

export const CONTRIBUTORS_PATH = '/api/owner/contributors';
export const INVITATIONS_PATH = '/api/owner/invitations';

const tokenBody = z.object({ token: z.string().max(200) });
const idParams = z.object({ id: z.string().max(64) });

export async function contributorRoutes(app: FastifyInstance, options: { db: Db; limiter: RateLimiter }) {
  const { db, limiter } = options;

  ownerRoute(app, {
    method: 'GET',
    url: CONTRIBUTORS_PATH,
    permission: 'contributors:read',
    handler: async (request) => {
      const websiteId = requireOwner(request).site.website.id;
      const [contributors, invitations] = await Promise.all([
        listContributors(db, websiteId),
        listInvitations(db, websiteId),
      ]);
      return { contributors: contributors.map(contributorJson), invitations };
    },
  });

  ownerRoute(app, {
    method: 'POST',
    url: `${CONTRIBUTORS_PATH}/invitations`,
    permission: 'contributors:write',
    handler: async (request, reply) => {
      const body = parseOwnerInput(invitationSchema, request.body);
      const owner = requireOwner(request);
      const { website } = owner.site;
      const existing = await findContributorByEmail(db, website.id, body.email);
      if (existing?.canSignIn)
        throw new ApiError('contributor-exists', { fields: { email: 'Already a contributor.' } });
      // Each invitation mails a stranger: the same limit as other mail a request can cause.
      await limiter.byAddress('account-mail', request);
      const inviter = owner.actor.kind === 'contributor' ? owner.actor.session.contributor.displayName : null;
      await mailInvitation(
        db,
        { id: website.id, siteTitle: website.siteTitle, origin: `${request.protocol}://${request.host}` },
        { email: body.email, role: body.role, invitedBy: callingContributorId(owner), inviter },
      );
      reply.code(201);
      return { invited: body.email, role: body.role };
    },
  });

  ownerRoute(app, {
    method: 'PUT',
    url: `${CONTRIBUTORS_PATH}/:id`,
    permission: 'contributors:write',
    handler: async (request) => {
      const { id } = parseOwnerInput(idParams, request.params);
      const body = parseOwnerInput(roleChangeSchema, request.body);
      const changed = await changeRole(db, requireOwner(request).site.website.id, id, body.role);
      if (!changed.ok) throw new ApiError(changed.reason === 'last-admin' ? 'last-admin' : 'contributor-not-found');
      return contributorJson(changed.contributor);
    },
  });

  ownerRoute(app, {
    method: 'DELETE',
    url: `${CONTRIBUTORS_PATH}/:id`,
    permission: 'contributors:write',
    handler: async (request) => {
      const { id } = parseOwnerInput(idParams, request.params);
      const removed = await removeContributor(db, requireOwner(request).site.website.id, id);
      if (!removed.ok) throw new ApiError(removed.reason === 'last-admin' ? 'last-admin' : 'contributor-not-found');
      return { removed: true, keptAsAuthor: removed.keptAsAuthor };
    },
  });

  // What an invitation link is for, shown on the accept form; it does not use the link up.
  ownerRoute(app, {
    method: 'POST',
    url: `${INVITATIONS_PATH}/lookup`,
    permission: 'public',
    handler: async (request) => {
      const { token } = parseOwnerInput(tokenBody, request.body);
      const site = await requireSite(db, request);
      const invitation = await findInvitation(db, site.website.id, token);
      if (!invitation) throw new ApiError('invitation-invalid');
      return { email: invitation.email, role: invitation.role, siteTitle: site.website.siteTitle };
    },
  });

  ownerRoute(app, {
    method: 'POST',
    url: `${INVITATIONS_PATH}/accept`,
    permission: 'public',
    handler: async (request, reply) => {
      const body = parseOwnerInput(acceptInvitationSchema, request.body);
      const site = await requireSite(db, request);
      const contributor = await acceptInvitation(db, site.website.id, body.token, {
        displayName: body.name,
        password: body.password,
      });
      if (!contributor) throw new ApiError('invitation-invalid');
      return signInOwner(db, request, reply, contributor, false);
    },
  });
}
