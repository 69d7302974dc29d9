/** Cart wording for the header indicator and the floating pill (spec sections 5 and 9). */
import { CART_COUNT_CAP, cartCountText } from '../formatters/commerce/cart.ts';

export { cartCountText };

/** cartSpokenLabel(1) → 'One item in cart'; 3 → '3 items in cart'; 101 → 'More than 100 items in cart'. */
export function cartSpokenLabel(count: number): string {
  if (count === 1) return 'One item in cart';
  if (count > CART_COUNT_CAP) return `More than ${CART_COUNT_CAP} items in cart`;
  return `${count} items in cart`;
}
