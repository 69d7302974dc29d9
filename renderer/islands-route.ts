/**
 * The islands bundle under /islands/, built in memory when the server starts
 * (no separate build step for `npm start`). Every file name carries its
 * content hash, so files are cached for a year and a new build has new names.
 */
import type { FastifyInstance } from 'fastify';
import type { IslandsBundle } from '../hydrate/bundle-islands.ts';

export function islandsUrl(bundle: IslandsBundle): string {
  return `/islands/${bundle.entry}`;
}

export async function islandsRoute(app: FastifyInstance, options: { bundle: IslandsBundle }): Promise<void> {
  const { files } = options.bundle;
  app.get('/islands/:file', async (request, reply) => {
    const { file } = request.params as { file: string };
    const code = files.get(file);
    if (!code) return reply.callNotFound();
    const etag = `"${file}"`;
    reply
      .type('text/javascript; charset=utf-8')
      .header('etag', etag)
      .header('cache-control', 'public, max-age=31536000, immutable');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.send(Buffer.from(code));
  });
}
