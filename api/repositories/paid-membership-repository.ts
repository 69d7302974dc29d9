/**
 * Paid member areas: a paywall product (product type 5) names the member
 * area (a member-only collection) that buying it opens (migration 0023).
 * An order's paywall products make its site user a member of their areas,
 * each membership keeping the order that paid for it.
 */
import { sql } from 'kysely';
import { PRODUCT_TYPES } from '../../domain/spec-enums.ts';
import type { Db } from './transaction.ts';

/** A member area's way in as its access-denied page (106) offers it. */
export interface PaywallOffer {
  itemId: string;
  title: string;
  /** The product page's path. */
  fullUrl: string;
  priceMinor: string;
  currency: string;
  /**
   * Whether it can be bought: published, in an enabled collection. A paid
   * area whose products are all withdrawn is still paid (never joined for
   * free, isPaidMemberArea); its page says memberships are not on sale.
   */
  onSale: boolean;
}

/** The member areas the order's paywall products open, by id, whether or not a membership was granted. */
export async function memberAreasPaidBy(db: Db, websiteId: string, orderId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('orderLines')
    .innerJoin('products', (join) =>
      join.onRef('products.websiteId', '=', 'orderLines.websiteId').onRef('products.itemId', '=', 'orderLines.itemId'),
    )
    .select('products.memberAreaId')
    .distinct()
    .where('orderLines.websiteId', '=', websiteId)
    .where('orderLines.orderId', '=', orderId)
    .where('products.productType', '=', PRODUCT_TYPES.paywall)
    .where('products.memberAreaId', 'is not', null)
    .execute();
  return rows.flatMap((row) => (row.memberAreaId === null ? [] : [row.memberAreaId]));
}

/**
 * Makes the order's site user a member of every area its paywall products
 * open, once: a membership they hold already (joined before, or granted by
 * this order earlier) is left as it was. The areas, or 'needs-account' when
 * the order sells a membership and belongs to no site user, which the
 * caller must not let stand (a membership is an account's).
 */
export async function grantPaidMemberships(
  db: Db,
  order: { id: string; websiteId: string; siteUserId: string | null },
): Promise<string[] | 'needs-account'> {
  const areaIds = await memberAreasPaidBy(db, order.websiteId, order.id);
  if (areaIds.length === 0) return [];
  if (order.siteUserId === null) return 'needs-account';
  const siteUserId = order.siteUserId;
  await db
    .insertInto('memberAreaMembers')
    .values(
      areaIds.map((collectionId) => ({ websiteId: order.websiteId, collectionId, siteUserId, orderId: order.id })),
    )
    .onConflict((c) => c.columns(['websiteId', 'collectionId', 'siteUserId']).doNothing())
    .execute();
  return areaIds;
}

/**
 * The paywall product that opens each of these member areas, by area id:
 * the first on sale in the store's order, else the first withdrawn one; an
 * area that none opens is free to join.
 */
export async function paywallOffersFor(
  db: Db,
  websiteId: string,
  areaIds: readonly string[],
): Promise<Map<string, PaywallOffer>> {
  const offers = new Map<string, PaywallOffer>();
  if (areaIds.length === 0) return offers;
  const rows = await db
    .selectFrom('products')
    .innerJoin('items', (join) =>
      join.onRef('items.websiteId', '=', 'products.websiteId').onRef('items.id', '=', 'products.itemId'),
    )
    .innerJoin('collections', (join) =>
      join.onRef('collections.websiteId', '=', 'items.websiteId').onRef('collections.id', '=', 'items.collectionId'),
    )
    .select([
      'products.memberAreaId',
      'items.id as itemId',
      'items.title',
      'items.urlId as itemUrlId',
      'collections.urlId as collectionUrlId',
      'products.priceMinor',
      'products.currency',
      sql<boolean>`items.published and items.publish_on <= now() and collections.enabled`.as('onSale'),
    ])
    .where('products.websiteId', '=', websiteId)
    .where('products.memberAreaId', 'in', [...areaIds])
    .orderBy('items.displayIndex')
    .orderBy('items.id')
    .execute();
  for (const row of rows) {
    if (row.memberAreaId === null || offers.get(row.memberAreaId)?.onSale) continue;
    if (offers.has(row.memberAreaId) && !row.onSale) continue;
    offers.set(row.memberAreaId, {
      itemId: row.itemId,
      title: row.title,
      fullUrl: `/${row.collectionUrlId}/${row.itemUrlId}`,
      priceMinor: String(row.priceMinor ?? '0'),
      currency: row.currency,
      onSale: row.onSale === true,
    });
  }
  return offers;
}

/** Whether a paywall product, published or not, opens the area: its way in is then buying, never a free join. */
export async function isPaidMemberArea(db: Db, websiteId: string, areaId: string): Promise<boolean> {
  const row = await db
    .selectFrom('products')
    .select('itemId')
    .where('websiteId', '=', websiteId)
    .where('memberAreaId', '=', areaId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
