/** What every island component receives. */
import type { CartStore } from './cart-store.ts';

/** Spec section 4 timings of the add-to-cart button, overridable for tests. */
export interface AddToCartTimings {
  /** From a successful response to 'Added!'. */
  addedDelayMs: number;
  /** From 'Added!' back to idle. */
  addedHoldMs: number;
  /** From an error back to idle. */
  errorResetMs: number;
}

export const SPEC_TIMINGS: AddToCartTimings = { addedDelayMs: 1000, addedHoldMs: 2000, errorResetMs: 1000 };

export interface IslandContext {
  cartStore: CartStore;
  timings: AddToCartTimings;
  /** Goes to another page (checkout); tests watch it instead of leaving the page. */
  navigate(url: string): void;
}

export interface IslandProps {
  /** The server-rendered element the island was found on. */
  element: HTMLElement;
  context: IslandContext;
}
