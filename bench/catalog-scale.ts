/**
 * `npm run bench:catalog`: does a big catalog make a shopper's pages slower?
 * Two sites are built in this run, each on a database of its own: the demo
 * site as seeded, and the demo site plus bulk products and posts, so that it
 * holds 10,000 products with 50,000 variants and 1,000 blog posts. Both serve
 * the same paths (the demo's own products and posts exist on both), and each
 * row is measured on the demo site and then on the catalog site, back to back,
 * so a change in the machine's load (others share it) hits both alike. Issue 17
 * asks each catalog row to stay within 2× the demo's.
 *
 * Every request carries a cart cookie and asks for an address of its own (a
 * `render` query parameter), so no kept page answers it: these are full
 * renders. What the route reads from the database is still kept per
 * content version (renderer/page-context/site-data-memo.ts), so the steady
 * rate shows what a page costs once its data is known; the "first" column is
 * one request made while that memo is empty, which is where a query that grows
 * with the catalog shows up.
 *
 * The servers run in this process (the load generator shares their CPU, the
 * same for both sites). On the embedded database by default; with
 * DATABASE_URL, each site gets a fresh database on that server, dropped at
 * the end. BENCH_SECONDS and BENCH_WARMUP_SECONDS change the durations.
 */
import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import autocannon from 'autocannon';
import type { FastifyInstance } from 'fastify';
import { type Insertable, type Kysely, sql } from 'kysely';
import { CART_COOKIE } from '../api/cookie-names.ts';
import { stableId } from '../api/db/ids.ts';
import { json } from '../api/db/json.ts';
import { migrateToLatest } from '../api/db/migrate.ts';
import type { Database, ItemImagesTable, ItemsTable, ProductsTable, ProductVariantsTable } from '../api/db/schema.ts';
import { compactContentChanges } from '../api/repositories/content-version-repository.ts';
import { collectionId, DEMO_WEBSITE_ID, demoId, imageId } from '../api/seed/demo-ids.ts';
import { DEMO_SITE } from '../api/seed/demo-site.ts';
import { demoSiteRows, seedDemoSite } from '../api/seed/seed-demo-site.ts';
import { PRODUCT_TYPES, RECORD_TYPES } from '../domain/spec-enums.ts';
import { buildApp } from '../renderer/app.ts';
import { makeBenchCart } from './bench-cart.ts';
import { openBenchDatabase } from './bench-database.ts';
import { BENCH_LIMITS } from './bench-limits.ts';

const CONNECTIONS = 10;
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
/** Issue 17: a catalog page may take at most twice the demo's time. */
const MAX_RATIO = 2;
const CATALOG = { products: 10_000, variants: 50_000, posts: 1_000 };
/** Rows per insert: about 20,000 parameters, well under Postgres's 65,535 per statement. */
const BATCH = 1_000;

interface Row {
  name: string;
  path: string;
  /** Another page of the same kind, asked for first so templates are compiled and code is warm before "first". */
  sibling?: string;
}

// All of them exist on both sites: the demo's own products and posts are kept on the catalog site.
const ROWS: Row[] = [
  { name: 'shop list', path: '/shop', sibling: '/shop?tag=handmade' },
  { name: 'product page', path: '/shop/stoneware-mug', sibling: '/shop/walnut-serving-board' },
  { name: '/search?q=coffee', path: '/search?q=coffee', sibling: '/search?q=walnut' },
  { name: '/cart, 3 items', path: '/cart' },
  { name: 'blog list', path: '/journal', sibling: '/journal?tag=routine' },
  { name: 'blog post', path: '/journal/slow-mornings-pour-over', sibling: '/journal/notes-from-huila' },
];

// ---------------------------------------------------------------------------------------------------------------
// The bulk content. Words are drawn from small vocabularies with a fixed seed, so every run writes the same rows
// and search has real words to match: "coffee" is in some titles and bodies, as it would be in a coffee shop's store.

