/**
 * Which cart a visitor holds as they sign in and out: signing in brings the
 * cart they shopped with into their account's cart, and signing out can
 * leave them a copy of it (DELETE /api/site-users/account/session?cloneCart=).
 */
import { sql } from 'kysely';
import { QUANTITY } from '../../domain/quantity.ts';
import { isId, newId } from '../db/ids.ts';
import { type Db, inTransaction } from './transaction.ts';

/**
 * The cart a user holds after signing in, given the cart cookie they came
 * with: their account's open cart with the visitor cart's entries added (an
 * entry equal to one already there adds its quantity, up to the 9999 an
 * entry may hold), or the visitor cart itself, now theirs, when the account
 * had none. A cart that belongs to another user, or is purchased, is left
 * alone. Undefined when there is no cart at all.
 */
export async function adoptVisitorCart(
  db: Db,
  websiteId: string,
  siteUserId: string,
  visitorCartId: string | undefined,
): Promise<string | undefined> {
  return inTransaction(db, async (trx) => {
    const accountCart = await trx
      .selectFrom('carts')
      .select('id')
      .where('websiteId', '=', websiteId)
      .where('siteUserId', '=', siteUserId)
      .where('isPurchased', '=', false)
      .orderBy('updatedOn', 'desc')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    const visitorCart =
      visitorCartId !== undefined && isId(visitorCartId) && visitorCartId !== accountCart?.id
        ? await trx
            .selectFrom('carts')
            .select('id')
            .where('websiteId', '=', websiteId)
            .where('id', '=', visitorCartId)
            .where('isPurchased', '=', false)
            .where((eb) => eb.or([eb('siteUserId', 'is', null), eb('siteUserId', '=', siteUserId)]))
            .executeTakeFirst()
        : undefined;
    if (!visitorCart) return accountCart?.id;
    if (!accountCart) {
      await trx
        .updateTable('carts')
        .set({ siteUserId, updatedOn: sql`now()` })
        .where('websiteId', '=', websiteId)
        .where('id', '=', visitorCart.id)
        .execute();
      return visitorCart.id;
    }
    // Both rows locked in one order, so two sign-ins of the same user cannot deadlock.
    const locked = await trx
      .selectFrom('carts')
      .select('id')
      .where('websiteId', '=', websiteId)
      .where('id', 'in', [accountCart.id, visitorCart.id])
      .where('isPurchased', '=', false)
      .orderBy('id')
      .forUpdate()
      .execute();
    // An order placed from either cart in the meantime: keep what is, merge nothing.
    if (locked.length < 2) return locked.some((row) => row.id === accountCart.id) ? accountCart.id : undefined;
    await moveEntries(trx, websiteId, visitorCart.id, accountCart.id);
    await trx
      .updateTable('carts')
      .set({ updatedOn: sql`now()` })
      .where('websiteId', '=', websiteId)
      .where('id', '=', accountCart.id)
      .execute();
    // Emptied and unreachable once the cookie names the account's cart.
    await trx
      .deleteFrom('carts')
      .where('websiteId', '=', websiteId)
      .where('id', '=', visitorCart.id)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('orders')
              .select('orders.id')
              .whereRef('orders.websiteId', '=', 'carts.websiteId')
              .whereRef('orders.cartId', '=', 'carts.id'),
          ),
        ),
      )
      .execute();
    return accountCart.id;
  });
}

async function moveEntries(trx: Db, websiteId: string, fromCartId: string, toCartId: string): Promise<void> {
  const entries = await trx
    .selectFrom('cartEntries')
    .select(['id', 'quantity'])
    .where('websiteId', '=', websiteId)
    .where('cartId', '=', fromCartId)
    .orderBy('addedOn')
    .orderBy('id')
    .execute();
  for (const entry of entries) {
    // The same rule as adding: same item, variant and additional fields (jsonb equality) are one entry.
    const same = await trx
      .selectFrom('cartEntries as target')
      .innerJoin('cartEntries as source', (join) =>
        join
          .onRef('source.websiteId', '=', 'target.websiteId')
          .onRef('source.itemId', '=', 'target.itemId')
          .onRef('source.variantId', '=', 'target.variantId')
          .on(sql<boolean>`source.additional_fields is not distinct from target.additional_fields`),
      )
      .select('target.id')
      .where('target.websiteId', '=', websiteId)
      .where('target.cartId', '=', toCartId)
      .where('source.id', '=', entry.id)
      .orderBy('target.addedOn')
      .limit(1)
      .executeTakeFirst();
    if (same) {
      await trx
        .updateTable('cartEntries')
        .set({ quantity: sql<number>`least(${QUANTITY.max}, quantity + ${entry.quantity})` })
        .where('websiteId', '=', websiteId)
        .where('id', '=', same.id)
        .execute();
      await trx.deleteFrom('cartEntries').where('websiteId', '=', websiteId).where('id', '=', entry.id).execute();
    } else {
      await trx
        .updateTable('cartEntries')
        .set({ cartId: toCartId })
        .where('websiteId', '=', websiteId)
        .where('id', '=', entry.id)
        .execute();
    }
  }
}

/**
 * A new cart of no user holding the same entries as an open cart: what a
 * signed-out visitor keeps when they ask to. Undefined when the cart is not
 * an open cart of this website.
 */
export async function copyCart(db: Db, websiteId: string, cartId: string): Promise<string | undefined> {
  if (!isId(cartId)) return undefined;
  return inTransaction(db, async (trx) => {
    const source = await trx
      .selectFrom('carts')
      .select('currency')
      .where('websiteId', '=', websiteId)
      .where('id', '=', cartId)
      .where('isPurchased', '=', false)
      .executeTakeFirst();
    if (!source) return undefined;
    const copyId = newId();
    await trx.insertInto('carts').values({ websiteId, id: copyId, currency: source.currency }).execute();
    const entries = await trx
      .selectFrom('cartEntries')
      .select('id')
      .where('websiteId', '=', websiteId)
      .where('cartId', '=', cartId)
      .execute();
    for (const entry of entries) {
      // Copied row by row in SQL, so the jsonb fields are never read and written back.
      await trx
        .insertInto('cartEntries')
        .columns(['websiteId', 'id', 'cartId', 'itemId', 'variantId', 'quantity', 'additionalFields', 'addedOn'])
        .expression((eb) =>
          eb
            .selectFrom('cartEntries')
            .select([
              'websiteId',
              eb.cast<string>(eb.val(newId()), 'text').as('id'),
              eb.cast<string>(eb.val(copyId), 'text').as('cartId'),
              'itemId',
              'variantId',
              'quantity',
              'additionalFields',
              'addedOn',
            ])
            .where('websiteId', '=', websiteId)
            .where('id', '=', entry.id),
        )
        .execute();
    }
    return copyId;
  });
}
