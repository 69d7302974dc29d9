/**
 * The inventory panel's calls through inject(): search by name or SKU, sort
 * by name, stock or price, pages; stock changes with who and why, refused
 * below zero without a trace; the log; the scarcity settings, which the
 * product pages and the store's cards follow at once; an API key with the
 * inventory scopes; the panel's tracking events.
 */
import t from 'tap';
import { createApiKey } from '../../api/repositories/api-key-repository.ts';
import { contentVersion } from '../../api/repositories/content-version-repository.ts';
import { DEMO_WEBSITE_ID, demoId } from '../../api/seed/demo-ids.ts';
import { DEMO_OWNERS } from '../../api/seed/demo-owners.ts';
import { INVENTORY_PANEL_EVENTS } from '../../shared/inventory-panel.ts';
import { openDemoApp } from '../site/demo-app.ts';
import { HOST } from './api-helpers.ts';
import { OwnerClient } from './owner-helpers.ts';

const { app, handle } = await openDemoApp(t);
const db = handle.db;
const INVENTORY = '/api/owner/inventory';
const ADJUSTMENTS = `${INVENTORY}/adjustments`;
const variant = (sku: string) => demoId('variant', sku.toLowerCase());

const manager = new OwnerClient(app);
await manager.ownerSignIn(DEMO_OWNERS.storeManager.email, DEMO_OWNERS.storeManager.password);

// biome-ignore lint/suspicious/noExplicitAny: the answers are read field by field.
const inventory = async (query = ''): Promise<any> => (await manager.request('GET', `${INVENTORY}${query}`)).json();
const titles = (found: { products: { title: string }[] }) => found.products.map((p) => p.title);
const page = (path: string) => app.inject({ url: path, headers: { host: HOST } });

async function stockOf(sku: string): Promise<number> {
  const row = await db
    .selectFrom('productVariants')
    .select('qtyInStock')
    .where('websiteId', '=', DEMO_WEBSITE_ID)
    .where('sku', '=', sku)
    .executeTakeFirstOrThrow();
  return row.qtyInStock;
}

t.test('pages of products by name, with their variants', async (t) => {
  const first = await inventory('?pageSize=10');
  t.equal(first.total, 11);
  t.equal(first.products.length, 10);
  t.equal(first.hasNextPage, true);
  const second = await inventory('?pageSize=10&page=2');
  t.equal(second.products.length, 1);
  t.equal(second.hasNextPage, false);
  const all = [...titles(first), ...titles(second)];
  t.same(
    all,
    [...all].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())),
    'by name, no product on two pages',
  );
  t.equal(new Set(all).size, 11);
  t.same((await inventory('?page=3&pageSize=10')).products, [], 'past the end');
  t.equal((await inventory('?page=3&pageSize=10')).total, 11);
  const mug = first.products.find((p: { title: string }) => p.title === 'Stoneware Mug');
  t.match(mug, {
    totalStock: 23,
    unlimited: false,
    minPriceMinor: '3200',
    variants: [
      { sku: 'FW-MUG-OAT', attributes: { Color: 'Oat' }, qtyInStock: 14 },
      { sku: 'FW-MUG-SLATE', qtyInStock: 9 },
      { sku: 'FW-MUG-TERRA', qtyInStock: 0 },
    ],
  });
});

t.test('sorted by stock and by price, either way', async (t) => {
  const byStock = (await inventory('?sort=stock&pageSize=100')).products;
  const key = (p: { unlimited: boolean; totalStock: number }) =>
    p.unlimited ? Number.POSITIVE_INFINITY : p.totalStock;
  const stocks = byStock.map(key);
  t.same(
    stocks,
    [...stocks].sort((a, b) => a - b),
    'least stock first, unlimited last',
  );
  t.equal(byStock[0].title, 'Speckled Serving Bowl', 'the sold-out bowl first');
  const down = (await inventory('?sort=stock&direction=desc&pageSize=100')).products.map(key);
  t.same(
    down,
    [...down].sort((a, b) => b - a),
  );
  const byPrice = (await inventory('?sort=price&pageSize=100')).products.map((p: { minPriceMinor: string }) =>
    Number(p.minPriceMinor),
  );
  t.same(
    byPrice,
    [...byPrice].sort((a, b) => a - b),
  );
  const priceDown = (await inventory('?sort=price&direction=desc&pageSize=100')).products;
  t.equal(priceDown[0].title, 'Waffle Cotton Throw', 'the dearest first');
  t.equal((await manager.request('GET', `${INVENTORY}?sort=colour`)).statusCode, 400);
});