const ORIGINS = ['Huila', 'Fernwood', 'Harbor', 'Meadow', 'Alder', 'Juniper', 'Willow', 'Ember', 'Saltmarsh', 'Ridge'];
const MATERIALS = [
  'Speckled',
  'Walnut',
  'Linen',
  'Stoneware',
  'Hand-Thrown',
  'Oak',
  'Copper',
  'Brass',
  'Cedar',
  'Wool',
  'Waffle Cotton',
  'Glazed',
  'Matte',
  'Smoked Glass',
  'Woven',
  'Enamel',
];
const THINGS = [
  'Mug',
  'Serving Bowl',
  'Dinner Plate',
  'Carafe',
  'Throw',
  'Candle',
  'Cutting Board',
  'Coffee Scoop',
  'Tumbler',
  'Bud Vase',
  'Planter',
  'Apron',
  'Tray',
  'Pitcher',
  'Coffee Dripper',
  'Napkin Set',
  'Basket',
  'Teapot',
  'Coffee Canister',
  'Kettle',
];
const PRODUCT_LINES = [
  'Made in small batches in Portland and finished by hand, so no two are quite alike.',
  'Sturdy enough for every day and quiet enough to leave out on the counter.',
  'Pairs well with a slow cup of coffee on a weekend morning.',
  'The glaze pools at the edges and breaks to raw clay at the foot.',
  'Oiled with food-safe beeswax; wipe clean and re-oil every few months.',
  'Washed linen softens with every wash and never needs ironing.',
  'Our roasters use one behind the counter every day to weigh out coffee.',
  'Packed in recycled paper and shipped within two business days.',
  'A generous size for sharing, light enough to carry from kitchen to table.',
  'Dishwasher safe, though it will last longer washed by hand.',
];
const PRODUCT_TAGS = ['ceramics', 'handmade', 'coffee', 'cotton', 'kitchen', 'linen', 'wood', 'gifts', 'hosting'];
const FINISHES = ['Natural', 'Charcoal', 'Sand', 'Moss', 'Rust', 'Indigo', 'Oat'];

const POST_OPENERS = ['Notes on', 'A Guide to', 'Field Notes:', 'Why We Love', 'Caring for', 'Hosting with', 'On'];
const POST_TOPICS = [
  'Pour-Over Coffee',
  'Stoneware at Home',
  'Linen Napkins',
  'a Winter Table',
  'Open Shelves',
  'Single-Origin Coffee',
  'Cold Brew',
  'Walnut Boards',
  'the Harvest in Huila',
  'Candlelight',
  'the Roastery Floor',
  'Slow Mornings',
];
const POST_PARAGRAPHS = [
  'Most mornings there is no time for ceremony, but a good routine takes less time than waiting in line.',
  'We weigh everything: 22 g of coffee to 350 g of water, ground like coarse sand, poured in slow circles.',
  'The potters we work with fire twice a month, and each kiln load comes out a little different from the last.',
  'Set the table before guests arrive, light the candles early and let the room settle into the evening.',
  'A shelf looks best with a little empty space: group by colour, then by height, and leave room to breathe.',
  'At the farm the cherries are picked by hand, sorted on raised beds and dried slowly in the sun.',
  'Oil a wooden board once a month and it will outlive the kitchen it hangs in.',
  'Our roast schedule follows the seasons: brighter coffees in summer, deeper roasts once the nights turn cold.',
  'Every bag is roasted the week it ships, and the date is written on the label by hand.',
  'Washed linen only gets better: softer, a little more creased, and more yours with every use.',
];
const POST_TAGS = ['pour-over', 'routine', 'ceramics', 'kitchen', 'hosting', 'winter', 'harvest', 'roastery', 'linen'];
const POST_CATEGORIES = ['Brewing', 'Sourcing', 'Home', 'Gatherings', 'Roasting'];

/** A fixed-seed generator (mulberry32): the same content every run. */
function generator(seed: number): <T>(list: readonly T[]) => T {
  let state = seed;
  return (list) => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return list[Math.floor((((t ^ (t >>> 14)) >>> 0) / 2 ** 32) * list.length)]!;
  };
}

const slug = (title: string, n: number) => `${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${n}`;
const distinct = <T>(values: T[]) => [...new Set(values)];

interface BulkRows {
  items: Insertable<ItemsTable>[];
  itemImages: Insertable<ItemImagesTable>[];
  products: Insertable<ProductsTable>[];
  variants: Insertable<ProductVariantsTable>[];
}

