import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * A cached page that holds nothing of a visitor is the same bytes for every
 * visitor, so it is compressed once and kept so (page-cache.ts), instead of
 * by the compress plugin on every answer. The encodings and the brotli
 * quality are the plugin's (app.ts), so an answer looks the same either way.
 */
export type PageEncoding = 'br' | 'gzip';

const ENCODE: Record<PageEncoding, (html: Buffer) => Buffer> = {
  br: (html) =>
    brotliCompressSync(html, {
      params: { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_QUALITY]: 4 },
    }),
  gzip: (html) => gzipSync(html),
};

export function encodePage(html: Buffer, encoding: PageEncoding): Buffer {
  const encoded = ENCODE[encoding](html);
  // zlib's sync calls answer with a view of their 16 KB output chunk: kept as it is, a page compressed
  // to 3 KB held all 16 (in a memory run, 12 MB of compressed copies that the cache counted as 3).
  if (encoded.byteLength === encoded.buffer.byteLength) return encoded;
  const own = Buffer.allocUnsafeSlow(encoded.byteLength);
  encoded.copy(own);
  return own;
}

/** Brotli, else gzip, when the request's Accept-Encoding allows it (a q of 0 refuses; `*` stands for the rest). */
export function preferredEncoding(acceptEncoding: string | undefined): PageEncoding | undefined {
  if (!acceptEncoding) return undefined;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name = '', ...parameters] = part.split(';').map((text) => text.trim());
    const q = parameters.find((parameter) => parameter.startsWith('q='));
    weights.set(name, q === undefined ? 1 : Number(q.slice(2)));
  }
  const allows = (name: PageEncoding) => (weights.get(name) ?? weights.get('*') ?? 0) > 0;
  return allows('br') ? 'br' : allows('gzip') ? 'gzip' : undefined;
}
