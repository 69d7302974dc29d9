import { sql } from 'kysely';
import { newId } from '../db/ids.ts';
import { readJsonColumn } from '../db/read-json.ts';
import { decodeCursor, encodeCursor, InvalidCursorError, pageLimit } from './cursor.ts';
import type { Db } from './transaction.ts';

export const DEFAULT_RESTOCK_PAGE_SIZE = 50;
export const MAX_RESTOCK_PAGE_SIZE = 200;

export interface RestockSignUpRequest {
  productId: string;
  variantId: string;
  email: string;
  joinMailingList?: boolean;
  language?: string | null;
}

export type SignUpResult = { ok: true; id: string; created: boolean } | { ok: false; reason: 'not-found' };

export interface SignUpGroup {
  productId: string;
  variantId: string;
  productName: string;
  sku: string;
  attributes: Record<string, string>;
  /** Every sign-up for the variant. */
  signUpCount: number;
  /** Those not notified yet. */
  pendingCount: number;
  /** Those whose notice went out. */
  sentCount: number;
}

export interface SignUp {
  id: string;
  email: string;
  joinMailingList: boolean;
  language: string | null;
  createdOn: Date;
  notifiedOn: Date | null;
}

export interface CursorPage {
  hasNextPage: boolean;
  nextPageCursor: string | null;
}

/**
 * Signs a visitor up for a variant's restock notice. The same address in
 * any letter case is one sign-up; signing up again after a notice went out
 * asks for the next one. Refused when the variant is not the product's.
 */
export async function signUp(db: Db, websiteId: string, request: RestockSignUpRequest): Promise<SignUpResult> {
  const id = newId();
  // Inserting from the variant row proves the variant exists and belongs to the product.
  const inserted = await db
    .insertInto('restockSignups')
    .columns(['websiteId', 'id', 'itemId', 'variantId', 'email', 'joinMailingList', 'language'])
    .expression((eb) =>
      eb
        .selectFrom('productVariants')
        .select([
          'productVariants.websiteId',
          eb.cast<string>(eb.val(id), 'text').as('id'),
          'productVariants.itemId',
          'productVariants.id as variantId',
          eb.cast<string>(eb.val(request.email), 'text').as('email'),
          eb.cast<boolean>(eb.val(request.joinMailingList ?? false), 'boolean').as('joinMailingList'),
          eb.cast<string | null>(eb.val(request.language ?? null), 'text').as('language'),
        ])
        .where('productVariants.websiteId', '=', websiteId)
        .where('productVariants.id', '=', request.variantId)
        .where('productVariants.itemId', '=', request.productId),
    )
    // Only the (website, variant, lower(email)) index can conflict: the id is new.
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) return { ok: true, id: inserted.id, created: true };

  const existing = await db
    .updateTable('restockSignups')
    // Opting in to the mailing list sticks; signing up again without it does not opt out.
    .set(request.joinMailingList ? { notifiedOn: null, joinMailingList: true } : { notifiedOn: null })
    .where('websiteId', '=', websiteId)
    .where('itemId', '=', request.productId)
    .where('variantId', '=', request.variantId)
    .where(sql<string>`lower(email)`, '=', sql<string>`lower(${request.email})`)
    .returning('id')
    .executeTakeFirst();
  return existing ? { ok: true, id: existing.id, created: false } : { ok: false, reason: 'not-found' };
}

/** Variants that visitors are waiting for, with counts, a page at a time (keyset on product and variant). */
export async function listSignUpGroups(
  db: Db,
  websiteId: string,
  cursor?: string | null,
  options: { limit?: number } = {},
): Promise<CursorPage & { signUpGroups: SignUpGroup[] }> {
  const limit = pageLimit(options.limit, DEFAULT_RESTOCK_PAGE_SIZE, MAX_RESTOCK_PAGE_SIZE);
  let groups = db
    .selectFrom('restockSignups')
    .select([
      'itemId',
      'variantId',
      (eb) => eb.fn.countAll<string>().as('signUpCount'),
      (eb) => eb.fn.countAll<string>().filterWhere('notifiedOn', 'is', null).as('pendingCount'),
    ])
    .where('websiteId', '=', websiteId)
    .groupBy(['itemId', 'variantId']);
  if (cursor) {
    const [itemId, variantId] = decodeCursor(cursor, 2);
    if (itemId === undefined || variantId === undefined) throw new InvalidCursorError();
    groups = groups.where(({ eb, refTuple, tuple }) =>
      eb(refTuple('itemId', 'variantId'), '>', tuple(itemId, variantId)),
    );
  }
  const rows = await db
    .selectFrom(
      groups
        .orderBy('itemId')
        .orderBy('variantId')
        .limit(limit + 1)
        .as('g'),
    )
    .innerJoin('productVariants as variant', (join) =>
      join.on('variant.websiteId', '=', websiteId).onRef('variant.id', '=', 'g.variantId'),
    )
    .innerJoin('items as item', (join) => join.on('item.websiteId', '=', websiteId).onRef('item.id', '=', 'g.itemId'))
    .select([
      'g.itemId',
      'g.variantId',
      'g.signUpCount',
      'g.pendingCount',
      'item.title',
      'variant.sku',
      'variant.attributes',
    ])
    .orderBy('g.itemId')
    .orderBy('g.variantId')
    .execute();
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const hasNextPage = rows.length > limit;
  return {
    signUpGroups: page.map((row) => ({
      productId: row.itemId,
      variantId: row.variantId,
      productName: row.title,
      sku: row.sku,
      attributes: readJsonColumn('productVariants', 'attributes', row.attributes),
      signUpCount: Number(row.signUpCount),
      pendingCount: Number(row.pendingCount),
      sentCount: Number(row.signUpCount) - Number(row.pendingCount),
    })),
    hasNextPage,
    nextPageCursor: hasNextPage && last ? encodeCursor([last.itemId, last.variantId]) : null,
  };
}

