/** Cart numbers shown in page markup. */

import { arrayOf, childOf } from '../json-values.ts';
import { readNumber } from '../scalar-number.ts';

/** Spec: "Cart pill and count cap: '100+' above 100." */
export const CART_COUNT_CAP = 100;

/** Units across the cart's entries; unreadable quantities count as none. */
export function cartQuantity(cart: unknown): number {
  let total = 0;
  for (const entry of arrayOf(cart, 'entries')) {
    const n = readNumber(childOf(entry, 'quantity'), 'leading-decimal');
    if (!Number.isNaN(n)) total += n;
  }
  return total;
}

/** cartCountText(5) → '5'; cartCountText(101) → '100+'. */
export function cartCountText(count: number): string {
  return count > CART_COUNT_CAP ? `${CART_COUNT_CAP}+` : String(count);
}

/** The cart page's path (spec section 2). */
export const CART_URL = '/cart';
