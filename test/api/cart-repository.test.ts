import t from 'tap';
import {
  addEntry,
  createCart,
  findOpenCartForSiteUser,
  getCart,
  removeEntry,
  updateEntryAdditionalFields,
  updateEntryQuantity,
} from '../../api/repositories/cart-repository.ts';
import { createSiteUser } from '../../api/repositories/site-user-repository.ts';
import { buildCollection, buildImage, buildProduct, buildWebsite } from './helpers/build-site.ts';
import { openTestDatabase } from './helpers/test-database.ts';

const { db } = await openTestDatabase(t);

async function store() {
  const { websiteId } = await buildWebsite(db);
  const shop = await buildCollection(db, websiteId, { urlId: 'shop', type: 13, typeName: 'products' });
  return { websiteId, shop };
}

t.test('a new cart is empty with zero totals', async (t) => {
  const { websiteId } = await store();
  const before = Date.now();
  const cart = await createCart(db, websiteId, { currency: 'USD' });
  t.equal(cart.websiteId, websiteId);
  t.equal(typeof cart.created, 'number');
  t.ok(cart.created >= before - 5_000 && cart.created <= Date.now() + 5_000, 'created is ms since the epoch');
  t.same(cart.entries, []);
  t.equal(cart.isPurchased, false);
  t.equal(cart.orderId, null);
  t.equal(cart.subtotalCents, '0');
  t.equal(cart.grandTotalCents, '0');
  t.equal(cart.totalQuantity, 0);
  t.equal(cart.purelyDigital, false, 'an empty cart is not purely digital');
  t.same(await getCart(db, websiteId, cart.id), cart);
  t.equal(await getCart(db, websiteId, 'missing'), undefined);
});

t.test('adding the same variant with equal fields merges into one entry', async (t) => {
  const { websiteId, shop } = await store();
  const { item, variants } = await buildProduct(db, websiteId, shop.id, {
    variants: [{ sku: 'CAP-RED', attributes: { Color: 'Red' } }, { sku: 'CAP-BLUE' }],
  });
  const cart = await createCart(db, websiteId, { currency: 'USD' });
  const red = { itemId: item.id, variantId: variants[0].id };
  const blue = variants[1];
  if (!blue) throw new Error('buildProduct made one variant, not two');

  const first = await addEntry(db, websiteId, cart.id, { ...red, quantity: 1, additionalFields: { a: 1, b: 'x' } });
  t.match(first, { ok: true, merged: false });
  const again = await addEntry(db, websiteId, cart.id, { ...red, quantity: 2, additionalFields: { b: 'x', a: 1 } });
  t.match(again, { ok: true, merged: true }, 'key order does not matter');
  t.equal(first.ok && again.ok && first.entryId === again.entryId, true);

  await addEntry(db, websiteId, cart.id, { ...red, quantity: 1, additionalFields: { a: 2, b: 'x' } });
  await addEntry(db, websiteId, cart.id, { ...red, quantity: 1 });
  const empty = await addEntry(db, websiteId, cart.id, { ...red, quantity: 1, additionalFields: {} });
  t.match(empty, { ok: true, merged: true }, 'an empty form is the same as no form');
  await addEntry(db, websiteId, cart.id, { itemId: item.id, variantId: blue.id, quantity: 4 });

  const loaded = await getCart(db, websiteId, cart.id);
  t.same(
    loaded?.entries.map((entry) => [entry.chosenVariant.sku, entry.quantity, entry.additionalFields]),
    [
      ['CAP-RED', 3, { a: 1, b: 'x' }],
      ['CAP-RED', 1, { a: 2, b: 'x' }],
      ['CAP-RED', 2, null],
      ['CAP-BLUE', 4, null],
    ],
  );
  t.same(loaded?.entries[0]?.chosenVariant, {
    sku: 'CAP-RED',
    attributes: { Color: 'Red' },
    optionValues: [{ optionName: 'Color', value: 'Red' }],
  });
  t.equal(loaded?.totalQuantity, 10);
});

t.test('quantity is capped at 9999 per entry', async (t) => {
  const { websiteId, shop } = await store();
  const { item, variants } = await buildProduct(db, websiteId, shop.id);
  const cart = await createCart(db, websiteId, { currency: 'USD' });
  const entry = { itemId: item.id, variantId: variants[0].id };
  const added = await addEntry(db, websiteId, cart.id, { ...entry, quantity: 9000 });
  t.same(await addEntry(db, websiteId, cart.id, { ...entry, quantity: 1000 }), { ok: false, reason: 'quantity-limit' });
  t.match(await addEntry(db, websiteId, cart.id, { ...entry, quantity: 999 }), { ok: true, merged: true });
  t.equal((await getCart(db, websiteId, cart.id))?.entries[0]?.quantity, 9999);
  await t.rejects(addEntry(db, websiteId, cart.id, { ...entry, quantity: 10000 }), RangeError);
  await t.rejects(addEntry(db, websiteId, cart.id, { ...entry, quantity: 0 }), RangeError);
  await t.rejects(addEntry(db, websiteId, cart.id, { ...entry, quantity: 2.5 }), RangeError);
  if (added.ok) {
    await t.rejects(updateEntryQuantity(db, websiteId, cart.id, added.entryId, 10000), RangeError);
  }
});