/** The sign-ups for one variant, oldest first, a page at a time. */
export async function listSignUps(
  db: Db,
  websiteId: string,
  productId: string,
  variantId: string,
  cursor?: string | null,
  options: { limit?: number } = {},
): Promise<CursorPage & { signUps: SignUp[] }> {
  const limit = pageLimit(options.limit, DEFAULT_RESTOCK_PAGE_SIZE, MAX_RESTOCK_PAGE_SIZE);
  let query = db
    .selectFrom('restockSignups')
    .select([
      'id',
      'email',
      'joinMailingList',
      'language',
      'createdOn',
      'notifiedOn',
      // The key goes into the cursor as text with microseconds: a JS Date
      // would drop them and the next page could repeat or skip rows.
      sql<string>`to_char(created_on at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as('createdKey'),
    ])
    .where('websiteId', '=', websiteId)
    .where('itemId', '=', productId)
    .where('variantId', '=', variantId);
  if (cursor) {
    const [createdKey, id] = decodeCursor(cursor, 2);
    if (createdKey === undefined || id === undefined || Number.isNaN(Date.parse(createdKey))) {
      throw new InvalidCursorError();
    }
    query = query.where(({ eb, refTuple, tuple }) =>
      eb(refTuple('createdOn', 'id'), '>', tuple(sql<Date>`cast(${createdKey} as timestamptz)`, id)),
    );
  }
  const rows = await query
    .orderBy('createdOn')
    .orderBy('id')
    .limit(limit + 1)
    .execute();
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const hasNextPage = rows.length > limit;
  return {
    signUps: page.map(({ createdKey: _key, ...signUp }) => signUp),
    hasNextPage,
    nextPageCursor: hasNextPage && last ? encodeCursor([last.createdKey, last.id]) : null,
  };
}

/**
 * Claims a variant's pending sign-ups for sending (the restock/send call)
 * and returns exactly those, so two senders running at once never mail the
 * same person twice.
 */
export async function markNotified(
  db: Db,
  websiteId: string,
  productId: string,
  variantId: string,
): Promise<Omit<SignUp, 'createdOn' | 'notifiedOn'>[]> {
  return db
    .updateTable('restockSignups')
    .set({ notifiedOn: sql`now()` })
    .where('websiteId', '=', websiteId)
    .where('itemId', '=', productId)
    .where('variantId', '=', variantId)
    .where('notifiedOn', 'is', null)
    .returning(['id', 'email', 'joinMailingList', 'language'])
    .execute();
}

/** What a restock notice and the sign-up check need to know about a variant. */
export interface RestockVariant {
  productId: string;
  variantId: string;
  productName: string;
  attributes: Record<string, string>;
  /** The product page's path, '/shop/stoneware-mug'. */
  path: string;
  inStock: boolean;
}

/** The variant of a product, or undefined when the website has no such pair. */
export async function findRestockVariant(
  db: Db,
  websiteId: string,
  productId: string,
  variantId: string,
): Promise<RestockVariant | undefined> {
  const row = await db
    .selectFrom('productVariants as variant')
    .innerJoin('items as item', (join) =>
      join.on('item.websiteId', '=', websiteId).onRef('item.id', '=', 'variant.itemId'),
    )
    .innerJoin('collections as collection', (join) =>
      join.on('collection.websiteId', '=', websiteId).onRef('collection.id', '=', 'item.collectionId'),
    )
    .select([
      'variant.itemId',
      'variant.id',
      'variant.attributes',
      'variant.unlimited',
      'variant.qtyInStock',
      'item.title',
      'item.urlId as itemUrlId',
      'collection.urlId as collectionUrlId',
    ])
    .where('variant.websiteId', '=', websiteId)
    .where('variant.id', '=', variantId)
    .where('variant.itemId', '=', productId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    productId: row.itemId,
    variantId: row.id,
    productName: row.title,
    attributes: readJsonColumn('productVariants', 'attributes', row.attributes),
    path: `/${row.collectionUrlId}/${row.itemUrlId}`,
    inStock: row.unlimited || row.qtyInStock > 0,
  };
}
