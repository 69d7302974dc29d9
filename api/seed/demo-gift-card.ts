/**
 * The demo store's gift card (issue 20), listed in the README, so checkout's
 * gift card field can be tried without buying one first: $100.00, code
 * FERN-GLEN-CARD-2468 (any case, with or without the dashes). Written as
 * rows with fixed ids and dates, as the rest of the demo site is, so every
 * load is the same.
 */
import type { Kysely } from 'kysely';
import { lastCharactersOf, normalizeGiftCardCode } from '../../domain/checkout/gift-cards.ts';
import type { Database } from '../db/schema.ts';
import { giftCardDigest } from '../repositories/gift-card-repository.ts';
import { demoId } from './demo-ids.ts';

export const DEMO_GIFT_CARD = {
  id: demoId('gift-card', 'demo'),
  code: 'FERN-GLEN-CARD-2468',
  balanceCents: '10000',
} as const;

export async function seedDemoGiftCard(
  trx: Kysely<Database>,
  websiteId: string,
  currency: string,
  createdOn: string,
): Promise<void> {
  const code = normalizeGiftCardCode(DEMO_GIFT_CARD.code)!;
  const amount = DEMO_GIFT_CARD.balanceCents;
  await trx
    .insertInto('giftCards')
    .values({
      websiteId,
      id: DEMO_GIFT_CARD.id,
      codeDigest: giftCardDigest(code),
      lastCharacters: lastCharactersOf(code),
      currency,
      initialMinor: amount,
      balanceMinor: amount,
      createdOn,
    })
    .execute();
  await trx
    .insertInto('giftCardLedger')
    .values({
      websiteId,
      id: demoId('gift-card', 'demo:issued'),
      giftCardId: DEMO_GIFT_CARD.id,
      kind: 'issued',
      amountMinor: amount,
      createdOn,
    })
    .execute();
}