t.test('search by name or SKU, any case, its wildcards taken literally', async (t) => {
  t.same(titles(await inventory('?search=MUG')), ['Stoneware Mug']);
  t.same(titles(await inventory('?search=fw-board')), ['Walnut Serving Board'], 'a SKU');
  t.same(titles(await inventory('?search=walnut')), ['Walnut Coffee Scoop', 'Walnut Serving Board']);
  t.same(titles(await inventory('?search=%25')), [], '% is a character, not "anything"');
  t.same(titles(await inventory('?search=no%20such%20thing')), []);
  t.equal((await inventory('?search=walnut&sort=price')).total, 2);
});

t.test('a stock change is kept with who made it and why, and shows on the site', async (t) => {
  const terra = variant('FW-MUG-TERRA');
  t.match((await page('/shop/stoneware-mug')).body, /Terracotta/);
  const before = await contentVersion(db, DEMO_WEBSITE_ID);
  const added = await manager.request('POST', ADJUSTMENTS, {
    variantId: terra,
    quantityChange: 6,
    reason: 'Kiln batch 14 delivered',
  });
  t.equal(added.statusCode, 201, added.body);
  t.match(added.json().adjustment, {
    sku: 'FW-MUG-TERRA',
    productTitle: 'Stoneware Mug',
    quantityChange: 6,
    qtyAfter: 6,
    unlimitedAfter: false,
    reason: 'Kiln batch 14 delivered',
    actorKind: 'contributor',
    actorName: 'Sam Okafor',
  });
  t.not(await contentVersion(db, DEMO_WEBSITE_ID), before, 'pages are drawn again');
  const taken = await manager.request('POST', ADJUSTMENTS, { variantId: terra, quantityChange: -2, reason: 'Chipped' });
  t.equal(taken.json().adjustment.qtyAfter, 4);
  const log = (await manager.request('GET', `${ADJUSTMENTS}?variantId=${terra}`)).json().adjustments;
  t.same(
    log.map((a: { quantityChange: number; reason: string }) => [a.quantityChange, a.reason]),
    [
      [-2, 'Chipped'],
      [6, 'Kiln batch 14 delivered'],
    ],
    'newest first',
  );
  const json = await page('/shop/stoneware-mug?format=json');
  const terraJson = json.json().item.structuredContent.variants.find((v: { sku: string }) => v.sku === 'FW-MUG-TERRA');
  t.equal(terraJson.qtyInStock, 4, 'the product page has the new figure');
});

