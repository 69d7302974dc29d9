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
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { migrateToLatest } from '../api/db/migrate.ts';
import { type DatabaseHandle, openDatabase } from '../api/db/open-database.ts';
import { signCrumb } from '../api/http/crumb.ts';
import type { Limit, LimitName } from '../api/http/rate-limits.ts';
import { addEntry, createCart } from '../api/repositories/cart-repository.ts';
import { DEMO_WEBSITE_ID, seedDemoSite } from '../api/seed/seed-demo-site.ts';
import { buildApp } from '../renderer/app.ts';

const STATIC_BODY = 'x'.repeat(20 * 1024);

/** Runs statements on the server's maintenance database, with a connection of their own. */
async function onServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

const serverUrl = process.env.DATABASE_URL || undefined;
const benchDatabase = `bench_http_${process.pid}_${randomBytes(4).toString('hex')}`;
const dataFolder = await mkdtemp(path.join(tmpdir(), 'bench-http-'));
let handle: DatabaseHandle;
if (serverUrl) {
  await onServer(serverUrl, `create database ${benchDatabase}`);
  const url = new URL(serverUrl);
  url.pathname = `/${benchDatabase}`;
  // The drop on exit ends connections the pool may still be closing; that is expected here.
  handle = await openDatabase({ databaseUrl: url.toString(), onIdleConnectionError: () => {}, listenForChanges: true });
} else {
  // On disk, as `npm start` keeps it: in memory the database's files would count in the server's memory.
  handle = await openDatabase({ dataDir: dataFolder });
}
const dropDatabase = async () => {
  await handle.close();
  if (serverUrl) await onServer(serverUrl, `drop database if exists ${benchDatabase} with (force)`);
  else await rm(dataFolder, { recursive: true, force: true });
};

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

// One client address sends every request here: the per-address limits on
// page renders and searches (api/http/rate-limits.ts) would answer 429 after
// a few hundred, so the bench raises them far past what a run sends.
const UNLIMITED: Limit = { max: Number.MAX_SAFE_INTEGER, windowMs: 60_000 };
const limits: Partial<Record<LimitName, Limit>> = {
  'page-render': UNLIMITED,
  search: UNLIMITED,
  'api-write': UNLIMITED,
  'cart-write': UNLIMITED,
};

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
  limits,
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
