/**
 * Data pages of a website read that no visitor changes (collections,
 * navigations, the items, products and stock of a page, search results) kept
 * per content version: the version moves on any change to them (a price, a
 * stock count, a text), so an entry is either exact or never asked for again.
 * What changes with the clock alone (a post scheduled for later becoming
 * visible) is bounded by maxAgeMs, as in the page cache. Shared by every
 * visitor, so nothing of one visitor (cart, session, form state) is put here.
 * Bounded by an estimate of the bytes its values hold, least recently used
 * out first.
 */
import { UseOrderedMap } from '../use-ordered-map.ts';

export interface SiteDataMemoOptions {
  maxBytes: number;
  maxAgeMs: number;
}

export const DEFAULT_SITE_DATA_MEMO: SiteDataMemoOptions = { maxBytes: 16 * 2 ** 20, maxAgeMs: 60_000 };

interface Entry {
  value: Promise<unknown>;
  storedAt: number;
  /** 0 until the load has resolved. */
  bytes: number;
}

export class SiteDataMemo {
  readonly #entries = new UseOrderedMap<string, Entry>();
  readonly #options: SiteDataMemoOptions;
  readonly #clock: () => number;
  #bytes = 0;

  constructor(options: Partial<SiteDataMemoOptions> = {}, clock: () => number = Date.now) {
    this.#options = { ...DEFAULT_SITE_DATA_MEMO, ...options };
    this.#clock = clock;
  }

  /** The value stored under key for this version, loading it once. A failed load is not kept. */
  get<T>(version: string, key: string, load: () => Promise<T>): Promise<T> {
    const full = `${version}|${key}`;
    const now = this.#clock();
    const known = this.#entries.use(full);
    if (known && now - known.storedAt <= this.#options.maxAgeMs) return known.value as Promise<T>;
    if (known) this.#remove(full, known);
    const value = load();
    const entry: Entry = { value, storedAt: now, bytes: 0 };
    this.#entries.set(full, entry);
    value.then(
      (loaded) => {
        if (this.#entries.peek(full) !== entry) return;
        entry.bytes = 2 * full.length + approximateBytes(loaded);
        this.#bytes += entry.bytes;
        this.#evict();
      },
      () => {
        if (this.#entries.peek(full) === entry) this.#remove(full, entry);
      },
    );
    return value;
  }

  #remove(key: string, entry: Entry): void {
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
  }

  #evict(): void {
    for (const [key, entry] of this.#entries.entries()) {
      if (this.#bytes <= this.#options.maxBytes) return;
      this.#remove(key, entry);
    }
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The estimated bytes of the values kept, as counted against maxBytes. */
  get bytes(): number {
    return this.#bytes;
  }
}

/**
 * What a value of rows and JSON costs in memory, roughly: two bytes a code
 * unit of text, eight a number, a few dozen an object or array. Enough to
 * bound the memo, not an exact account.
 */
export function approximateBytes(value: unknown, seen = new Set<object>()): number {
  switch (typeof value) {
    case 'string':
      return 16 + 2 * value.length;
    case 'number':
    case 'boolean':
    case 'bigint':
      return 8;
    case 'object': {
      if (value === null) return 8;
      if (seen.has(value)) return 8;
      seen.add(value);
      if (value instanceof Date) return 32;
      let bytes = 32;
      if (value instanceof Map) {
        for (const [k, v] of value) bytes += 16 + approximateBytes(k, seen) + approximateBytes(v, seen);
        return bytes;
      }
      if (Array.isArray(value)) {
        for (const v of value) bytes += 8 + approximateBytes(v, seen);
        return bytes;
      }
      for (const [k, v] of Object.entries(value)) bytes += 16 + 2 * k.length + approximateBytes(v, seen);
      return bytes;
    }
    default:
      return 8;
  }
}
