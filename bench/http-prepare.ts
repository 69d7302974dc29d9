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
import { addEntry, createCart } from '../api/repositories/cart-repository.ts';
import { DEMO_WEBSITE_ID, seedDemoSite } from '../api/seed/seed-demo-site.ts';

const config = JSON.parse(process.argv[2]!) as DatabaseConfig;
const { db, close } = await openDatabase({ ...config, listenForChanges: false });
try {
  await migrateToLatest(db);
  await seedDemoSite(db);
  const variants = await db
    .selectFrom('productVariants')
    .select(['itemId', 'id'])
    .where('websiteId', '=', DEMO_WEBSITE_ID)
    .where((eb) => eb.or([eb('unlimited', '=', true), eb('qtyInStock', '>', 5)]))
    .orderBy('itemId')
    .orderBy('displayIndex')
    .execute();
  const firstOfEach = [...new Map(variants.map((v) => [v.itemId, v])).values()].slice(0, 3);
  const cart = await createCart(db, DEMO_WEBSITE_ID, { currency: 'USD' });
  for (const variant of firstOfEach) {
    const added = await addEntry(db, DEMO_WEBSITE_ID, cart.id, {
      itemId: variant.itemId,
      variantId: variant.id,
      quantity: 1,
    });
    if (!added.ok) throw new Error(`the bench cart could not take ${variant.id}: ${added.reason}`);
  }
  process.stdout.write(`${JSON.stringify({ cartId: cart.id })}\n`);
} finally {
  await close();
}
