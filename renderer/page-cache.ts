/**
 * Rendered pages kept in memory, keyed by website, content version, template
 * revision and URL. A content change bumps the version (see
 * content-version-repository.ts), so the next request misses; the time limit
 * bounds what changes with the clock alone (scheduled posts, "2 hours ago").
 * The cache is bounded by the bytes its pages hold, not by their number: a
 * crawler walking a thousand large list pages must not grow the process past
 * its memory, and many small pages may all stay.
 */
import { CRUMB_SLOT } from './crumb-slot.ts';
import { encodePage, type PageEncoding } from './page-encodings.ts';
import { UseOrderedMap } from './use-ordered-map.ts';

export interface CachedPage {
  status: number;
  /**
   * The page's UTF-8 bytes, split at its crumb slots: kept as bytes so an answer is written as it is, not
   * encoded from a string again each time (that encoding was a third of a kept page's cost).
   */
  pieces: Buffer[];
  storedAt: number;
  /** Nothing in it is filled in per visitor (no crumb slot): one compressed copy serves everyone. */
  sameForEveryone: boolean;
}

export function keptPage(status: number, html: string, storedAt: number): CachedPage {
  const pieces = html.split(CRUMB_SLOT).map((piece) => Buffer.from(piece));
  return { status, pieces, storedAt, sameForEveryone: pieces.length === 1 };
}

/** Who asks for a kept page: their crumb is read only for a page with slots (the request's crumb getter). */
export interface CrumbHolder {
  readonly crumb: string;
}

/** The kept page as the visitor gets it: their crumb in every slot. */
export function keptPageBody(page: CachedPage, visitor: CrumbHolder): Buffer {
  if (page.pieces.length === 1) return page.pieces[0]!;
  const slot = Buffer.from(visitor.crumb);
  return Buffer.concat(page.pieces.flatMap((piece, i) => (i === 0 ? [piece] : [slot, piece])));
}

export interface PageCacheOptions {
  /** What the kept pages may hold in all: their bytes, and keys counted as two bytes a UTF-16 code unit. */
  maxBytes: number;
  maxAgeMs: number;
}

/** 16 MB holds some 600 pages of 28 KB, compressed copies beside them; the server stays under 300 MB resident. */
export const DEFAULT_PAGE_CACHE: PageCacheOptions = { maxBytes: 16 * 2 ** 20, maxAgeMs: 60_000 };

/** What one page costs against maxBytes: its HTML and its key. */
export function pageBytes(key: string, page: CachedPage): number {
  return 2 * key.length + page.pieces.reduce((sum, piece) => sum + piece.length, 0) + 64;
}

/** A compressed copy, and the crumb in it when the page has slots (undefined when it has none). */
interface Encoded {
  crumb: string | undefined;
  bytes: Buffer;
}

interface Entry {
  page: CachedPage;
  bytes: number;
  encoded: Partial<Record<PageEncoding, Encoded>>;
}

export class PageCache {
  readonly #entries = new UseOrderedMap<string, Entry>();
  readonly #options: PageCacheOptions;
  #bytes = 0;

  constructor(options: Partial<PageCacheOptions> = {}) {
    this.#options = { ...DEFAULT_PAGE_CACHE, ...options };
  }

  get(key: string, now: number): CachedPage | undefined {
    const entry = this.#entries.use(key);
    if (!entry) return undefined;
    if (now - entry.page.storedAt > this.#options.maxAgeMs) {
      this.#remove(key);
      return undefined;
    }
    return entry.page;
  }

  set(key: string, page: CachedPage): void {
    this.#remove(key);
    const bytes = pageBytes(key, page);
    // A page larger than the whole cache would only push every other page out.
    if (bytes > this.#options.maxBytes) return;
    this.#entries.set(key, { page, bytes, encoded: {} });
    this.#bytes += bytes;
    this.#evict();
  }

  /**
   * The page compressed as this visitor gets it, made on first asking and kept with it (counted against
   * maxBytes). A page with crumb slots keeps the copy of the last visitor who asked: a page kept for one
   * visitor (their cart, their checkout) is compressed once, not on every answer as the compress plugin would.
   */
  encoded(key: string, page: CachedPage, encoding: PageEncoding, visitor: CrumbHolder): Buffer {
    const entry = this.#entries.peek(key);
    const visitorCrumb = page.sameForEveryone ? undefined : visitor.crumb;
    const kept = entry?.page === page ? entry.encoded[encoding] : undefined;
    if (kept && kept.crumb === visitorCrumb) return kept.bytes;
    const made = encodePage(keptPageBody(page, visitor), encoding);
    if (entry?.page === page) {
      const added = made.length - (kept?.bytes.length ?? 0);
      entry.encoded[encoding] = { crumb: visitorCrumb, bytes: made };
      entry.bytes += added;
      this.#bytes += added;
      this.#evict();
    }
    return made;
  }

  #evict(): void {
    for (const [oldest] of this.#entries.entries()) {
      if (this.#bytes <= this.#options.maxBytes) break;
      this.#remove(oldest);
    }
  }

  #remove(key: string): void {
    const entry = this.#entries.peek(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** What the kept pages hold, as counted against maxBytes. */
  get bytes(): number {
    return this.#bytes;
  }
}
