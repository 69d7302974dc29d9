/** Cart numbers shown in page markup. */

import { readNumber } from '../../engine/read-number.ts';
import { arrayOf, childOf } from '../json-values.ts';

/** Units across the cart's entries; unreadable quantities count as none. */
export function cartQuantity(cart: unknown): number {
  let total = 0;
  for (const entry of arrayOf(cart, 'entries')) {
    const n = readNumber(childOf(entry, 'quantity'), 'leading-decimal');
    if (!Number.isNaN(n)) total += n;
  }
  return total;
}

/** The cart page's path (spec section 2). */
export const CART_URL = '/cart';
