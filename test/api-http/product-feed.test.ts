/**
 * The dynamic-ads product feed through inject(): /product-feed.xml parses
 * with a real XML parser as RSS 2.0 in Google's namespace and lists every
 * variant of every published product and nothing else, with prices,
 * sales, stock, brand, item groups and absolute links; text that needs
 * escaping comes back as written; the CSV says the same; a feed is kept
 * per content version (ETag, 304) and follows a price change at once; a
 * locked site has none. The product feed panel's calls: the addresses and
 * the ads pixel id.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { sql } from 'kysely';
import t from 'tap';
import { DEMO_WEBSITE_ID } from '../../api/seed/demo-ids.ts';
import { DEMO_OWNERS } from '../../api/seed/demo-owners.ts';
import { FEED_CSV_COLUMNS, GOOGLE_NAMESPACE } from '../../api/services/product-feed.ts';
import { PRODUCT_FEED_MESSAGES } from '../../shared/product-feed.ts';
import { readCsv } from '../shared/csv-reader.ts';
import { openDemoApp, updateDemoVariants } from '../site/demo-app.ts';
import { productId, Visitor } from './api-helpers.ts';
import { OwnerClient } from './owner-helpers.ts';

const { app, handle } = await openDemoApp(t);
const db = handle.db;
const visitor = new Visitor(app);
const SITE_TITLE = 'Fernwood Coffee & Home';

interface FeedItem {
  'g:id': string;
  'g:title': string;
  'g:description': string;
  'g:link': string;
  'g:image_link'?: string;
  'g:price': string;
  'g:sale_price'?: string;
  'g:availability': string;
  'g:brand': string;
  'g:item_group_id'?: string;
  'g:condition': string;
}

const parser = new XMLParser({
  ignoreAttributes: false,
  parseTagValue: false,
  isArray: (name) => name === 'item',
});

async function xmlFeed(): Promise<{ items: FeedItem[]; raw: string; etag: string }> {
  const response = await visitor.request('GET', '/product-feed.xml');
  if (response.statusCode !== 200) throw new Error(response.body);
  t.match(response.headers['content-type'], /^application\/xml; charset=utf-8/);
  t.equal(XMLValidator.validate(response.body), true, 'well-formed XML');
  const parsed = parser.parse(response.body);
  return { items: parsed.rss.channel.item ?? [], raw: response.body, etag: String(response.headers.etag) };
}

/** The SKUs of every variant of every product a visitor can see, straight from the tables. */
async function publicSkus(): Promise<string[]> {
  const rows = await db
    .selectFrom('productVariants as v')
    .innerJoin('items as i', (j) => j.onRef('i.websiteId', '=', 'v.websiteId').onRef('i.id', '=', 'v.itemId'))
    .innerJoin('collections as c', (j) =>
      j.onRef('c.websiteId', '=', 'i.websiteId').onRef('c.id', '=', 'i.collectionId'),
    )
    .select('v.sku')
    .where('v.websiteId', '=', DEMO_WEBSITE_ID)
    .where('i.published', '=', true)
    .where('i.publishOn', '<=', sql<Date>`now()`)
    .where('c.enabled', '=', true)
    .where('c.memberOnly', '=', false)
    .where('c.passwordProtected', '=', false)
    .execute();
  return rows.map((row) => row.sku).sort();
}

const bySku = (items: FeedItem[], sku: string) => items.find((item) => item['g:id'] === sku);