t.test('addEntry refuses unknown carts, purchased carts and mismatched variants', async (t) => {
  const { websiteId, shop } = await store();
  const mug = await buildProduct(db, websiteId, shop.id);
  const tee = await buildProduct(db, websiteId, shop.id);
  const cart = await createCart(db, websiteId, { currency: 'USD' });
  t.same(
    await addEntry(db, websiteId, cart.id, { itemId: mug.item.id, variantId: tee.variants[0].id, quantity: 1 }),
    { ok: false, reason: 'variant-not-found' },
    'the variant must belong to the item',
  );
  t.same(await addEntry(db, websiteId, cart.id, { itemId: mug.item.id, variantId: 'missing', quantity: 1 }), {
    ok: false,
    reason: 'variant-not-found',
  });
  t.same(
    await addEntry(db, websiteId, 'missing', { itemId: mug.item.id, variantId: mug.variants[0].id, quantity: 1 }),
    { ok: false, reason: 'cart-not-found' },
  );
  await db.updateTable('carts').set({ isPurchased: true }).where('id', '=', cart.id).execute();
  t.same(await addEntry(db, websiteId, cart.id, { itemId: mug.item.id, variantId: mug.variants[0].id, quantity: 1 }), {
    ok: false,
    reason: 'cart-purchased',
  });
});

t.test('totals use sale prices and exact minor units', async (t) => {
  const { websiteId, shop } = await store();
  const image = await buildImage(db, websiteId, { altText: 'A lamp' });
  const lamp = await buildProduct(db, websiteId, shop.id, {
    urlId: 'lamp',
    title: 'Lamp',
    mainImageId: image.id,
    variants: [{ priceMinor: 2500, salePriceMinor: 1999, onSale: true }],
  });
  const chair = await buildProduct(db, websiteId, shop.id, {
    variants: [{ priceMinor: 12000, salePriceMinor: 9000, onSale: false }],
  });
  const ebook = await buildProduct(db, websiteId, shop.id, {
    productType: 2,
    priceMinor: 1500,
    salePriceMinor: 1000,
    onSale: true,
    variants: [{ priceMinor: 99999, unlimited: true }],
  });
  const cart = await createCart(db, websiteId, { currency: 'USD' });
  for (const [product, quantity] of [
    [lamp, 3],
    [chair, 1],
    [ebook, 2],
  ] as const) {
    await addEntry(db, websiteId, cart.id, { itemId: product.item.id, variantId: product.variants[0].id, quantity });
  }
  const loaded = (await getCart(db, websiteId, cart.id))!;
  const [lampEntry, chairEntry, ebookEntry] = loaded.entries;
  t.match(lampEntry, {
    unitPriceCents: '1999',
    regularUnitPriceCents: '2500',
    onSale: true,
    lineTotalCents: '5997',
    productName: 'Lamp',
    productType: 1,
    fullUrl: '/shop/lamp',
  });
  t.same(lampEntry?.image, { id: image.id, assetUrl: image.assetUrl, altText: 'A lamp', width: 1200, height: 800 });
  t.match(chairEntry, { unitPriceCents: '12000', onSale: false, lineTotalCents: '12000', image: null });
  t.match(ebookEntry, { unitPriceCents: '1000', regularUnitPriceCents: '1500', onSale: true, productType: 2 });
  t.equal(loaded.subtotalCents, '19997', '5997 + 12000 + 2000');
  t.equal(loaded.grandTotalCents, '19997');
  t.equal(loaded.taxCents, '0');
  t.equal(loaded.totalQuantity, 6);
  t.equal(loaded.hasDigital, true);
  t.equal(loaded.purelyDigital, false);
  t.equal(loaded.requiresShipping, true);
});

t.test('zero-decimal currencies and amounts beyond 2^53 add up exactly', async (t) => {
  const { websiteId, shop } = await store();
  const tea = await buildProduct(db, websiteId, shop.id, { variants: [{ priceMinor: 1500, currency: 'JPY' }] });
  const cart = await createCart(db, websiteId, { currency: 'JPY' });
  await addEntry(db, websiteId, cart.id, { itemId: tea.item.id, variantId: tea.variants[0].id, quantity: 3 });
  const loaded = (await getCart(db, websiteId, cart.id))!;
  t.equal(loaded.currency, 'JPY');
  t.equal(loaded.entries[0]?.currency, 'JPY');
  t.equal(loaded.subtotalCents, '4500', '¥1,500 × 3, no hidden /100');

  const gold = await buildProduct(db, websiteId, shop.id, { variants: [{ priceMinor: '900719925474099312' }] });
  const big = await createCart(db, websiteId, { currency: 'USD' });
  await addEntry(db, websiteId, big.id, { itemId: gold.item.id, variantId: gold.variants[0].id, quantity: 3 });
  t.equal((await getCart(db, websiteId, big.id))?.grandTotalCents, '2702159776422297936');
});

