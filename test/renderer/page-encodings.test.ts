import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import t from 'tap';
import { CRUMB_SLOT } from '../../renderer/crumb-slot.ts';
import { keptPage, keptPageBody, PageCache, pageBytes } from '../../renderer/page-cache.ts';
import { encodePage, preferredEncoding } from '../../renderer/page-encodings.ts';

const CRUMB = 'a'.repeat(64);
const VISITOR = { crumb: CRUMB };

t.test('brotli, else gzip, as Accept-Encoding allows', async (t) => {
  t.equal(preferredEncoding(undefined), undefined);
  t.equal(preferredEncoding(''), undefined);
  t.equal(preferredEncoding('gzip, deflate, br'), 'br');
  t.equal(preferredEncoding('gzip'), 'gzip');
  t.equal(preferredEncoding('BR;q=0.5'), 'br', 'names and weights in any case');
  t.equal(preferredEncoding('br;q=0, gzip;q=0.1'), 'gzip', 'q=0 refuses');
  t.equal(preferredEncoding('*'), 'br', '* stands for the rest');
  t.equal(preferredEncoding('*, br;q=0'), 'gzip');
  t.equal(preferredEncoding('identity, deflate'), undefined);
  t.equal(preferredEncoding('br;q=zero'), undefined, 'an unreadable weight allows nothing');
});

t.test('a compressed page holds its own bytes and no more, as the cache counts it', async (t) => {
  // zlib's sync calls answer with a view of a 16 KB chunk; a small page compresses to far less.
  const small = Buffer.from(`<p>${'kept words '.repeat(300)}</p>`);
  const large = Buffer.from(Array.from({ length: 4000 }, (_, i) => `<li>${(i * 7919) % 10007}</li>`).join(''));
  for (const encoding of ['br', 'gzip'] as const) {
    for (const [name, html] of [
      ['small', small],
      ['large', large],
    ] as const) {
      const encoded = encodePage(html, encoding);
      t.equal(encoded.buffer.byteLength, encoded.byteLength, `${encoding}, ${name}: ${encoded.byteLength} bytes`);
    }
  }
  t.equal(gunzipSync(encodePage(small, 'gzip')).toString(), small.toString());
});

t.test('the cache makes an encoding once, keeps it with the page and counts it', async (t) => {
  const html = `<p>${'cached words '.repeat(2000)}</p>`;
  const page = keptPage(200, html, Date.now());
  const crumbless = {
    get crumb(): string {
      throw new Error('a page without slots asked for the crumb');
    },
  };
  t.equal(keptPageBody(page, crumbless), page.pieces[0], 'a page without slots is sent as kept, no crumb made');
  const cache = new PageCache({ maxBytes: pageBytes('a', page) + 2_000 });
  cache.set('a', page);
  const br = cache.encoded('a', page, 'br', VISITOR);
  t.equal(brotliDecompressSync(br).toString(), html);
  t.equal(cache.encoded('a', page, 'br', VISITOR), br, 'the same buffer the second time');
  t.equal(gunzipSync(cache.encoded('a', page, 'gzip', VISITOR)).toString(), html);

  // Past maxBytes with its encodings counted, the page leaves like any other.
  // Room for the page and its key (pageBytes) and ten bytes more.
  const big = new PageCache({ maxBytes: pageBytes('a', page) + 10 });
  big.set('a', page);
  big.encoded('a', page, 'gzip', VISITOR);
  t.equal(big.get('a', Date.now()), undefined, 'its encoding pushed it past the bound');
  t.ok(big.encoded('a', page, 'br', VISITOR).length > 0, 'a page no longer kept is still encoded for the answer');
});

t.test('a page with crumb slots is kept compressed for the last visitor who asked, with their crumb', async (t) => {
  const html = `<form><input name="crumb" value="${CRUMB_SLOT}">${'cart line '.repeat(2000)}</form>`;
  const page = keptPage(200, html, Date.now());
  t.notOk(page.sameForEveryone);
  const cache = new PageCache();
  cache.set('checkout', page);
  const before = cache.bytes;
  const first = cache.encoded('checkout', page, 'br', VISITOR);
  t.equal(brotliDecompressSync(first).toString(), keptPageBody(page, VISITOR).toString());
  t.match(brotliDecompressSync(first).toString(), `value="${CRUMB}"`);
  t.equal(cache.encoded('checkout', page, 'br', VISITOR), first, 'the same visitor again: the kept copy');
  t.equal(cache.bytes, before + first.length);

  const other = 'b'.repeat(64);
  const second = cache.encoded('checkout', page, 'br', { crumb: other });
  t.match(
    brotliDecompressSync(second).toString(),
    `value="${other}"`,
    "another visitor never gets the first one's crumb",
  );
  t.notMatch(brotliDecompressSync(second).toString(), CRUMB);
  t.equal(cache.bytes, before + second.length, 'the copy it replaced is no longer counted');
});