/** What must be added to the demo site's own products and posts to reach CATALOG, shaped as the seed shapes them. */
function bulkRows(): BulkRows {
  const demo = demoSiteRows();
  const pick = generator(17);
  const websiteId = DEMO_WEBSITE_ID;
  const currency = DEMO_SITE.website.settings.baseCurrency;
  const shopId = collectionId(DEMO_SITE.store.collection);
  const journalId = collectionId(DEMO_SITE.journal.collection);
  const managerId = demoId('contributor', DEMO_SITE.store.manager);
  const authors = distinct(DEMO_SITE.journal.posts.map((post) => demoId('contributor', post.author)));
  const categories = DEMO_SITE.store.categories.map((category) => category.displayName);
  const productImages = DEMO_SITE.images.filter((i) => i.filename.startsWith('product-')).map((i) => i.filename);
  const postImages = DEMO_SITE.images.filter((i) => i.filename.startsWith('journal-')).map((i) => i.filename);
  const demoPosts = demo.items.filter((item) => item.collectionId === journalId).length;

  const rows: BulkRows = { items: [], itemImages: [], products: [], variants: [] };
  const products = CATALOG.products - demo.products.length;
  const variants = CATALOG.variants - demo.productVariants.length;
  // 5 each, and one more for the first few so the total is exactly CATALOG.variants.
  const perProduct = Math.floor(variants / products);
  const oneMore = variants % products;
  const listedFrom = demo.items.filter((item) => item.collectionId === shopId).length;
  for (let n = 0; n < products; n++) {
    const itemId = stableId(`bench:product:${n}`);
    const title = `${pick(ORIGINS)} ${pick(MATERIALS)} ${pick(THINGS)}`;
    const lines = [pick(PRODUCT_LINES), pick(PRODUCT_LINES), pick(PRODUCT_LINES)];
    const addedOn = new Date(Date.UTC(2025, 0, 1) + n * 3_600_000).toISOString();
    const image = imageId(pick(productImages));
    rows.items.push({
      websiteId,
      id: itemId,
      collectionId: shopId,
      recordType: RECORD_TYPES['store-item'],
      title,
      urlId: slug(title, n),
      body: lines.map((line) => `<p>${line}</p>`).join(''),
      excerpt: `<p>${lines[0]}</p>`,
      tags: json(distinct([pick(PRODUCT_TAGS), pick(PRODUCT_TAGS)])),
      categories: json([pick(categories)]),
      authorId: managerId,
      addedOn,
      publishOn: addedOn,
      updatedOn: addedOn,
      // After the demo's own products in the owner's order, as products added later would be.
      displayIndex: listedFrom + n,
      mainImageId: image,
    });
    rows.itemImages.push({ websiteId, itemId, imageId: image, displayIndex: 0 });
    rows.products.push({
      websiteId,
      itemId,
      productType: PRODUCT_TYPES.physical,
      variantOptionOrdering: json(['Finish']),
      currency,
    });
    const price = 1200 + (n % 40) * 100;
    const count = perProduct + (n < oneMore ? 1 : 0);
    for (let k = 0; k < count; k++) {
      // Some sold out, some on sale, some made to order: the cases a list and a product page show.
      const stock = (n * 7 + k * 13) % 41;
      const onSale = n % 9 === 0;
      rows.variants.push({
        websiteId,
        id: stableId(`bench:variant:${n}:${k}`),
        itemId,
        sku: `BN-${String(n).padStart(5, '0')}-${k}`,
        priceMinor: price + k * 300,
        salePriceMinor: onSale ? Math.round((price + k * 300) * 0.8) : 0,
        currency,
        onSale,
        unlimited: n % 25 === 0,
        qtyInStock: stock,
        attributes: json({ Finish: FINISHES[k % FINISHES.length]! }),
        displayIndex: k,
      });
    }
  }

  for (let n = 0; n < CATALOG.posts - demoPosts; n++) {
    const title = `${pick(POST_OPENERS)} ${pick(POST_TOPICS)}`;
    const paragraphs = Array.from({ length: 5 }, () => pick(POST_PARAGRAPHS));
    // One a day going back from the end of 2025, among the demo's own posts: all in the past, so all visible.
    const publishOn = new Date(Date.UTC(2025, 11, 31) - n * 86_400_000).toISOString();
    rows.items.push({
      websiteId,
      id: stableId(`bench:post:${n}`),
      collectionId: journalId,
      recordType: RECORD_TYPES.text,
      title,
      urlId: slug(title, n),
      body: paragraphs.map((p) => `<p>${p}</p>`).join(''),
      excerpt: `<p>${paragraphs[0]}</p>`,
      tags: json(distinct([pick(POST_TAGS), pick(POST_TAGS)])),
      categories: json([pick(POST_CATEGORIES)]),
      authorId: authors[n % authors.length]!,
      addedOn: publishOn,
      publishOn,
      updatedOn: publishOn,
      mainImageId: imageId(pick(postImages)),
      commentState: 1,
    });
  }
  return rows;
}

