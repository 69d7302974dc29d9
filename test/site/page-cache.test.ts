import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import t from 'tap';
import { CART_COOKIE, SITE_USER_SESSION_COOKIE } from '../../api/cookie-names.ts';
import { DEMO_WEBSITE_ID } from '../../api/seed/seed-demo-site.ts';
import { openDemoApp, updateDemoVariants } from './demo-app.ts';

const PRODUCT = '/shop/cedar-and-smoke-candle';

for (const [mode, queryContentVersion] of [
  ['the embedded database change count', false],
  ['the content version read from the database', true],
] as const) {
  t.test(`with ${mode}, the page cache serves repeats and never a stale price, stock or text`, async (t) => {
    const { app, handle } = await openDemoApp(t, { queryContentVersion });
    const get = (url: string, cookie?: string) =>
      app.inject({ method: 'GET', url, headers: { host: 'localhost', ...(cookie ? { cookie } : {}) } });

    const first = await get(PRODUCT);
    t.equal(first.headers['x-page-cache'], undefined, 'the first request renders');
    t.match(first.body, /\$26\.00/);
    const second = await get(PRODUCT);
    t.equal(second.headers['x-page-cache'], 'hit', 'the second is served from the cache');
    t.equal(second.body, first.body);

    await updateDemoVariants(handle, 'cedar-and-smoke-candle', { priceMinor: '2950' });
    const repriced = await get(PRODUCT);
    t.equal(repriced.headers['x-page-cache'], undefined, 'a price change misses the cache');
    t.match(repriced.body, /\$29\.50/, 'the new price shows on the very next request');
    t.notMatch(repriced.body, /\$26\.00/);

    await updateDemoVariants(handle, 'cedar-and-smoke-candle', { qtyInStock: 0 });
    const soldOut = await get(PRODUCT);
    t.match(soldOut.body, /sold out/i, 'a stock change shows on the very next request');
    t.notMatch(soldOut.body, /Only \d+ left/);

    await handle.db
      .updateTable('items')
      .set({ title: 'Cedar & Smoke Candle, Large' })
      .where('websiteId', '=', DEMO_WEBSITE_ID)
      .where('urlId', '=', 'cedar-and-smoke-candle')
      .execute();
    t.match((await get(PRODUCT)).body, /Cedar &amp; Smoke Candle, Large/, 'a text change shows at once');
    t.match((await get('/shop')).body, /Cedar &amp; Smoke Candle, Large/, 'and on the list page');

    await handle.db
      .updateTable('collections')
      .set({ navigationTitle: 'Journal & Notes' })
      .where('websiteId', '=', DEMO_WEBSITE_ID)
      .where('urlId', '=', 'journal')
      .execute();
    t.match((await get(PRODUCT)).body, /Journal &amp; Notes/, 'a navigation change shows at once');

    const withCart = await get(PRODUCT, `${CART_COOKIE}=abc`);
    const withCartAgain = await get(PRODUCT, `other=1; ${CART_COOKIE}=abc`);
    t.equal(withCart.headers['x-page-cache'], undefined, "a cart cookie's first page is rendered");
    t.equal(withCartAgain.headers['x-page-cache'], 'hit', 'and kept by what it shows of the cart (none here)');
    t.match(withCartAgain.body, /Journal &amp; Notes/);
    const signedIn = `${SITE_USER_SESSION_COOKIE}=x; ${CART_COOKIE}=abc`;
    await get(PRODUCT, signedIn);
    t.equal(
      (await get(PRODUCT, signedIn)).headers['x-page-cache'],
      undefined,
      'a session is never served from the cache',
    );
    t.equal((await get('/cart')).headers['x-page-cache'], undefined);
    t.equal(
      (await get('/cart')).headers['x-page-cache'],
      'hit',
      "the empty cart's page is kept: it shows no one's cart",
    );
    await get('/cart', signedIn);
    t.equal((await get('/cart', signedIn)).headers['x-page-cache'], undefined, "a session's cart page is never kept");
  });
}

t.test('a cached page the same for everyone is compressed once and sent so; one holding a crumb is not', async (t) => {
  const { app } = await openDemoApp(t);
  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers: { host: 'localhost', ...headers } });

  const plain = await get(PRODUCT);
  t.notMatch(plain.body, /name="crumb"/, 'the product page holds no crumb');
  for (const [encoding, decode] of [
    ['br', brotliDecompressSync],
    ['gzip', gunzipSync],
  ] as const) {
    const answer = await get(PRODUCT, { 'accept-encoding': `${encoding}, identity;q=0.5` });
    t.equal(answer.headers['x-page-cache'], 'hit');
    t.equal(answer.headers['content-encoding'], encoding, `${encoding} as asked`);
    t.match(String(answer.headers.vary), /accept-encoding/i);
    t.equal(decode(answer.rawPayload).toString(), plain.body, `the same page in ${encoding}`);
    const again = await get(PRODUCT, { 'accept-encoding': encoding });
    t.same(again.rawPayload, answer.rawPayload, 'kept, not made again');
  }
  const refused = await get(PRODUCT, { 'accept-encoding': 'br;q=0, gzip;q=0' });
  t.equal(refused.headers['content-encoding'], undefined, 'q=0 refuses both');
  t.equal(refused.body, plain.body);

  // The contact page's form posts the visitor's crumb: each visitor gets their own, compressed or not.
  await get('/contact');
  const one = await get('/contact', { 'accept-encoding': 'br', cookie: `crumb=${'a'.repeat(64)}` });
  const two = await get('/contact', { 'accept-encoding': 'br' });
  t.equal(one.headers['x-page-cache'], 'hit');
  const crumbs = [one, two].map(
    (answer) => /name="crumb" value="([0-9a-f]+)"/.exec(brotliDecompressSync(answer.rawPayload).toString())?.[1],
  );
  t.ok(crumbs[0] && crumbs[1] && crumbs[0] !== crumbs[1], 'two visitors, two crumbs');
});
