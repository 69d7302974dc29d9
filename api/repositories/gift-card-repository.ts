/**
 * Gift cards and their ledger (migration 0030). The balance changes only
 * here, and each change writes its ledger row in the same transaction, so
 * the ledger always sums to the balance. A redemption is one conditional
 * update (balance >= amount): two checkouts spending one card at once
 * cannot both take what only one of them can have, whatever they read
 * before.
 */
import { createHash } from 'node:crypto';
import { lastCharactersOf } from '../../domain/checkout/gift-cards.ts';
import { minorUnitsOf } from '../../domain/money/minor-units.ts';
import { newId } from '../db/ids.ts';
import type { GiftCardLedgerTable } from '../db/schema.ts';
import { type Db, inTransaction } from './transaction.ts';

export interface GiftCard {
  id: string;
  lastCharacters: string;
  currency: string;
  initialCents: string;
  balanceCents: string;
  /** The order line that bought it; null for one the owner or the seed made. */
  orderId: string | null;
  orderLineNumber: number | null;
  createdOn: Date;
}

export interface LedgerEntry {
  id: string;
  kind: GiftCardLedgerTable['kind'];
  /** Signed minor units: a redemption is negative. */
  amountCents: string;
  orderId: string | null;
  createdOn: Date;
}

export interface NewGiftCard {
  /** The code in its normal form (domain/checkout/gift-cards.ts); only its digest is kept. */
  code: string;
  currency: string;
  amountCents: string;
  orderId?: string;
  orderLineNumber?: number;
}

/**
 * What is stored of a code. The codes carry 80 random bits, so a plain
 * SHA-256 cannot be walked back by guessing, and lets a typed code be looked
 * up by its digest.
 */
export function giftCardDigest(code: string): string {
  return createHash('sha256').update(code).digest('hex');
}

const CARD_COLUMNS = [
  'id',
  'lastCharacters',
  'currency',
  'initialMinor',
  'balanceMinor',
  'orderId',
  'orderLineNumber',
  'createdOn',
] as const;

type CardRow = {
  id: string;
  lastCharacters: string;
  currency: string;
  initialMinor: string;
  balanceMinor: string;
  orderId: string | null;
  orderLineNumber: number | null;
  createdOn: Date;
};

function giftCardOf({ initialMinor, balanceMinor, ...row }: CardRow): GiftCard {
  return { ...row, initialCents: initialMinor, balanceCents: balanceMinor };
}

/** Makes a card holding `amountCents`, with the ledger's first row. */
export async function createGiftCard(db: Db, websiteId: string, card: NewGiftCard): Promise<GiftCard> {
  return inTransaction(db, async (trx) => {
    const row = await trx
      .insertInto('giftCards')
      .values({
        websiteId,
        id: newId(),
        codeDigest: giftCardDigest(card.code),
        lastCharacters: lastCharactersOf(card.code),
        currency: card.currency,
        initialMinor: card.amountCents,
        balanceMinor: card.amountCents,
        orderId: card.orderId ?? null,
        orderLineNumber: card.orderLineNumber ?? null,
      })
      .returning(CARD_COLUMNS)
      .executeTakeFirstOrThrow();
    await writeLedger(trx, websiteId, row.id, 'issued', card.amountCents, card.orderId ?? null);
    return giftCardOf(row);
  });
}

/** The card a code (in its normal form) names on this website. */
export async function findGiftCardByCode(db: Db, websiteId: string, code: string): Promise<GiftCard | undefined> {
  const row = await db
    .selectFrom('giftCards')
    .select(CARD_COLUMNS)
    .where('websiteId', '=', websiteId)
    .where('codeDigest', '=', giftCardDigest(code))
    .executeTakeFirst();
  return row ? giftCardOf(row) : undefined;
}

