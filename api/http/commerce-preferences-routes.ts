/**
 * Spec section 7: GET and PUT /api/v1/commerce-preferences/{namespace}, a
 * per-namespace object with websiteId stripped from the answer (section 4).
 * PUT replaces the namespace's object.
 */
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../api-errors.ts';
import { getPreferences, putPreferences } from '../repositories/commerce-preferences-repository.ts';
import type { Db } from '../repositories/transaction.ts';
import { requireOwner } from './owner-auth.ts';
import { ownerRoute } from './owner-route.ts';

export const COMMERCE_PREFERENCES_PATH = '/api/v1/commerce-preferences';

const NAMESPACE = /^[A-Za-z0-9._-]{1,64}$/;

function namespaceOf(params: unknown): string {
  const namespace = (params as { namespace?: string }).namespace ?? '';
  if (!NAMESPACE.test(namespace)) throw new ApiError('preferences-namespace-invalid');
  return namespace;
}

export async function commercePreferencesRoutes(app: FastifyInstance, options: { db: Db }) {
  const { db } = options;

  ownerRoute(app, {
    method: 'GET',
    url: `${COMMERCE_PREFERENCES_PATH}/:namespace`,
    permission: 'commerce-preferences:read',
    handler: async (request) => getPreferences(db, requireOwner(request).site.website.id, namespaceOf(request.params)),
  });

  ownerRoute(app, {
    method: 'PUT',
    url: `${COMMERCE_PREFERENCES_PATH}/:namespace`,
    permission: 'commerce-preferences:write',
    handler: async (request) => {
      const namespace = namespaceOf(request.params);
      const body = request.body;
      if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new ApiError('preferences-invalid');
      return putPreferences(db, requireOwner(request).site.website.id, namespace, body as Record<string, unknown>);
    },
  });
}
