/**
 * The cart's subtotal as the header indicator and the floating pill show
 * it ('$109.00'), in the page's language; '' before the cart is known.
 */
import { formatMinorUnits } from '../domain/money/minor-units-text.ts';
import type { CartSnapshot } from './cart-store.ts';

export function cartSubtotalText(cart: CartSnapshot | null, doc: Document): string {
  if (!cart) return '';
  return formatMinorUnits(cart.subtotalCents, cart.currency, doc.documentElement.lang || undefined);
}