function* batches<T>(rows: readonly T[]): Generator<T[]> {
  for (let i = 0; i < rows.length; i += BATCH) yield rows.slice(i, i + BATCH);
}

/** Adds the bulk content in one transaction, in that order for the foreign keys. */
async function addCatalog(db: Kysely<Database>): Promise<void> {
  const rows = bulkRows();
  await db.transaction().execute(async (trx) => {
    for (const batch of batches(rows.items)) await trx.insertInto('items').values(batch).execute();
    // Statistics of the rows just written (this transaction's own are counted): on the seed's, which say a dozen
    // items, checking the foreign keys of the next 10,000 rows took 17 s per table on PGlite instead of 1 s.
    await sql`analyze items`.execute(trx);
    for (const batch of batches(rows.itemImages)) await trx.insertInto('itemImages').values(batch).execute();
    for (const batch of batches(rows.products)) await trx.insertInto('products').values(batch).execute();
    await sql`analyze products`.execute(trx);
    for (const batch of batches(rows.variants)) await trx.insertInto('productVariants').values(batch).execute();
  });
  // Every row above logged a content change (migration 0002); folding them now spares the first page the work.
  await compactContentChanges(db, DEMO_WEBSITE_ID);
  // Fresh statistics, or the planner would go on thinking these tables hold a dozen rows.
  await sql`analyze`.execute(db);
}

async function countCatalog(db: Kysely<Database>): Promise<typeof CATALOG> {
  const count = async (table: 'products' | 'productVariants') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('websiteId', '=', DEMO_WEBSITE_ID)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const posts = await db
    .selectFrom('items')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('websiteId', '=', DEMO_WEBSITE_ID)
    .where('collectionId', '=', collectionId(DEMO_SITE.journal.collection))
    .executeTakeFirstOrThrow();
  return { products: await count('products'), variants: await count('productVariants'), posts: Number(posts.n) };
}

// ---------------------------------------------------------------------------------------------------------------
// The two sites.

interface Site {
  name: string;
  base: string;
  cartCookie: string;
  /** Seconds spent making the database, migrating it and seeding the demo site. */
  seedSeconds: number;
  /** Seconds spent adding the bulk content, compacting the change log and analyzing (0 for the demo site). */
  bulkSeconds: number;
  counts: typeof CATALOG;
  close(): Promise<void>;
}

const serverUrl = process.env.DATABASE_URL || undefined;

