/** The cart entries as the cart page reads them off GET /api/commerce/shopping-cart. */
// Type-only: the server's entry shape is the contract, and nothing of the server is bundled.
import type { ShoppingCartEntry } from '../../api/repositories/cart-repository.ts';
import type { CartSnapshot } from '../cart-store.ts';

export type CartEntry = Pick<
  ShoppingCartEntry,
  | 'id'
  | 'itemId'
  | 'quantity'
  | 'chosenVariant'
  | 'productName'
  | 'fullUrl'
  | 'currency'
  | 'unitPriceCents'
  | 'regularUnitPriceCents'
  | 'onSale'
  | 'lineTotalCents'
  | 'image'
> &
  Partial<Pick<ShoppingCartEntry, 'additionalFields'>>;

/** The entries of a cart; anything without the fields the page cannot do without is left out rather than crash it. */
export function cartEntries(cart: CartSnapshot | null): CartEntry[] {
  return (cart?.entries ?? []).filter(isEntry);
}

function isEntry(value: unknown): value is CartEntry {
  const entry = value as Partial<CartEntry> | null;
  return (
    typeof entry === 'object' &&
    entry !== null &&
    typeof entry.id === 'string' &&
    typeof entry.quantity === 'number' &&
    typeof entry.productName === 'string' &&
    typeof entry.currency === 'string' &&
    typeof entry.unitPriceCents === 'string' &&
    typeof entry.lineTotalCents === 'string'
  );
}

/** variantText({ Size: 'Small', Color: 'Blue' }) → 'Size: Small, Color: Blue'. */
export function variantText(entry: CartEntry): string {
  const attributes = entry.chosenVariant?.attributes ?? {};
  return Object.entries(attributes)
    .map(([name, value]) => `${name}: ${value}`)
    .join(', ');
}

/**
 * Whose remove button takes focus once `removedId` is gone: the next entry,
 * else the previous one. Both are offered, in that order, because either may
 * have gone in the same update.
 */
export function focusCandidates(ids: readonly string[], removedId: string): string[] {
  const index = ids.indexOf(removedId);
  if (index < 0) return [];
  return [ids[index + 1], ids[index - 1]].filter((id): id is string => id !== undefined);
}