/** The cards with these ids, in the order of `ids`; ids of no card are left out. */
export async function getGiftCards(db: Db, websiteId: string, ids: readonly string[]): Promise<GiftCard[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('giftCards')
    .select(CARD_COLUMNS)
    .where('websiteId', '=', websiteId)
    .where('id', 'in', [...ids])
    .execute();
  const byId = new Map(rows.map((row) => [row.id, giftCardOf(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The cards an order's lines bought, in line order. */
export async function giftCardsOfOrder(db: Db, websiteId: string, orderId: string): Promise<GiftCard[]> {
  const rows = await db
    .selectFrom('giftCards')
    .select(CARD_COLUMNS)
    .where('websiteId', '=', websiteId)
    .where('orderId', '=', orderId)
    .orderBy('orderLineNumber')
    .orderBy('createdOn')
    .orderBy('id')
    .execute();
  return rows.map(giftCardOf);
}

/**
 * Takes `amountCents` off a card for an order, only if the balance holds it
 * when the row is updated; false when it does not (another order spent it
 * meanwhile), and nothing is written then.
 */
export async function redeemGiftCard(
  trx: Db,
  websiteId: string,
  giftCardId: string,
  amountCents: string,
  orderId: string,
): Promise<boolean> {
  const amount = minorUnitsOf(amountCents);
  if (amount <= 0n) throw new RangeError(`a redemption takes a positive amount: ${amountCents}`);
  const updated = await trx
    .updateTable('giftCards')
    .set((eb) => ({ balanceMinor: eb('balanceMinor', '-', amount.toString()) }))
    .where('websiteId', '=', websiteId)
    .where('id', '=', giftCardId)
    .where('balanceMinor', '>=', amount.toString())
    .returning('id')
    .executeTakeFirst();
  if (!updated) return false;
  await writeLedger(trx, websiteId, giftCardId, 'redeemed', (-amount).toString(), orderId);
  return true;
}

/**
 * Gives back to each card what an order took from it and has not had back
 * yet (a payment that failed or was refunded after the order was placed);
 * a second call gives back nothing more. Returns the total given back.
 */
export async function restoreOrderGiftCards(db: Db, websiteId: string, orderId: string): Promise<string> {
  return inTransaction(db, async (trx) => {
    // Two calls for one order at once: the second waits here and then finds nothing owed.
    await trx
      .selectFrom('orders')
      .select('id')
      .where('websiteId', '=', websiteId)
      .where('id', '=', orderId)
      .forUpdate()
      .executeTakeFirst();
    const owed = await trx
      .selectFrom('giftCardLedger')
      .select(['giftCardId', (eb) => eb.fn.sum<string>('amountMinor').as('net')])
      .where('websiteId', '=', websiteId)
      .where('orderId', '=', orderId)
      .where('kind', 'in', ['redeemed', 'restored'])
      .groupBy('giftCardId')
      .orderBy('giftCardId')
      .execute();
    let restored = 0n;
    for (const { giftCardId, net } of owed) {
      const back = -minorUnitsOf(net);
      if (back <= 0n) continue;
      await trx
        .updateTable('giftCards')
        .set((eb) => ({ balanceMinor: eb('balanceMinor', '+', back.toString()) }))
        .where('websiteId', '=', websiteId)
        .where('id', '=', giftCardId)
        .execute();
      await writeLedger(trx, websiteId, giftCardId, 'restored', back.toString(), orderId);
      restored += back;
    }
    return restored.toString();
  });
}

/** What each card paid of an order, net of anything given back, in the order they paid. */
export async function giftCardPaymentsOfOrder(
  db: Db,
  websiteId: string,
  orderId: string,
): Promise<{ giftCardId: string; lastCharacters: string; amountCents: string }[]> {
  const rows = await db
    .selectFrom('giftCardLedger as entry')
    .innerJoin('giftCards as card', (join) =>
      join.onRef('card.websiteId', '=', 'entry.websiteId').onRef('card.id', '=', 'entry.giftCardId'),
    )
    .select([
      'entry.giftCardId',
      'card.lastCharacters',
      (eb) => eb.fn.sum<string>('entry.amountMinor').as('net'),
      (eb) => eb.fn.min('entry.createdOn').as('firstOn'),
    ])
    .where('entry.websiteId', '=', websiteId)
    .where('entry.orderId', '=', orderId)
    .where('entry.kind', 'in', ['redeemed', 'restored'])
    .groupBy(['entry.giftCardId', 'card.lastCharacters'])
    .orderBy('firstOn')
    .orderBy('entry.giftCardId')
    .execute();
  return rows.flatMap(({ giftCardId, lastCharacters, net }) => {
    const paid = -minorUnitsOf(net);
    return paid > 0n ? [{ giftCardId, lastCharacters, amountCents: paid.toString() }] : [];
  });
}

/** A card's ledger, oldest first. */
export async function giftCardLedger(db: Db, websiteId: string, giftCardId: string): Promise<LedgerEntry[]> {
  const rows = await db
    .selectFrom('giftCardLedger')
    .select(['id', 'kind', 'amountMinor', 'orderId', 'createdOn'])
    .where('websiteId', '=', websiteId)
    .where('giftCardId', '=', giftCardId)
    .orderBy('createdOn')
    .orderBy('id')
    .execute();
  return rows.map(({ amountMinor, ...row }) => ({ ...row, amountCents: amountMinor }));
}

async function writeLedger(
  trx: Db,
  websiteId: string,
  giftCardId: string,
  kind: GiftCardLedgerTable['kind'],
  amountCents: string,
  orderId: string | null,
): Promise<void> {
  await trx
    .insertInto('giftCardLedger')
    .values({ websiteId, id: newId(), giftCardId, kind, amountMinor: amountCents, orderId })
    .execute();
}
