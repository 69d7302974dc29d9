import { useSyncExternalStore } from 'react';
import type { CartState, CartStore } from './cart-store.ts';

export function useCart(store: CartStore): CartState {
  return useSyncExternalStore(store.subscribe, store.getState, store.getState);
}
