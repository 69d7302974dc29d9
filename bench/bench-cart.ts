import type { Kysely } from 'kysely';
import type { Database } from '../api/db/schema.ts';
import { addEntry, createCart } from '../api/repositories/cart-repository.ts';
import { DEMO_WEBSITE_ID, demoSiteRows } from '../api/seed/seed-demo-site.ts';

/**
 * A visitor's cart holding three different demo products (one of each), made
 * as the cart API would: the same three on the demo site and on any site the
 * benchmarks grow from it.
 */
export async function makeBenchCart(db: Kysely<Database>): Promise<string> {
  const demoProducts = demoSiteRows().products.map((product) => product.itemId);
  const variants = await db
    .selectFrom('productVariants')
    .select(['itemId', 'id'])
    .where('websiteId', '=', DEMO_WEBSITE_ID)
    .where('itemId', 'in', demoProducts)
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
  return cart.id;
}
