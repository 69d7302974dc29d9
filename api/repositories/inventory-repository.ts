import type { Db } from './transaction.ts';

export type ReserveResult = { ok: true } | { ok: false; reason: 'insufficient-stock' | 'not-found' };

/**
 * Takes `quantity` units of a variant out of stock. A single conditional
 * UPDATE: Postgres re-checks the condition on the latest row version after
 * waiting for a concurrent buyer's lock, so two buyers can never both take
 * the last unit. Unlimited variants always succeed and keep their count.
 */
export async function reserveStock(
  db: Db,
  websiteId: string,
  variantId: string,
  quantity: number,
): Promise<ReserveResult> {
  checkQuantity(quantity);
  const updated = await db
    .updateTable('productVariants')
    .set((eb) => ({
      qtyInStock: eb
        .case()
        .when('unlimited', '=', true)
        .then(eb.ref('qtyInStock'))
        .else(eb('qtyInStock', '-', quantity))
        .end(),
    }))
    .where('websiteId', '=', websiteId)
    .where('id', '=', variantId)
    .where((eb) => eb.or([eb('unlimited', '=', true), eb('qtyInStock', '>=', quantity)]))
    .returning('id')
    .executeTakeFirst();
  if (updated) return { ok: true };
  return { ok: false, reason: (await variantExists(db, websiteId, variantId)) ? 'insufficient-stock' : 'not-found' };
}

/** Puts reserved units back (a cancelled order). False for an unknown variant. */
export async function releaseStock(db: Db, websiteId: string, variantId: string, quantity: number): Promise<boolean> {
  checkQuantity(quantity);
  const updated = await db
    .updateTable('productVariants')
    .set((eb) => ({
      qtyInStock: eb
        .case()
        .when('unlimited', '=', true)
        .then(eb.ref('qtyInStock'))
        .else(eb('qtyInStock', '+', quantity))
        .end(),
    }))
    .where('websiteId', '=', websiteId)
    .where('id', '=', variantId)
    .returning('id')
    .executeTakeFirst();
  return updated !== undefined;
}

/**
 * Sets a variant's stock outright, unlogged. False for an unknown variant. The
 * owner's panels change stock through adjustStock instead, by a difference and
 * logged (inventory-adjustment-repository.ts), so no sale made meanwhile is lost.
 */
export async function setStock(
  db: Db,
  websiteId: string,
  variantId: string,
  stock: { qtyInStock?: number; unlimited?: boolean },
): Promise<boolean> {
  if (stock.qtyInStock !== undefined && (!Number.isInteger(stock.qtyInStock) || stock.qtyInStock < 0)) {
    throw new RangeError(`qtyInStock must be a non-negative integer, got ${stock.qtyInStock}`);
  }
  if (stock.qtyInStock === undefined && stock.unlimited === undefined) {
    return variantExists(db, websiteId, variantId);
  }
  const updated = await db
    .updateTable('productVariants')
    .set({ qtyInStock: stock.qtyInStock, unlimited: stock.unlimited })
    .where('websiteId', '=', websiteId)
    .where('id', '=', variantId)
    .returning('id')
    .executeTakeFirst();
  return updated !== undefined;
}

// A caller passing 0, a fraction or a negative number has a bug; user input
// is validated with the spec's messages before it gets here.
function checkQuantity(quantity: number): void {
  if (!Number.isInteger(quantity) || quantity < 1) {
    throw new RangeError(`quantity must be a positive integer, got ${quantity}`);
  }
}

async function variantExists(db: Db, websiteId: string, variantId: string): Promise<boolean> {
  const row = await db
    .selectFrom('productVariants')
    .select('id')
    .where('websiteId', '=', websiteId)
    .where('id', '=', variantId)
    .executeTakeFirst();
  return row !== undefined;
}
