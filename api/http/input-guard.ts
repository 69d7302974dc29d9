/**
 * One check of everything a visitor sends, for every route that takes input:
 * the API's calls and every form post. Page views are left out: they read
 * their query through `storableText` and show the page as if a bad value
 * matched nothing (renderer/page-routes.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { assertCleanInput } from '../visitor-input.ts';

function takesInput(request: FastifyRequest): boolean {
  return request.url.startsWith('/api/') || (request.method !== 'GET' && request.method !== 'HEAD');
}

export const inputGuard = fp(
  async (app: FastifyInstance) => {
    app.addHook('preValidation', async (request) => {
      if (!takesInput(request)) return;
      assertCleanInput(request.params);
      assertCleanInput(request.query);
      assertCleanInput(request.body);
    });
  },
  { name: 'input-guard' },
);