t.test('the XML feed: every published variant, none unpublished, each attribute right', async (t) => {
  // The scoop is taken off the site; its variant must leave the feed.
  await db
    .updateTable('items')
    .set({ published: false })
    .where('websiteId', '=', DEMO_WEBSITE_ID)
    .where('id', '=', productId('walnut-coffee-scoop'))
    .execute();
  const { items, raw } = await xmlFeed();
  const parsed = parser.parse(raw);
  t.equal(parsed.rss['@_version'], '2.0');
  t.equal(parsed.rss['@_xmlns:g'], GOOGLE_NAMESPACE);
  t.equal(parsed.rss.channel.title, SITE_TITLE);

  const expected = await publicSkus();
  t.ok(expected.length >= 20, `${expected.length} public variants`);
  t.same(items.map((item) => item['g:id']).sort(), expected, 'exactly the published variants');
  t.notOk(bySku(items, 'FW-SCOOP'), 'the unpublished product is not in the feed');

  t.same(bySku(items, 'FW-BOARD-SM'), {
    'g:id': 'FW-BOARD-SM',
    'g:title': 'Walnut Serving Board (Small)',
    'g:description':
      'Solid black walnut from a mill in Vermont, oiled by hand. On sale while we make room for the spring batch.',
    'g:link': 'http://localhost/shop/walnut-serving-board',
    'g:image_link': 'http://localhost/content/demo/product-walnut-board.svg',
    'g:price': '54.00 USD',
    'g:sale_price': '42.00 USD',
    'g:availability': 'in stock',
    'g:brand': SITE_TITLE,
    'g:item_group_id': productId('walnut-serving-board'),
    'g:condition': 'new',
  });
  const candle = bySku(items, 'FW-CANDLE-CEDAR')!;
  t.equal(candle['g:title'], 'Cedar & Smoke Candle');
  t.equal(candle['g:item_group_id'], undefined, 'a product of one variant is no item group');
  t.equal(candle['g:sale_price'], undefined, 'not on sale');
  t.equal(bySku(items, 'FW-BOWL-WHITE')!['g:availability'], 'out of stock');
  t.equal(bySku(items, 'FW-MUG-TERRA')!['g:availability'], 'out of stock');
  t.equal(bySku(items, 'FW-MUG-SLATE')!['g:availability'], 'in stock');
  t.equal(bySku(items, 'FW-GIFT-50')!['g:availability'], 'in stock', 'gift cards never run out');
  t.equal(bySku(items, 'FW-GIFT-50')!['g:price'], '50.00 USD');
  t.equal(bySku(items, 'FW-GUIDE-PDF')!['g:price'], '14.00 USD', 'a digital product priced on the product');
  t.match(
    bySku(items, 'FW-MUG-OAT')!['g:image_link'],
    /product-mug-oat\.svg$/,
    "a variant's own picture before the product's",
  );
  t.equal(
    new Set(items.filter((i) => i['g:item_group_id'] === productId('house-blend-coffee')).map((i) => i['g:id'])).size,
    4,
    'the four coffees share an item group',
  );
});

t.test('text that XML must escape comes back as written; characters XML cannot hold are dropped', async (t) => {
  const title = `Salt & Pepper <Mill> "Duo" it's ]]> done\u0001`;
  await db
    .updateTable('items')
    .set({ title, excerpt: '<p>Grinds &amp; pours &lt;fast&gt; — caf&eacute; &#8220;ready&#8221;</p>' })
    .where('websiteId', '=', DEMO_WEBSITE_ID)
    .where('id', '=', productId('cedar-and-smoke-candle'))
    .execute();
  const { items, raw } = await xmlFeed();
  t.notMatch(raw, '\u0001', 'no control character in the document');
  const candle = bySku(items, 'FW-CANDLE-CEDAR')!;
  t.equal(candle['g:title'], `Salt & Pepper <Mill> "Duo" it's ]]> done`);
  t.equal(candle['g:description'], 'Grinds & pours <fast> — caf&eacute; “ready”');
});

t.test('the CSV feed lists the same entries under the feeds’ column names', async (t) => {
  const response = await visitor.request('GET', '/product-feed.csv');
  t.equal(response.statusCode, 200);
  t.match(response.headers['content-type'], /^text\/csv; charset=utf-8/);
  const [header, ...rows] = readCsv(response.body);
  t.same(header, FEED_CSV_COLUMNS);
  const { items } = await xmlFeed();
  t.same(
    rows.map((row) => row[0]),
    items.map((item) => item['g:id']),
  );
  const board = rows.find((row) => row[0] === 'FW-BOARD-LG')!;
  const cell = (name: (typeof FEED_CSV_COLUMNS)[number]) => board[FEED_CSV_COLUMNS.indexOf(name)];
  t.equal(cell('price'), '78.00 USD');
  t.equal(cell('sale_price'), '62.00 USD');
  t.equal(cell('brand'), SITE_TITLE);
  t.equal(rows.find((row) => row[0] === 'FW-CANDLE-CEDAR')![1], `Salt & Pepper <Mill> "Duo" it's ]]> done`);
});