t.test('a cart of only digital goods is purely digital and ships nothing', async (t) => {
  const { websiteId, shop } = await store();
  const ebook = await buildProduct(db, websiteId, shop.id, { productType: 2, priceMinor: 500 });
  const giftCard = await buildProduct(db, websiteId, shop.id, { productType: 4 });
  const cart = await createCart(db, websiteId, { currency: 'USD' });
  await addEntry(db, websiteId, cart.id, { itemId: ebook.item.id, variantId: ebook.variants[0].id, quantity: 1 });
  await addEntry(db, websiteId, cart.id, { itemId: giftCard.item.id, variantId: giftCard.variants[0].id, quantity: 1 });
  const loaded = (await getCart(db, websiteId, cart.id))!;
  t.equal(loaded.purelyDigital, true);
  t.equal(loaded.requiresShipping, false);
  t.equal(loaded.subtotalCents, '1500', 'ebook 500 from the product row, gift card 1000 from its variant');
});

t.test('update and remove entries', async (t) => {
  const { websiteId, shop } = await store();
  const { item, variants } = await buildProduct(db, websiteId, shop.id);
  const cart = await createCart(db, websiteId, { currency: 'USD' });
  const other = await createCart(db, websiteId, { currency: 'USD' });
  const added = await addEntry(db, websiteId, cart.id, { itemId: item.id, variantId: variants[0].id, quantity: 1 });
  if (!added.ok) throw new Error('add failed');

  t.same(await updateEntryQuantity(db, websiteId, cart.id, added.entryId, 7), { ok: true, entryId: added.entryId });
  t.equal((await getCart(db, websiteId, cart.id))?.entries[0]?.quantity, 7);
  t.same(await updateEntryAdditionalFields(db, websiteId, cart.id, added.entryId, { engraving: 'Hi' }), {
    ok: true,
    entryId: added.entryId,
  });
  t.same((await getCart(db, websiteId, cart.id))?.entries[0]?.additionalFields, { engraving: 'Hi' });
  t.same(
    await updateEntryQuantity(db, websiteId, other.id, added.entryId, 2),
    { ok: false, reason: 'entry-not-found' },
    'an entry is only reachable through its own cart',
  );
  t.same(await removeEntry(db, websiteId, other.id, added.entryId), { ok: false, reason: 'entry-not-found' });
  t.same(await updateEntryQuantity(db, websiteId, cart.id, 'missing', 2), { ok: false, reason: 'entry-not-found' });
  t.same(await removeEntry(db, websiteId, cart.id, added.entryId), { ok: true, entryId: added.entryId });
  t.same((await getCart(db, websiteId, cart.id))?.entries, []);
  t.same(await removeEntry(db, websiteId, cart.id, added.entryId), { ok: false, reason: 'entry-not-found' });
  t.same(await removeEntry(db, websiteId, 'missing', added.entryId), { ok: false, reason: 'cart-not-found' });
});

t.test('a signed-in user finds their open cart', async (t) => {
  const { websiteId } = await store();
  const created = await createSiteUser(db, websiteId, { email: 'cart@example.test', password: 'correct horse' });
  if (!created.ok) throw new Error('user not created');
  t.equal(await findOpenCartForSiteUser(db, websiteId, created.user.id), undefined);
  const cart = await createCart(db, websiteId, { currency: 'USD', siteUserId: created.user.id });
  t.equal(cart.siteUserId, created.user.id);
  t.equal((await findOpenCartForSiteUser(db, websiteId, created.user.id))?.id, cart.id);
  await db.updateTable('carts').set({ isPurchased: true }).where('id', '=', cart.id).execute();
  t.equal(await findOpenCartForSiteUser(db, websiteId, created.user.id), undefined, 'a purchased cart is not open');
});

t.test('deleting a site user keeps their carts, detached', async (t) => {
  const { websiteId } = await store();
  const created = await createSiteUser(db, websiteId, { email: 'gone@example.test', password: 'pw' });
  if (!created.ok) throw new Error('user not created');
  const cart = await createCart(db, websiteId, { currency: 'USD', siteUserId: created.user.id });
  await db.deleteFrom('siteUsers').where('websiteId', '=', websiteId).where('id', '=', created.user.id).execute();
  const kept = await getCart(db, websiteId, cart.id);
  t.equal(kept?.websiteId, websiteId);
  t.equal(kept?.siteUserId, null);
});
