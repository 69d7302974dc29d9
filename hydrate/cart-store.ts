/**
 * The visitor's cart as the islands know it. Any island that changes the cart
 * dispatches `cart:updated` on window with the new cart as detail; the store
 * listens for it, so code outside the bundle can announce a cart too.
 */
import { apiRequest } from './api-client.ts';

export const CART_UPDATED_EVENT = 'cart:updated';
export const CART_PATH = '/api/commerce/shopping-cart';
export const CART_ENTRIES_PATH = '/api/commerce/shopping-cart/entries';
/** Answers { cartToken }: a cart of its own holding one subscription (spec section 7). */
export const SUBSCRIPTION_CART_PATH = '/api/3/commerce/cart/subscription';
/** The checkout page; ?cartToken= names a cart other than the visitor's. */
export const CHECKOUT_PATH = '/checkout';

/** The fields of GET /api/commerce/shopping-cart the islands read. */
export interface CartSnapshot {
  totalQuantity: number;
  /** Minor units, as a string. */
  subtotalCents: string;
  currency: string;
  entries: unknown[];
  /** Totals the cart page shows; minor units, as strings. */
  discountCents?: string;
  shippingCostCents?: string;
  taxCents?: string;
  grandTotalCents?: string;
}

export type CartStatus = 'loading' | 'loaded';

export interface CartState {
  status: CartStatus;
  cart: CartSnapshot | null;
}

type Listener = () => void;

export interface CartStore {
  getState(): CartState;
  subscribe(listener: Listener): () => void;
  /** Fetches the cart once; later calls reuse the same request. */
  load(): Promise<void>;
  /** Stops listening to window events (tests). */
  dispose(): void;
}

export function createCartStore(target: Window = window): CartStore {
  let state: CartState = { status: 'loading', cart: null };
  let loading: Promise<void> | undefined;
  const listeners = new Set<Listener>();
  const set = (next: CartState) => {
    state = next;
    for (const listener of listeners) listener();
  };
  const onUpdated = (event: Event) => {
    const cart = (event as CustomEvent<unknown>).detail;
    if (isCart(cart)) set({ status: 'loaded', cart });
  };
  target.addEventListener(CART_UPDATED_EVENT, onUpdated);
  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    load() {
      loading ??= apiRequest<unknown>(CART_PATH).then(
        (cart) => {
          // An add that finished first already carries a newer cart.
          if (state.status === 'loading' && isCart(cart)) set({ status: 'loaded', cart });
        },
        () => {
          // A cart that cannot be read counts as empty; the server markup stays as it was until then.
          if (state.status === 'loading') set({ status: 'loaded', cart: null });
        },
      );
      return loading;
    },
    dispose() {
      target.removeEventListener(CART_UPDATED_EVENT, onUpdated);
      listeners.clear();
    },
  };
}

/** Tells every island (and anything else listening) that the cart changed. */
export function announceCart(cart: CartSnapshot, target: Window = window): void {
  target.dispatchEvent(new CustomEvent(CART_UPDATED_EVENT, { detail: cart }));
}

export function cartQuantityOf(state: CartState): number {
  const n = state.cart?.totalQuantity;
  return typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : 0;
}

function isCart(value: unknown): value is CartSnapshot {
  return typeof value === 'object' && value !== null && typeof (value as CartSnapshot).totalQuantity === 'number';
}
