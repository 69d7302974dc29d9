/**
 * Declares an owner route together with the action it needs, so no owner
 * route exists without a permission: the API scope's hook reads it
 * (owner-auth.ts) before the handler runs. test/api-http/owner-routes.test.ts
 * lists every route under OWNER_PATH_PREFIXES and fails on one without.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { OwnerPermission } from './owner-auth.ts';

/** Paths only owners call. A route under one of these must declare its permission. */
export const OWNER_PATH_PREFIXES = [
  '/api/owner/',
  '/api/site-header-footer',
  '/api/v1/commerce-preferences/',
  '/api/content-service/',
  '/api/commondata/',
  '/api/widget/',
  // Spec section 7's multilingual calls, and the translations beside them.
  '/api/multilingual/',
  // The public commerce API, for API keys (commerce-api-routes.ts).
  '/api/v1/commerce/',
] as const;

export interface OwnerRoute {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  permission: OwnerPermission;
  handler: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
  config?: RouteOptions['config'];
}

export function ownerRoute(app: FastifyInstance, route: OwnerRoute): void {
  app.route({
    method: route.method,
    url: route.url,
    config: { ...route.config, ownerPermission: route.permission },
    handler: async (request, reply) => {
      // Nothing an owner sees may be kept by a shared cache.
      reply.header('cache-control', 'no-store');
      return route.handler(request, reply);
    },
  });
}
