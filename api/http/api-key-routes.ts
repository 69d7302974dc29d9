/**
 * The API keys panel's calls: the website's keys (never the keys
 * themselves, only their first characters), a new key with a name and
 * scopes (answered in clear this once), and deleting one, which revokes it
 * for good. A key's scopes are actions of the permission table
 * (shared/owner-permissions.ts API_KEY_SCOPES).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { apiKeyCreateSchema } from '../../shared/owner-schemas.ts';
import { ApiError } from '../api-errors.ts';
import { type ApiKeyInfo, createApiKey, listApiKeys, revokeApiKey } from '../repositories/api-key-repository.ts';
import type { Db } from '../repositories/transaction.ts';
import { requireOwner } from './owner-auth.ts';
import { parseOwnerInput } from './owner-input.ts';
import { ownerRoute } from './owner-route.ts';

export const API_KEYS_PATH = '/api/owner/api-keys';

const idParams = z.object({ id: z.string().max(64) });

export function apiKeyJson(key: ApiKeyInfo) {
  return {
    id: key.id,
    name: key.name,
    keyPrefix: key.keyPrefix,
    scopes: key.permissions,
    createdOn: key.createdOn.toISOString(),
    lastUsedOn: key.lastUsedOn?.toISOString() ?? null,
  };
}

export async function apiKeyRoutes(app: FastifyInstance, options: { db: Db }) {
  const { db } = options;

  ownerRoute(app, {
    method: 'GET',
    url: API_KEYS_PATH,
    permission: 'api-keys:read',
    handler: async (request) => {
      const keys = await listApiKeys(db, requireOwner(request).site.website.id);
      // A deleted key is gone from the panel; the CLI's list still shows revoked ones.
      return { apiKeys: keys.filter((key) => key.revokedOn === null).map(apiKeyJson) };
    },
  });

  ownerRoute(app, {
    method: 'POST',
    url: API_KEYS_PATH,
    permission: 'api-keys:write',
    handler: async (request, reply) => {
      const body = parseOwnerInput(apiKeyCreateSchema, request.body);
      const { key, apiKey } = await createApiKey(db, requireOwner(request).site.website.id, body.name, body.scopes);
      reply.code(201);
      return { key, apiKey: apiKeyJson(apiKey) };
    },
  });

  ownerRoute(app, {
    method: 'DELETE',
    url: `${API_KEYS_PATH}/:id`,
    permission: 'api-keys:write',
    handler: async (request) => {
      const { id } = parseOwnerInput(idParams, request.params);
      if (!(await revokeApiKey(db, requireOwner(request).site.website.id, id))) throw new ApiError('api-key-not-found');
      return { deleted: true };
    },
  });
}
