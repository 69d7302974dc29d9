/**
 * The step that makes an order's paywall products (product type 5) pay for
 * their member areas. A membership is an account's, so an order that sells
 * one must be held by a signed-in site user; held signed out, it is rolled
 * back whole (stock, discount uses, gift cards, the cart's purchase) before
 * any payment is asked for, and the buyer is asked to sign in. The
 * memberships themselves are granted when the order is paid, in the same
 * transaction (order-payment-service.ts), so none is granted for an order
 * whose payment fails. This is what the best site builders do too: a member
 * area's plan is bought by an account, created or signed into before
 * payment, never attached afterwards to whoever owns the order's email
 * address (which would hand a stranger's purchase to that address's
 * account, or make an account nobody chose a password for).
 */
import type { HeldOrder, PlaceOrderResult } from '../repositories/order-repository.ts';
import { memberAreasPaidBy } from '../repositories/paid-membership-repository.ts';
import { type Db, inTransaction } from '../repositories/transaction.ts';

export type HoldWithMembershipsResult = PlaceOrderResult<HeldOrder> | { ok: false; reason: 'sign-in-required' };

/** Thrown to roll the order back; a caller whose transaction this joined sees it and rolls back its own. */
export class SignInRequired extends Error {
  constructor() {
    super('a membership is bought by a signed-in site user');
  }
}

export async function holdWithMemberships(
  db: Db,
  hold: (trx: Db) => Promise<PlaceOrderResult<HeldOrder>>,
): Promise<HoldWithMembershipsResult> {
  try {
    return await inTransaction(db, async (trx) => {
      const held = await hold(trx);
      if (held.ok && held.order.siteUserId === null) {
        const areas = await memberAreasPaidBy(trx, held.order.websiteId, held.order.id);
        if (areas.length > 0) throw new SignInRequired();
      }
      return held;
    });
  } catch (error) {
    // Only a transaction of our own has been rolled back by the throw; a joined one is its owner's to end.
    if (error instanceof SignInRequired && !db.isTransaction) return { ok: false, reason: 'sign-in-required' };
    throw error;
  }
}
