/**
 * Making the gift cards an order bought, in the order's own transaction
 * (checkout-service.ts calls this once the order is placed): one card per
 * unit of each gift card line, holding the unit's price in the order's
 * currency, and its email queued in the outbox in the same transaction, so
 * a card exists exactly when its order does and its code is mailed once.
 */
import { randomBytes } from 'node:crypto';
import { GIFT_CARD_CODE_LENGTH, giftCardCodeFromBytes } from '../../domain/checkout/gift-cards.ts';
import { minorUnitsOf } from '../../domain/money/minor-units.ts';
import { PRODUCT_TYPES } from '../../domain/spec-enums.ts';
import { giftCardRecipientOf } from '../../shared/gift-card-recipient.ts';
import { enqueueMail } from '../mail/index.ts';
import { createGiftCard, type GiftCard } from '../repositories/gift-card-repository.ts';
import type { PlacedOrder } from '../repositories/order-repository.ts';
import type { Db } from '../repositories/transaction.ts';
import type { WebsiteWithSettings } from '../repositories/website-repository.ts';
import { giftCardMail } from './gift-card-mail.ts';

/** A new code from the system's random source. */
export function newGiftCardCode(): string {
  return giftCardCodeFromBytes(randomBytes(GIFT_CARD_CODE_LENGTH));
}

export async function issueBoughtGiftCards(
  trx: Db,
  site: WebsiteWithSettings,
  order: PlacedOrder,
  mail: {
    /** Where the site answers, for the link in the email. */
    origin: string;
    /** Who bought it: a card whose line names no recipient is sent to them. */
    buyer: { name: string | null; email: string };
  },
): Promise<GiftCard[]> {
  const websiteId = site.website.id;
  const itemIds = [...new Set(order.items.map((line) => line.itemId))];
  const giftCardItems = new Set(
    (
      await trx
        .selectFrom('products')
        .select('itemId')
        .where('websiteId', '=', websiteId)
        .where('itemId', 'in', itemIds)
        .where('productType', '=', PRODUCT_TYPES['gift-card'])
        .execute()
    ).map((row) => row.itemId),
  );
  const issued: GiftCard[] = [];
  for (const line of order.items) {
    // A denomination priced at nothing would make a card worth nothing: there is no card to send.
    if (!giftCardItems.has(line.itemId) || minorUnitsOf(line.unitPriceCents) <= 0n) continue;
    const recipient = giftCardRecipientOf(line.additionalFields);
    for (let unit = 0; unit < line.quantity; unit++) {
      const code = newGiftCardCode();
      const card = await createGiftCard(trx, websiteId, {
        code,
        currency: order.currency,
        amountCents: line.unitPriceCents,
        orderId: order.id,
        orderLineNumber: line.lineNumber,
      });
      await enqueueMail(
        trx,
        websiteId,
        giftCardMail({
          siteTitle: site.website.siteTitle,
          origin: mail.origin,
          code,
          amountCents: line.unitPriceCents,
          currency: order.currency,
          recipient,
          buyer: mail.buyer,
        }),
      );
      issued.push(card);
    }
  }
  return issued;
}
