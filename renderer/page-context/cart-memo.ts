import type { ShoppingCart } from '../../api/repositories/cart-repository.ts';
import { UseOrderedMap } from '../use-ordered-map.ts';

/**
 * Shoppers' carts as their pages show them, each kept under a key made of
 * the cart's own version (it moves with any change to the cart or its
 * entries: counted as the embedded database announces changes,
 * ContentClock.cartVersionOf, and on PostgreSQL read from the cart's row,
 * migration 0014) and the website's content version (the prices, stock and
 * names its entries show), so a kept cart is exact or never asked for again.
 * A cart is found by its id alone, which only its holder's cookie names. At
 * most maxCarts are kept, least recently used out first.
 */
export class CartMemo {
  readonly #entries = new UseOrderedMap<string, { key: string; cart: Promise<ShoppingCart | undefined> }>();
  readonly #maxCarts: number;

  constructor(maxCarts = 5_000) {
    this.#maxCarts = maxCarts;
  }

  get(cartId: string, key: string, load: () => Promise<ShoppingCart | undefined>): Promise<ShoppingCart | undefined> {
    const known = this.#entries.use(cartId);
    if (known?.key === key) return known.cart;
    const cart = load();
    this.#entries.set(cartId, { key, cart });
    if (this.#entries.size > this.#maxCarts) {
      const [oldest] = this.#entries.entries().next().value!;
      this.#entries.delete(oldest);
    }
    // A failed read is not kept.
    cart.catch(() => {
      if (this.#entries.peek(cartId)?.cart === cart) this.#entries.delete(cartId);
    });
    return cart;
  }

  get size(): number {
    return this.#entries.size;
  }
}
