/**
 * The server bench/http.ts measures: the site with the demo content, plus a
 * route answering a fixed 20 KB string through the same Fastify instance (the
 * ceiling a page could reach), and a route answering the process's resident
 * memory. On the embedded database by default; with DATABASE_URL, on a fresh
 * database it creates on that server, migrates, seeds and drops on exit.
 * Prints one JSON line: the port, the id of a cart holding three products and
 * a crumb this server signed (a shopper's browser holds both cookies).
 */
import { randomBytes } from 'node:crypto';
import { migrateToLatest } from '../api/db/migrate.ts';
import { signCrumb } from '../api/http/crumb.ts';
import { addEntry, createCart } from '../api/repositories/cart-repository.ts';
import { DEMO_WEBSITE_ID, seedDemoSite } from '../api/seed/seed-demo-site.ts';
import { buildApp } from '../renderer/app.ts';
import { openBenchDatabase } from './bench-database.ts';
import { BENCH_LIMITS } from './bench-limits.ts';

const STATIC_BODY = 'x'.repeat(20 * 1024);

// On disk, as `npm start` keeps an embedded database: in memory its files would count in the server's memory.
const { handle, drop: dropDatabase } = await openBenchDatabase('bench_http', { onDisk: true });
await migrateToLatest(handle.db);
await seedDemoSite(handle.db);

// A visitor's cart holding three different products (one of each), made as the cart API would.
const variants = await handle.db
  .selectFrom('productVariants')
  .select(['itemId', 'id'])
  .where('websiteId', '=', DEMO_WEBSITE_ID)
  .where((eb) => eb.or([eb('unlimited', '=', true), eb('qtyInStock', '>', 5)]))
  .orderBy('itemId')
  .orderBy('displayIndex')
  .execute();
const firstOfEach = [...new Map(variants.map((v) => [v.itemId, v])).values()].slice(0, 3);
const cart = await createCart(handle.db, DEMO_WEBSITE_ID, { currency: 'USD' });
for (const variant of firstOfEach) {
  const added = await addEntry(handle.db, DEMO_WEBSITE_ID, cart.id, {
    itemId: variant.itemId,
    variantId: variant.id,
    quantity: 1,
  });
  if (!added.ok) throw new Error(`the bench cart could not take ${variant.id}: ${added.reason}`);
}

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
  `${JSON.stringify({ port: (app.server.address() as { port: number }).port, cartId: cart.id, crumb, database: handle.kind })}\n`,
);
process.on('SIGTERM', () =>
  app
    .close()
    .then(dropDatabase)
    .then(() => process.exit(0)),
);
