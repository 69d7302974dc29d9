/**
 * The islands bundle at /islands.js, built in memory when the server starts
 * (no separate build step for `npm start`). Pages link it with ?v=<hash>, so
 * it is cached for a year and a new build gets a new URL.
 */
import type { FastifyInstance } from 'fastify';
import type { IslandsBundle } from '../hydrate/bundle-islands.ts';

export function islandsUrl(bundle: IslandsBundle): string {
  return `/islands.js?v=${bundle.hash}`;
}

export async function islandsRoute(app: FastifyInstance, options: { bundle: IslandsBundle }): Promise<void> {
  const { bundle } = options;
  const etag = `"${bundle.hash}"`;
  app.get('/islands.js', async (request, reply) => {
    const versioned = new URL(request.url, 'http://localhost').searchParams.get('v') === bundle.hash;
    reply
      .type('text/javascript; charset=utf-8')
      .header('etag', etag)
      .header('cache-control', versioned ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.send(Buffer.from(bundle.code));
  });
}
