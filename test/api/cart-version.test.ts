/** A cart's version (migration 0014) moves with every change to it or its entries, and with nothing else. */
import t from 'tap';
import {
  addEntry,
  cartVersion,
  createCart,
  removeEntry,
  updateEntryQuantity,
} from '../../api/repositories/cart-repository.ts';
import { buildCollection, buildProduct, buildWebsite } from './helpers/build-site.ts';
import { openTestDatabase } from './helpers/test-database.ts';

const { db } = await openTestDatabase(t);

t.test("every change to a cart or its entries moves its version; another cart's do not", async (t) => {
  const { websiteId } = await buildWebsite(db);
  const shop = await buildCollection(db, websiteId, { urlId: 'shop', type: 13, typeName: 'products' });
  const { item, variants } = await buildProduct(db, websiteId, shop.id, { variants: [{ sku: 'A', qtyInStock: 50 }] });
  const line = { itemId: item.id, variantId: variants[0]!.id };
  const cart = await createCart(db, websiteId, { currency: 'USD' });
  const other = await createCart(db, websiteId, { currency: 'USD' });
  const seen = [await cartVersion(db, websiteId, cart.id)];
  const moved = async (what: string) => {
    const version = await cartVersion(db, websiteId, cart.id);
    t.notOk(seen.includes(version), `${what} moves the version (${seen.at(-1)} -> ${version})`);
    seen.push(version);
  };

  const added = await addEntry(db, websiteId, cart.id, { ...line, quantity: 1 });
  if (!added.ok) throw new Error(added.reason);
  await moved('an added entry');
  const { entryId } = added;
  await updateEntryQuantity(db, websiteId, cart.id, entryId, 3);
  await moved('a new quantity');
  await db.updateTable('carts').set({ currency: 'EUR' }).where('id', '=', cart.id).execute();
  await moved("a change to the cart's row");
  const otherVersion = await cartVersion(db, websiteId, other.id);
  await addEntry(db, websiteId, other.id, { ...line, quantity: 1 });
  t.equal(await cartVersion(db, websiteId, cart.id), seen.at(-1), "another cart's change leaves it");
  t.not(await cartVersion(db, websiteId, other.id), otherVersion);
  await removeEntry(db, websiteId, cart.id, entryId);
  await moved('a removed entry');
  t.equal(await cartVersion(db, websiteId, 'aaaaaaaaaaaaaaaaaaaaaaaa'), undefined, 'no such cart');
});
