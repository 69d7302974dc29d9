/**
 * How the cart's item count reads (spec sections 5 and 9): in the header
 * indicator the server renders and in the islands that keep it up to date.
 * Pure: nothing here may import server or browser code.
 */

/** Spec: "Cart pill and count cap: '100+' above 100." */
export const CART_COUNT_CAP = 100;

/** cartCountText(5) → '5'; cartCountText(101) → '100+'. */
export function cartCountText(count: number): string {
  return count > CART_COUNT_CAP ? `${CART_COUNT_CAP}+` : String(count);
}

/** cartSpokenLabel(1) → 'One item in cart'; 3 → '3 items in cart'; 101 → 'More than 100 items in cart'. */
export function cartSpokenLabel(count: number): string {
  if (count === 1) return 'One item in cart';
  if (count > CART_COUNT_CAP) return `More than ${CART_COUNT_CAP} items in cart`;
  return `${count} items in cart`;
}
