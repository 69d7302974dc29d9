import { sql } from 'kysely';
import t, { type Test } from 'tap';
import { json } from '../../api/db/json.ts';
import { createApiKey, findApiKey, listApiKeys } from '../../api/repositories/api-key-repository.ts';
import { addEntry, createCart, getCart } from '../../api/repositories/cart-repository.ts';
import { getCollection, listCollections } from '../../api/repositories/collection-repository.ts';
import { getPreferences, putPreferences } from '../../api/repositories/commerce-preferences-repository.ts';
import { getForm, getForms, listForms } from '../../api/repositories/form-repository.ts';
import { findItemByUrlId, getImages, listItems } from '../../api/repositories/item-repository.ts';
import { getOrder, placeOrder } from '../../api/repositories/order-repository.ts';
import { getProduct, getProductsForItems, getVariant } from '../../api/repositories/product-repository.ts';
import { findRestockVariant, listSignUpGroups, signUp } from '../../api/repositories/restock-repository.ts';
import { findWebsiteByHost, getWebsite } from '../../api/repositories/website-repository.ts';
import { buildCollection, buildImage, buildItem, buildSite, buildWebsite } from './helpers/build-site.ts';
import { openTestDatabase } from './helpers/test-database.ts';

/*
 * Each test stores JSON the column's type does not allow, with plain SQL as
 * an older version, a hand edit or another tool would, and shows that the
 * repository read stops with an error naming the column and the bad path
 * rather than handing the value on.
 */
const { db } = await openTestDatabase(t);

/** Overwrites one JSONB column of the rows `where` matches, bypassing the repositories. */
async function corrupt(table: string, column: string, where: Record<string, string>, jsonText: string) {
  const matches = Object.entries(where).map(([name, value]) => sql`${sql.ref(name)} = ${value}`);
  const set = sql`${sql.ref(column)} = cast(${jsonText} as jsonb)`;
  await sql`update ${sql.table(table)} set ${set} where ${sql.join(matches, sql` and `)}`.execute(db);
}

function rejectsNaming(t: Test, read: Promise<unknown>, where: string, detail: RegExp) {
  return t.rejects(read, { name: 'StoredJsonError', where, message: detail }, `${where}: ${detail}`);
}

t.test('website_settings.store_settings', async (t) => {
  const { websiteId, host } = await buildWebsite(db);
  await corrupt('website_settings', 'store_settings', { website_id: websiteId }, '{"storeTitle": 7, "extra": 1}');
  await rejectsNaming(t, getWebsite(db, websiteId), 'website_settings.store_settings', /storeTitle: .*expected string/);
  await rejectsNaming(t, findWebsiteByHost(db, host), 'website_settings.store_settings', /storeTitle/);
});

t.test('collections.blocks: a known block type with the wrong shape', async (t) => {
  const { websiteId } = await buildWebsite(db);
  const page = await buildCollection(db, websiteId, { type: 10, typeName: 'page' });
  await corrupt('collections', 'blocks', { id: page.id }, '[{"type": 2, "html": "<p>Hi</p>"}, {"type": 9}]');
  await rejectsNaming(t, getCollection(db, websiteId, page.id), 'collections.blocks', /\[1\]\.formId: /);
  await rejectsNaming(t, listCollections(db, websiteId), 'collections.blocks', /\[1\]\.formId: /);

  // A type this code does not know is the renderer's to leave out and report.
  await corrupt('collections', 'blocks', { id: page.id }, '[{"type": 999, "video": "v1"}]');
  t.same((await getCollection(db, websiteId, page.id))?.blocks, [{ type: 999, video: 'v1' }]);
});

t.test('items.location and items.tags', async (t) => {
  const { websiteId } = await buildWebsite(db);
  const events = await buildCollection(db, websiteId, { typeName: 'events' });
  const item = await buildItem(db, websiteId, events.id, { urlId: 'fair' });
  await corrupt('items', 'location', { id: item.id }, '{"addressTitle": "Hall", "mapLat": "north"}');
  await rejectsNaming(t, findItemByUrlId(db, websiteId, events.id, 'fair'), 'items.location', /mapLat: /);
  await rejectsNaming(t, listItems(db, websiteId, events.id), 'items.location', /mapLat: /);

  await corrupt('items', 'location', { id: item.id }, 'null');
  await corrupt('items', 'tags', { id: item.id }, '"summer"');
  await rejectsNaming(t, listItems(db, websiteId, events.id), 'items.tags', /expected array/);
});

t.test('images.color_data', async (t) => {
  const { websiteId } = await buildWebsite(db);
  const image = await buildImage(db, websiteId);
  await corrupt('images', 'color_data', { id: image.id }, '{"dominant": 255}');
  await rejectsNaming(t, getImages(db, websiteId, [image.id]), 'images.color_data', /dominant: /);
});

