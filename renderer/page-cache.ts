/**
 * Rendered pages kept in memory, keyed by website, content version, template
 * revision and URL. A content change bumps the version (see
 * content-version-repository.ts), so the next request misses; the time limit
 * bounds what changes with the clock alone (scheduled posts, "2 hours ago").
 */
export interface CachedPage {
  status: number;
  html: string;
  storedAt: number;
}

export interface PageCacheOptions {
  maxEntries: number;
  maxAgeMs: number;
}

export class PageCache {
  readonly #entries = new Map<string, CachedPage>();
  readonly #options: PageCacheOptions;

  constructor(options: PageCacheOptions = { maxEntries: 1000, maxAgeMs: 60_000 }) {
    this.#options = options;
  }

  get(key: string, now: number): CachedPage | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (now - entry.storedAt > this.#options.maxAgeMs) {
      this.#entries.delete(key);
      return undefined;
    }
    // Most recently used last: the oldest key is the one to evict.
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry;
  }

  set(key: string, page: CachedPage): void {
    this.#entries.delete(key);
    this.#entries.set(key, page);
    if (this.#entries.size > this.#options.maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
  }

  get size(): number {
    return this.#entries.size;
  }
}