t.test('a feed is kept per content version and follows a price change at once', async (t) => {
  const first = await visitor.request('GET', '/product-feed.xml');
  const again = await visitor.request('GET', '/product-feed.xml');
  t.equal(again.headers.etag, first.headers.etag);
  t.equal(again.body, first.body);
  t.equal(first.headers['cache-control'], 'public, max-age=300');
  const unchanged = await visitor.request('GET', '/product-feed.xml', undefined, {
    'if-none-match': String(first.headers.etag),
  });
  t.equal(unchanged.statusCode, 304);

  await updateDemoVariants(handle, 'cedar-and-smoke-candle', { priceMinor: '2999', qtyInStock: 0 });
  const changed = await xmlFeed();
  t.not(changed.etag, first.headers.etag, 'a new version, a new ETag');
  const candle = bySku(changed.items, 'FW-CANDLE-CEDAR')!;
  t.equal(candle['g:price'], '29.99 USD');
  t.equal(candle['g:availability'], 'out of stock');
});

t.test('a site locked with a password has no feed', async (t) => {
  await db
    .updateTable('websiteSettings')
    .set({ sitePasswordHash: 'scrypt$locked' })
    .where('websiteId', '=', DEMO_WEBSITE_ID)
    .execute();
  t.equal((await visitor.request('GET', '/product-feed.xml')).statusCode, 404);
  t.equal((await visitor.request('GET', '/product-feed.csv')).statusCode, 404);
  await db
    .updateTable('websiteSettings')
    .set({ sitePasswordHash: null })
    .where('websiteId', '=', DEMO_WEBSITE_ID)
    .execute();
  t.equal((await visitor.request('GET', '/product-feed.xml')).statusCode, 200);
});

t.test('the product feed panel: the addresses, the entry count and the pixel id', async (t) => {
  const admin = new OwnerClient(app);
  await admin.ownerSignIn(DEMO_OWNERS.storeManager.email, DEMO_OWNERS.storeManager.password);
  const feed = await admin.request('GET', '/api/owner/product-feed');
  t.same(feed.json(), {
    xmlUrl: 'http://localhost/product-feed.xml',
    csvUrl: 'http://localhost/product-feed.csv',
    entryCount: (await publicSkus()).length,
    pixelId: '',
  });
  const bad = await admin.request('PUT', '/api/owner/product-feed', { pixelId: '12 34<script>' });
  t.equal(bad.statusCode, 400);
  t.same(bad.json().error.fields, { pixelId: PRODUCT_FEED_MESSAGES.pixelIdInvalid });
  const saved = await admin.request('PUT', '/api/owner/product-feed', { pixelId: ' 1234567890123456 ' });
  t.equal(saved.json().pixelId, '1234567890123456');
  const stored = await db
    .selectFrom('websiteSettings')
    .select('adsPixelId')
    .where('websiteId', '=', DEMO_WEBSITE_ID)
    .executeTakeFirstOrThrow();
  t.equal(stored.adsPixelId, '1234567890123456', 'kept in the site settings');
  t.equal((await admin.request('GET', '/api/owner/product-feed')).json().pixelId, '1234567890123456');
  const cleared = await admin.request('PUT', '/api/owner/product-feed', { pixelId: '' });
  t.equal(cleared.json().pixelId, '');
  const viewer = new OwnerClient(app);
  await viewer.ownerSignIn(DEMO_OWNERS.viewer.email, DEMO_OWNERS.viewer.password);
  t.equal((await viewer.request('GET', '/api/owner/product-feed')).statusCode, 200);
  t.equal((await viewer.request('PUT', '/api/owner/product-feed', { pixelId: '1' })).statusCode, 403);
});
