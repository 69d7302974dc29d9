/**
 * What a cart or order line says beyond its product and price on the
 * checkout and order pages (issue 19): that it recurs and how often, in
 * the spec's subscription wording around the line's price ('$19.00 every
 * month'), and a gift card's recipient and note.
 */
import type { SubscriptionPlan } from '../../api/db/schema.ts';
import { subscriptionWording } from '../../formatters/commerce/subscription.ts';
import { giftCardRecipientOf } from '../../shared/gift-card-recipient.ts';
import { type MoneyJson, moneyJson } from './money-json.ts';

const PRICE_PLACEHOLDER = '{price}';

/**
 * A recurring line's wording split around its price, so the template
 * formats the price as it formats every other: { before: '', price,
 * after: ' every month' }. Undefined for a line that does not recur, or
 * whose plan has no billing period.
 */
export function recursJson(
  plan: SubscriptionPlan | null,
  lineTotalCents: string,
  currency: string,
): { before: string; price: MoneyJson; after: string } | undefined {
  if (!plan) return undefined;
  const wording = subscriptionWording({ structuredContent: { subscriptionPlan: plan } }, 'singlePrice');
  const at = wording?.defaultMessage.indexOf(PRICE_PLACEHOLDER) ?? -1;
  if (!wording || at < 0) return undefined;
  return {
    before: wording.defaultMessage.slice(0, at),
    price: moneyJson(lineTotalCents, currency),
    after: wording.defaultMessage.slice(at + PRICE_PLACEHOLDER.length),
  };
}

/** A gift card line's recipient and note; undefined when the line has none. */
export function giftCardJson(
  fields: Record<string, unknown> | null,
): { name: string; email: string; note: string | undefined } | undefined {
  const recipient = giftCardRecipientOf(fields);
  if (!recipient) return undefined;
  return {
    name: recipient.recipientName,
    email: recipient.recipientEmail,
    note: recipient.note === '' ? undefined : recipient.note,
  };
}
