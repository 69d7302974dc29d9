/**
 * Issue 17: what the renderer keeps in memory for every visitor is bounded by
 * bytes, not by a count of entries: the page cache (rendered HTML) and the
 * site data memo (rows and JSON kept per content version).
 */
import t from 'tap';
import { keptPage, PageCache, pageBytes } from '../../renderer/page-cache.ts';
import { approximateBytes, SiteDataMemo } from '../../renderer/page-context/site-data-memo.ts';

const page = (html: string, storedAt = 0) => keptPage(200, html, storedAt);

t.test('the page cache keeps pages up to its byte bound, least recently used out first', async (t) => {
  const html = 'x'.repeat(10_000);
  const one = pageBytes('/a', page(html));
  const cache = new PageCache({ maxBytes: one * 3, maxAgeMs: 60_000 });
  cache.set('/a', page(html));
  cache.set('/b', page(html));
  cache.set('/c', page(html));
  t.equal(cache.size, 3);
  t.ok(cache.get('/a', 0), 'a read makes /a the most recent');
  cache.set('/d', page(html));
  t.equal(cache.size, 3, 'a fourth page pushes one out');
  t.equal(cache.get('/b', 0), undefined, 'the least recently used one');
  t.ok(cache.get('/a', 0));
  t.ok(cache.bytes <= one * 3, 'never over the bound');

  // Many small pages all stay: the bound is bytes, not entries.
  const small = new PageCache({ maxBytes: 1_000_000, maxAgeMs: 60_000 });
  for (let i = 0; i < 5_000; i++) small.set(`/p${i}`, page('<p>hi</p>'));
  t.equal(small.size, 5_000);
  // A few large ones push many small ones out.
  for (let i = 0; i < 3; i++) small.set(`/big${i}`, page('y'.repeat(300_000)));
  t.ok(small.bytes <= 1_000_000, `${small.bytes} bytes kept`);
  t.ok(small.size < 5_000);
  t.ok(small.get('/big2', 0));

  const tiny = new PageCache({ maxBytes: 1_000, maxAgeMs: 60_000 });
  tiny.set('/huge', page('z'.repeat(10_000)));
  t.equal(tiny.size, 0, 'a page larger than the whole cache is not kept');
  t.equal(tiny.bytes, 0);

  tiny.set('/same', page('a'));
  tiny.set('/same', page('bb'));
  t.equal(tiny.size, 1, 'storing a key again replaces it');
  t.equal(tiny.bytes, pageBytes('/same', page('bb')));
  t.equal(tiny.get('/same', 60_001), undefined, 'past its age a page is gone');
  t.equal(tiny.bytes, 0);
});

t.test('the site data memo loads once per version and key, and is bounded by bytes and age', async (t) => {
  let now = 0;
  const memo = new SiteDataMemo({ maxBytes: 50_000, maxAgeMs: 1_000 }, () => now);
  let loads = 0;
  const load = (value: unknown) => async () => {
    loads++;
    return value;
  };
  t.equal(await memo.get('v1', 'k', load('a')), 'a');
  t.equal(await memo.get('v1', 'k', load('b')), 'a', 'kept under the same version');
  t.equal(loads, 1);
  t.equal(await memo.get('v2', 'k', load('c')), 'c', 'a new version (a price or stock change) loads again');
  now = 1_001;
  t.equal(await memo.get('v2', 'k', load('d')), 'd', 'past its age an entry is loaded again');

  await t.rejects(memo.get('v3', 'bad', () => Promise.reject(new Error('down'))));
  t.equal(await memo.get('v3', 'bad', load('ok')), 'ok', 'a failed load is not kept');

  const rows = Array.from({ length: 100 }, (_, i) => ({ id: `row-${i}`, body: 'x'.repeat(100) }));
  const size = approximateBytes(rows);
  t.ok(size > 100 * 200, `${size} bytes estimated for 100 rows of 100 characters`);
  for (let i = 0; i < 20; i++) await memo.get('v4', `page-${i}`, load(rows));
  t.ok(memo.bytes <= 50_000, `${memo.bytes} bytes kept`);
  t.ok(memo.size < 20, 'older entries went out');
  const before = loads;
  await memo.get('v4', 'page-19', load(rows));
  t.equal(loads, before, 'the most recent one stayed');
});

t.test('approximateBytes counts maps, dates and shared objects once', async (t) => {
  const shared = { text: 'abc' };
  t.ok(approximateBytes(new Map([['a', shared]])) > approximateBytes(shared));
  const twice = approximateBytes([shared, shared]);
  t.ok(twice < 2 * approximateBytes(shared) + 100, 'a repeated object is not counted twice');
  t.equal(approximateBytes(new Date(0)), 32);
  t.equal(approximateBytes(null), 8);
});
