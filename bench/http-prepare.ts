/**
 * Fills bench/http.ts's database in a process of its own, as the first
 * `npm start` does before serving: migrated, the demo site loaded, and a
 * visitor's cart holding three different products (one of each), made as the
 * cart API would. The server then opens the database as a restart finds it,
 * without the memory that creating a cluster and seeding leave behind.
 * Takes the database config as JSON in its argument; prints the cart's id.
 */

import { migrateToLatest } from '../api/db/migrate.ts';
import { type DatabaseConfig, openDatabase } from '../api/db/open-database.ts';
import { seedDemoSite } from '../api/seed/seed-demo-site.ts';
import { makeBenchCart } from './bench-cart.ts';

const config = JSON.parse(process.argv[2]!) as DatabaseConfig;
const { db, close } = await openDatabase({ ...config, listenForChanges: false });
try {
  await migrateToLatest(db);
  await seedDemoSite(db);
  const cartId = await makeBenchCart(db);
  process.stdout.write(`${JSON.stringify({ cartId })}\n`);
} finally {
  await close();
}
