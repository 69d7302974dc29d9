/**
 * A website's content version known without a query: the database announces
 * each committed change of a website (migrations 0002 and 0009) and the clock
 * counts them. Page caches key on it, so a cached page costs no round trip.
 */
export interface ContentClock {
  /**
   * Changes whenever a change to the website commits; undefined while the
   * clock cannot vouch for it (not listening yet, or its connection was lost),
   * and then the content version query tells.
   */
  versionOf(websiteId: string): string | undefined;
  /**
   * Resolves once every change committed before the call has been counted. A
   * process that wrote waits on it before it answers, so the writer's next
   * request never meets a page from before its own write.
   */
  caughtUp(): Promise<void>;
  /**
   * Where changes to carts are announced too (migration 0011; the embedded
   * database), a version of the cart that changes whenever it or its entries
   * do; otherwise absent, and the cart's row tells its version (migration 0014).
   */
  cartVersionOf?(cartId: string): string;
}

/** Past this many carts counted apart, the counts start again under a new number. */
const MAX_CARTS_COUNTED = 10_000;

/**
 * The embedded database's clock: one count for every website. This process is
 * the only one that can write to it, and PGlite hands over a change's notice
 * before the write returns, so the count is already exact then.
 */
export class LocalContentClock implements ContentClock {
  #count = 0;
  #cartCounting = 0;
  #cartCounts = new Map<string, number>();

  changed(): void {
    this.#count++;
  }

  cartChanged(cartId: string): void {
    if (this.#cartCounts.size >= MAX_CARTS_COUNTED) {
      this.#cartCounting++;
      this.#cartCounts = new Map();
    }
    this.#cartCounts.set(cartId, (this.#cartCounts.get(cartId) ?? 0) + 1);
  }

  cartVersionOf(cartId: string): string {
    return `${this.#cartCounting}.${this.#cartCounts.get(cartId) ?? 0}`;
  }

  versionOf(): string {
    return `local-${this.#count}`;
  }

  caughtUp(): Promise<void> {
    return Promise.resolve();
  }
}
