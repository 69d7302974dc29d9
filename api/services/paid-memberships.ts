/**
 * The step that makes an order's paywall products (product type 5) pay for
 * their member areas: in the same transaction as the order, so an order is
 * never placed without the memberships it paid for, nor one granted without
 * the order. A membership is an account's, so an order that sells one must
 * be placed by a signed-in site user; placed signed out, it is rolled back
 * whole (stock, order number, the cart's purchase) and the buyer is asked to
 * sign in. This is what the best site builders do too: a member area's
 * plan is bought by an account, created or signed into before payment,
 * never attached afterwards to whoever owns the order's email address
 * (which would hand a stranger's purchase to that address's account, or
 * make an account nobody chose a password for).
 */
import type { PlaceOrderResult } from '../repositories/order-repository.ts';
import { grantPaidMemberships } from '../repositories/paid-membership-repository.ts';
import { type Db, inTransaction } from '../repositories/transaction.ts';

export type PlaceWithMembershipsResult = PlaceOrderResult | { ok: false; reason: 'sign-in-required' };

/** Thrown to roll the order back; a caller whose transaction this joined sees it and rolls back its own. */
export class SignInRequired extends Error {
  constructor() {
    super('a membership is bought by a signed-in site user');
  }
}

export async function placeWithMemberships(
  db: Db,
  place: (trx: Db) => Promise<PlaceOrderResult>,
): Promise<PlaceWithMembershipsResult> {
  try {
    return await inTransaction(db, async (trx) => {
      const placed = await place(trx);
      if (placed.ok && (await grantPaidMemberships(trx, placed.order)) === 'needs-account') {
        throw new SignInRequired();
      }
      return placed;
    });
  } catch (error) {
    // Only a transaction of our own has been rolled back by the throw; a joined one is its owner's to end.
    if (error instanceof SignInRequired && !db.isTransaction) return { ok: false, reason: 'sign-in-required' };
    throw error;
  }
}