t.test('product_variants.attributes and products.subscription_plan', async (t) => {
  const site = await buildSite(db);
  const { websiteId, product, variant } = site;
  await corrupt('product_variants', 'attributes', { id: variant.id }, '{"Size": 3}');
  await rejectsNaming(t, getProduct(db, websiteId, product.item.id), 'product_variants.attributes', /Size: /);
  await rejectsNaming(t, getVariant(db, websiteId, variant.id), 'product_variants.attributes', /Size: /);
  await rejectsNaming(
    t,
    findRestockVariant(db, websiteId, product.item.id, variant.id),
    'product_variants.attributes',
    /Size: /,
  );
  await db.updateTable('productVariants').set({ qtyInStock: 0 }).where('id', '=', variant.id).execute();
  await db
    .insertInto('restockSignups')
    .values({ websiteId, id: 'r1', itemId: product.item.id, variantId: variant.id, email: 'a@example.test' })
    .execute();
  await rejectsNaming(t, listSignUpGroups(db, websiteId), 'product_variants.attributes', /Size: /);

  await corrupt('product_variants', 'attributes', { id: variant.id }, '{"Size": "L"}');
  await corrupt(
    'products',
    'subscription_plan',
    { item_id: product.item.id },
    '{"billingPeriod": {"value": 1, "unit": "DAY"}, "numBillingCycles": 0}',
  );
  await rejectsNaming(
    t,
    getProductsForItems(db, websiteId, [product.item.id]),
    'products.subscription_plan',
    /billingPeriod\.unit: /,
  );
  t.ok(
    (await signUp(db, websiteId, { productId: product.item.id, variantId: variant.id, email: 'b@example.test' })).ok,
  );
});

t.test('carts.coupons and cart_entries.additional_fields', async (t) => {
  const { websiteId, product, variant } = await buildSite(db);
  const cart = await createCart(db, websiteId, { currency: 'USD' });
  await addEntry(db, websiteId, cart.id, { itemId: product.item.id, variantId: variant.id, quantity: 1 });
  await corrupt('cart_entries', 'additional_fields', { cart_id: cart.id }, '"gift wrap"');
  await rejectsNaming(t, getCart(db, websiteId, cart.id), 'cart_entries.additional_fields', /expected record/);
  await rejectsNaming(
    t,
    placeOrder(db, websiteId, cart.id, { customerEmail: null, testMode: true }),
    'cart_entries.additional_fields',
    /expected record/,
  );

  await corrupt('cart_entries', 'additional_fields', { cart_id: cart.id }, 'null');
  await corrupt('carts', 'coupons', { id: cart.id }, '[{"code": "SPRING"}]');
  await rejectsNaming(t, getCart(db, websiteId, cart.id), 'carts.coupons', /\[0\]: .*expected string/);
});

t.test('order_lines.option_values', async (t) => {
  const { websiteId, product, variant } = await buildSite(db);
  const cart = await createCart(db, websiteId, { currency: 'USD' });
  await addEntry(db, websiteId, cart.id, { itemId: product.item.id, variantId: variant.id, quantity: 1 });
  const placed = await placeOrder(db, websiteId, cart.id, { customerEmail: null, testMode: true });
  if (!placed.ok) throw new Error(`order refused: ${placed.reason}`);
  await corrupt('order_lines', 'option_values', { order_id: placed.order.id }, '[{"optionName": "Size"}]');
  await rejectsNaming(t, getOrder(db, websiteId, placed.order.id), 'order_lines.option_values', /\[0\]\.value: /);
});

t.test('forms.fields', async (t) => {
  const { websiteId } = await buildWebsite(db);
  await db
    .insertInto('forms')
    .values({ websiteId, id: 'contact', name: 'Contact', fields: json([{ id: 'e', type: 'email', title: 'Email' }]) })
    .execute();
  await corrupt('forms', 'fields', { website_id: websiteId, id: 'contact' }, '[{"id": "e", "type": "email"}]');
  await rejectsNaming(t, getForm(db, websiteId, 'contact'), 'forms.fields', /\[0\]\.title: /);
  await rejectsNaming(t, getForms(db, websiteId, ['contact']), 'forms.fields', /\[0\]\.title: /);
  await rejectsNaming(t, listForms(db, websiteId), 'forms.fields', /\[0\]\.title: /);
});

t.test('commerce_preferences.preferences and api_keys.permissions', async (t) => {
  const { websiteId } = await buildWebsite(db);
  await putPreferences(db, websiteId, 'checkout', { tipping: true });
  await corrupt('commerce_preferences', 'preferences', { website_id: websiteId }, '[1, 2]');
  await rejectsNaming(
    t,
    getPreferences(db, websiteId, 'checkout'),
    'commerce_preferences.preferences',
    /expected record, received array/,
  );

  const { key } = await createApiKey(db, websiteId, 'Sync', ['commerce.inventory:read']);
  await corrupt('api_keys', 'permissions', { website_id: websiteId }, '"all"');
  await rejectsNaming(t, listApiKeys(db, websiteId), 'api_keys.permissions', /expected array/);
  await rejectsNaming(t, findApiKey(db, websiteId, key), 'api_keys.permissions', /expected array/);
});
