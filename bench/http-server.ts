/**
 * The server bench/http.ts measures: the site with the demo content, plus a
 * route answering a fixed 20 KB string through the same Fastify instance (the
 * ceiling a page could reach), and a route answering the process's resident
 * memory. Opens the database bench/http-prepare.ts filled (its config is the
 * JSON argument), as `npm start` opens an existing one. Prints one JSON line:
 * the port, and a crumb this server signed (a shopper's browser holds it
 * beside the cart cookie).
 */
import { randomBytes } from 'node:crypto';
import { type DatabaseConfig, openDatabase } from '../api/db/open-database.ts';
import { signCrumb } from '../api/http/crumb.ts';
import { buildApp } from '../renderer/app.ts';
import { BENCH_LIMITS } from './bench-limits.ts';

const STATIC_BODY = 'x'.repeat(20 * 1024);

const handle = await openDatabase(JSON.parse(process.argv[2]!) as DatabaseConfig);

const secret = randomBytes(32).toString('hex');
// A shopper's browser holds the crumb the first page set, beside the cart cookie.
const crumb = signCrumb(secret, randomBytes(16).toString('hex'));
const app = await buildApp({
  db: handle.db,
  secret,
  contentClock: handle.contentClock,
  templateDir: undefined,
  templatesRoot: new URL('../templates', import.meta.url).pathname,
  development: false,
  limits: BENCH_LIMITS,
});
app.get('/__bench/static-20kb', async (_request, reply) => reply.type('text/html; charset=utf-8').send(STATIC_BODY));
// After a full collection when the server runs with --expose-gc: what is live, not what awaits collection.
app.get('/__bench/memory', async () => {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage();
});
app.get('/__bench/cpu', async () => process.cpuUsage());
await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(
  `${JSON.stringify({ port: (app.server.address() as { port: number }).port, crumb, database: handle.kind })}\n`,
);
process.on('SIGTERM', () =>
  app
    .close()
    .then(handle.close)
    .then(() => process.exit(0)),
);