t.test('refused changes leave stock and log as they were', async (t) => {
  const slate = variant('FW-MUG-SLATE');
  const stock = await stockOf('FW-MUG-SLATE');
  const count = async () =>
    Number(
      (
        await db
          .selectFrom('inventoryAdjustments')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('websiteId', '=', DEMO_WEBSITE_ID)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const logged = await count();
  const below = await manager.request('POST', ADJUSTMENTS, { variantId: slate, quantityChange: -100, reason: 'Count' });
  t.equal(below.statusCode, 409);
  t.equal(below.json().error.code, 'stock-below-zero');
  const noReason = await manager.request('POST', ADJUSTMENTS, { variantId: slate, quantityChange: 1, reason: ' ' });
  t.same(noReason.json().error.fields, { reason: 'Please say why the stock changes.' });
  const nothing = await manager.request('POST', ADJUSTMENTS, { variantId: slate, quantityChange: 0, reason: 'x' });
  t.same(nothing.json().error.fields, { quantityChange: 'Enter how many units to add or take off.' });
  const fraction = await manager.request('POST', ADJUSTMENTS, { variantId: slate, quantityChange: 1.5, reason: 'x' });
  t.equal(fraction.statusCode, 400);
  const unknown = await manager.request('POST', ADJUSTMENTS, {
    variantId: '0'.repeat(24),
    quantityChange: 1,
    reason: 'x',
  });
  t.equal(unknown.statusCode, 404);
  t.equal(await stockOf('FW-MUG-SLATE'), stock);
  t.equal(await count(), logged, 'nothing logged');
});

t.test('unlimited, and limited again', async (t) => {
  const oat = variant('FW-MUG-OAT');
  const on = await manager.request('POST', ADJUSTMENTS, {
    variantId: oat,
    quantityChange: 0,
    unlimited: true,
    reason: 'Made to order now',
  });
  t.match(on.json().adjustment, { quantityChange: 0, unlimitedAfter: true, qtyAfter: 14 });
  const off = await manager.request('POST', ADJUSTMENTS, {
    variantId: oat,
    quantityChange: -4,
    unlimited: false,
    reason: 'Back to counted stock',
  });
  t.match(off.json().adjustment, { quantityChange: -4, unlimitedAfter: false, qtyAfter: 10 });
});

t.test('the scarcity settings: product pages, cards and the threshold', async (t) => {
  const settings = `${INVENTORY}/settings`;
  t.same((await manager.request('GET', settings)).json(), {
    scarcityOnProductPage: true,
    scarcityOnProductBlocks: false,
    scarcityThreshold: 5,
  });
  const candleCard = /product-card__title[\s\S]*?Cedar &amp; Smoke Candle[\s\S]*?<\/li>/;
  const card = () => page('/shop').then((r) => candleCard.exec(r.body)?.[0] ?? '');
  t.notMatch(await card(), 'left in stock', 'no message on the cards yet');
  t.match((await page('/shop/cedar-and-smoke-candle')).body, 'Only 3 left in stock');

  const saved = await manager.request('PUT', settings, {
    scarcityOnProductPage: true,
    scarcityOnProductBlocks: true,
    scarcityThreshold: 5,
  });
  t.equal(saved.statusCode, 200, saved.body);
  t.match(await card(), 'Only 3 left in stock', "the candle's card says so at once");

  await manager.request('PUT', settings, {
    scarcityOnProductPage: false,
    scarcityOnProductBlocks: true,
    scarcityThreshold: 2,
  });
  t.notMatch((await page('/shop/cedar-and-smoke-candle')).body, 'left in stock', 'off on product pages');
  t.notMatch(await card(), 'left in stock', '3 is above the threshold of 2');

  const refused = await manager.request('PUT', settings, {
    scarcityOnProductPage: true,
    scarcityOnProductBlocks: true,
    scarcityThreshold: 0,
  });
  t.same(refused.json().error.fields, { scarcityThreshold: 'The threshold is a whole number from 1 to 999.' });
  const stored = await db
    .selectFrom('websiteSettings')
    .select('storeSettings')
    .where('websiteId', '=', DEMO_WEBSITE_ID)
    .executeTakeFirstOrThrow();
  t.match(
    stored.storeSettings,
    {
      scarcityEnabled: false,
      scarcityBlocksEnabled: true,
      scarcityThreshold: 2,
      storeTitle: String,
      minimumSubtotalCents: '1000',
    },
    'the other store settings are kept',
  );
});

t.test('an API key with the inventory scopes', async (t) => {
  const { key } = await createApiKey(db, DEMO_WEBSITE_ID, 'Stock sync', ['inventory:read', 'inventory:write']);
  const call = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      headers: {
        host: HOST,
        authorization: `Bearer ${key}`,
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
    });
  t.equal((await call('GET', INVENTORY)).statusCode, 200);
  const changed = await call('POST', ADJUSTMENTS, {
    variantId: variant('FW-SCOOP'),
    quantityChange: 10,
    reason: 'Nightly sync',
  });
  t.equal(changed.statusCode, 201, changed.body);
  t.match(changed.json().adjustment, { actorKind: 'api-key', actorName: 'API key "Stock sync"', qtyAfter: 35 });
  t.equal((await call('GET', '/api/owner/products')).statusCode, 403, 'outside its scopes');
});

t.test("the panel's tracking events", async (t) => {
  for (const event of Object.values(INVENTORY_PANEL_EVENTS)) {
    const sent = await manager.request('POST', '/api/owner/panel-events', { event, data: { from: 'test' } });
    t.equal(sent.statusCode, 202, event);
  }
  const unknown = await manager.request('POST', '/api/owner/panel-events', { event: 'inventory_dance', data: {} });
  t.equal(unknown.statusCode, 400);
  // The writer stores events a second after they arrive; wait for them, a bounded while.
  let names: string[] = [];
  for (let tries = 0; tries < 100 && names.length < Object.keys(INVENTORY_PANEL_EVENTS).length; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const rows = await db
      .selectFrom('visitorEvents')
      .select('name')
      .where('websiteId', '=', DEMO_WEBSITE_ID)
      .where('kind', '=', 'panel')
      .execute();
    names = rows.map((row) => row.name);
  }
  t.same(names.sort(), Object.values(INVENTORY_PANEL_EVENTS).sort(), 'stored as panel events');
});
