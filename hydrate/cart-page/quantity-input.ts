/** Reads the cart page's quantity field before anything is sent. */
import { ADD_TO_CART_MESSAGES } from '../../shared/add-to-cart-messages.ts';

/** A blank field has no message: it is put back to the current quantity without a complaint. */
export type QuantityInput = { ok: true; quantity: number } | { ok: false; message: string | null };

/**
 * '3' → 3; '1.5' → 'Quantity must be a whole number.'; '' → blank. The range
 * (1 to 9999) is left to the server, whose message is then shown, so its
 * wording lives in one place.
 */
export function parseQuantityInput(raw: string): QuantityInput {
  const text = raw.trim();
  if (text === '') return { ok: false, message: null };
  const n = Number(text);
  if (!Number.isFinite(n)) return { ok: false, message: ADD_TO_CART_MESSAGES.quantityNotANumber };
  if (!Number.isInteger(n)) return { ok: false, message: ADD_TO_CART_MESSAGES.quantityNotWhole };
  return { ok: true, quantity: n };
}