async function openSite(name: string, withCatalog: boolean): Promise<Site> {
  const started = performance.now();
  const { handle, drop } = await openBenchDatabase(`bench_catalog_${name}`, { onDisk: false });
  let app: FastifyInstance | undefined;
  try {
    await migrateToLatest(handle.db);
    await seedDemoSite(handle.db);
    const seeded = performance.now();
    if (withCatalog) await addCatalog(handle.db);
    const bulkSeconds = (performance.now() - seeded) / 1000;
    const counts = await countCatalog(handle.db);
    const cartId = await makeBenchCart(handle.db);
    app = await buildApp({
      db: handle.db,
      secret: randomBytes(32).toString('hex'),
      contentClock: handle.contentClock,
      templateDir: undefined,
      templatesRoot: new URL('../templates', import.meta.url).pathname,
      development: false,
      limits: BENCH_LIMITS,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const listening = app;
    return {
      name,
      base: `http://127.0.0.1:${port}`,
      cartCookie: `${CART_COOKIE}=${cartId}`,
      seedSeconds: (seeded - started) / 1000,
      bulkSeconds,
      counts,
      close: async () => {
        await listening.close();
        await drop();
      },
    };
  } catch (error) {
    await app?.close();
    await drop();
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Measuring.

interface Measured {
  rps: number;
  p50: number;
  p99: number;
}

let requestsMade = 0;

async function measure(site: Site, path: string, seconds: number): Promise<Measured> {
  const result = await autocannon({
    url: site.base + path,
    connections: CONNECTIONS,
    duration: seconds,
    headers: { host: 'localhost', cookie: site.cartCookie },
    requests: [
      {
        setupRequest: (request) => ({
          ...request,
          path: `${path}${path.includes('?') ? '&' : '?'}render=${++requestsMade}`,
        }),
      },
    ],
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${site.name} ${path}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

/** Milliseconds of one request, refusing any answer but a 2xx. */
async function once(site: Site, path: string): Promise<number> {
  const started = performance.now();
  const answer = await fetch(site.base + path, { headers: { host: 'localhost', cookie: site.cartCookie } });
  await answer.arrayBuffer();
  if (answer.status < 200 || answer.status > 299) throw new Error(`${site.name} ${path}: ${answer.status}`);
  return performance.now() - started;
}

/** The first request of each row while the site's data memo is empty, after its sibling pages warmed the code. */
async function firstRequests(site: Site): Promise<number[]> {
  for (const row of ROWS) if (row.sibling) await once(site, row.sibling);
  const times: number[] = [];
  for (const row of ROWS) times.push(await once(site, row.path));
  return times;
}

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
const ms = (value: number) => `${value.toFixed(value < 10 ? 1 : 0)} ms`;
const cell = (m: Measured, first: number) =>
  `${m.rps.toFixed(0).padStart(6)} req/s  p50 ${ms(m.p50).padStart(7)}  p99 ${ms(m.p99).padStart(7)}  first ${ms(first).padStart(8)}`;

const sites: Site[] = [];
try {
  process.stdout.write(
    `machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, node ${process.version}, database ${serverUrl ? 'postgres' : 'pglite'}, ${CONNECTIONS} connections, ${SECONDS} s each (after ${WARMUP_SECONDS} s warm-up)\n`,
  );
  process.stdout.write(`load average at start: ${load()}\n`);
  const demo = await openSite('demo', false);
  sites.push(demo);
  const catalog = await openSite('catalog', true);
  sites.push(catalog);
  for (const site of sites)
    process.stdout.write(
      `${site.name} site: ${site.counts.products.toLocaleString('en-US')} products, ${site.counts.variants.toLocaleString('en-US')} variants, ${site.counts.posts.toLocaleString('en-US')} posts; migrated and seeded in ${site.seedSeconds.toFixed(1)} s${site === catalog ? `, bulk content added (insert, compaction, analyze) in ${site.bulkSeconds.toFixed(1)} s` : ''}\n`,
    );
  if (catalog.counts.products !== CATALOG.products || catalog.counts.variants !== CATALOG.variants)
    throw new Error(`the catalog site holds ${JSON.stringify(catalog.counts)}, not ${JSON.stringify(CATALOG)}`);

  const [demoFirst, catalogFirst] = [await firstRequests(demo), await firstRequests(catalog)];
  process.stdout.write(
    `${''.padEnd(18)} ${'demo site'.padEnd(64)} ${'catalog site'.padEnd(64)} catalog/demo (1/throughput)\n`,
  );
  let misses = 0;
  for (const [index, row] of ROWS.entries()) {
    const measured: Measured[] = [];
    for (const site of sites) {
      await measure(site, row.path, WARMUP_SECONDS);
      measured.push(await measure(site, row.path, SECONDS));
    }
    const [onDemo, onCatalog] = measured as [Measured, Measured];
    // Time per request is 1/throughput; at these latencies p50 is whole milliseconds and too coarse for a ratio.
    const ratio = onDemo.rps / onCatalog.rps;
    const verdict = ratio <= MAX_RATIO ? 'ok' : `MISSES (≤ ${MAX_RATIO}×)`;
    if (ratio > MAX_RATIO) misses++;
    process.stdout.write(
      `${row.name.padEnd(18)} ${cell(onDemo, demoFirst[index]!)}   ${cell(onCatalog, catalogFirst[index]!)}   ${ratio.toFixed(2)}×  ${verdict}\n`,
    );
  }
  process.stdout.write(
    'first: one request while the site data memo was empty (a single sample: the database work a changed site pays once)\n',
  );
  process.stdout.write(`${misses === 0 ? 'every row within' : `${misses} row(s) past`} ${MAX_RATIO}× the demo site\n`);
  process.stdout.write(`load average at end: ${load()}\n`);
} catch (error) {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  // A measurement that missed its target still exits 0; only a failure to measure is an error.
  process.exitCode = 1;
} finally {
  for (const site of sites) await site.close();
}
