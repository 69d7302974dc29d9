/**
 * What a shopper chooses for a cart at checkout, kept on the cart row:
 * where it goes (shippingLocation), how (selectedShippingOption, by the
 * option's id), the discount codes entered (coupons) and the gift cards
 * applied (by id). Written only to an open cart, in one conditional
 * update, so a bought cart never changes.
 */
import type { ShippingPlace } from '../../domain/address/address-check.ts';
import { json } from '../db/json.ts';
import type { Db } from './transaction.ts';

export interface CartChoices {
  shippingLocation?: ShippingPlace | null;
  selectedShippingOptionId?: string | null;
  coupons?: string[];
  /** Gift card ids, in the order they pay. */
  giftCards?: string[];
}

export type CartChoicesResult = { ok: true } | { ok: false; reason: 'cart-not-found' | 'cart-purchased' };

export async function updateCartChoices(
  db: Db,
  websiteId: string,
  cartId: string,
  choices: CartChoices,
): Promise<CartChoicesResult> {
  const set: Record<string, string | null> = {};
  if (choices.shippingLocation !== undefined) {
    set.shippingLocation = choices.shippingLocation === null ? null : json(choices.shippingLocation);
  }
  if (choices.selectedShippingOptionId !== undefined) {
    set.selectedShippingOption =
      choices.selectedShippingOptionId === null ? null : json({ id: choices.selectedShippingOptionId });
  }
  if (choices.coupons !== undefined) set.coupons = json(choices.coupons);
  if (choices.giftCards !== undefined) set.giftCards = json(choices.giftCards);
  if (Object.keys(set).length === 0) return { ok: true };
  const updated = await db
    .updateTable('carts')
    .set(set)
    .where('websiteId', '=', websiteId)
    .where('id', '=', cartId)
    .where('isPurchased', '=', false)
    .returning('id')
    .executeTakeFirst();
  if (updated) return { ok: true };
  const exists = await db
    .selectFrom('carts')
    .select('id')
    .where('websiteId', '=', websiteId)
    .where('id', '=', cartId)
    .executeTakeFirst();
  return { ok: false, reason: exists ? 'cart-purchased' : 'cart-not-found' };
}
