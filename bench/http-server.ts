/**
 * The server bench/http.ts measures: the site on the embedded database with
 * the demo content, plus a route answering a fixed 20 KB string through the
 * same Fastify instance (the ceiling a page could reach). Prints its port.
 */
import { randomBytes } from 'node:crypto';
import { migrateToLatest } from '../api/db/migrate.ts';
import { openDatabase } from '../api/db/open-database.ts';
import { seedDemoSite } from '../api/seed/seed-demo-site.ts';
import { buildApp } from '../renderer/app.ts';

const STATIC_BODY = 'x'.repeat(20 * 1024);

const handle = await openDatabase({ dataDir: null });
await migrateToLatest(handle.db);
await seedDemoSite(handle.db);
const app = await buildApp({
  db: handle.db,
  secret: randomBytes(32).toString('hex'),
  contentChanges: handle.contentChanges,
  templateDir: undefined,
  templatesRoot: new URL('../templates', import.meta.url).pathname,
  development: false,
});
app.get('/__bench/static-20kb', async (_request, reply) => reply.type('text/html; charset=utf-8').send(STATIC_BODY));
await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${JSON.stringify({ port: (app.server.address() as { port: number }).port })}\n`);
process.on('SIGTERM', () =>
  app
    .close()
    .then(() => handle.close())
    .then(() => process.exit(0)),
);
