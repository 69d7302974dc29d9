/**
 * The store's minimum order subtotal (storeSettings.minimumSubtotalCents),
 * handed over by the cart page template as data attributes on #sqs-cart-root.
 */

export interface MinimumSubtotal {
  /** Minor units, as a string of digits. */
  cents: string;
  currency: string;
}

const DIGITS = /^\d+$/;

export function readMinimumSubtotal(root: HTMLElement): MinimumSubtotal | null {
  const cents = root.dataset.minimumSubtotalCents ?? '';
  const currency = root.dataset.minimumSubtotalCurrency ?? '';
  if (!DIGITS.test(cents) || BigInt(cents) === 0n || !/^[A-Z]{3}$/.test(currency)) return null;
  return { cents, currency };
}

/**
 * Compared as integers (BigInt), never as floats. A cart in another currency
 * than the minimum cannot be compared, so it is never held back.
 */
export function isBelowMinimum(subtotalCents: string, currency: string, minimum: MinimumSubtotal | null): boolean {
  if (!minimum || minimum.currency !== currency || !/^-?\d+$/.test(subtotalCents)) return false;
  return BigInt(subtotalCents) < BigInt(minimum.cents);
}
