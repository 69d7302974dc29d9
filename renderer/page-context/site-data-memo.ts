/**
 * Data every page of a website asks for (collections, navigations) kept per
 * content version: the version moves on any change to them, so an entry is
 * either exact or never asked for again.
 */
export class SiteDataMemo {
  readonly #entries = new Map<string, Promise<unknown>>();
  readonly #maxEntries: number;

  constructor(maxEntries = 500) {
    this.#maxEntries = maxEntries;
  }

  /** The value stored under key for this version, loading it once. A failed load is not kept. */
  get<T>(version: string, key: string, load: () => Promise<T>): Promise<T> {
    const full = `${version}|${key}`;
    let entry = this.#entries.get(full) as Promise<T> | undefined;
    if (!entry) {
      if (this.#entries.size >= this.#maxEntries) this.#entries.clear();
      entry = load();
      this.#entries.set(full, entry);
      entry.catch(() => this.#entries.delete(full));
    }
    return entry;
  }
}
