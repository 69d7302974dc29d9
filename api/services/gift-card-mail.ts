/**
 * The email that carries a gift card's code: to the recipient the buyer
 * named on the product page (their name and the buyer's note with it), or
 * to the buyer when the line names no one. Plain text: the code must
 * survive any mail program, and nothing else in it needs markup.
 */
import { formatGiftCardCode } from '../../domain/checkout/gift-cards.ts';
import { formatMinorUnits } from '../../domain/money/minor-units-text.ts';
import type { GiftCardRecipient } from '../../shared/gift-card-recipient.ts';
import type { MailMessage } from '../mail/index.ts';

export interface GiftCardMailInput {
  siteTitle: string;
  /** Where the site answers ('https://shop.example'): the mail links to it. */
  origin: string;
  /** The code in its normal form; printed in groups of four. */
  code: string;
  amountCents: string;
  currency: string;
  /** Whom the buyer named; null sends the card to the buyer. */
  recipient: GiftCardRecipient | null;
  buyer: { name: string | null; email: string };
}

export function giftCardMail(input: GiftCardMailInput): MailMessage {
  const amount = formatMinorUnits(input.amountCents, input.currency);
  const shop = new URL('/', input.origin).href;
  const spending = [
    `Your gift card code: ${formatGiftCardCode(input.code)}`,
    `Value: ${amount}`,
    '',
    `To spend it, shop at ${shop} and enter the code in the gift card field at checkout. It pays for anything but other gift cards, over as many orders as its balance lasts.`,
    '',
    'Keep this email safe: whoever has the code can spend the card.',
    '',
  ];
  const { recipient, buyer } = input;
  if (recipient === null) {
    return {
      kind: 'gift-card',
      to: buyer.email,
      subject: `Your ${input.siteTitle} gift card`,
      text: [
        `Here is the gift card you bought at ${input.siteTitle}. Give the code to whoever it is for, or spend it yourself.`,
        '',
        ...spending,
      ].join('\n'),
    };
  }
  const from = buyer.name ?? buyer.email;
  return {
    kind: 'gift-card',
    to: recipient.recipientEmail,
    // An answer goes to the friend who sent it, not to the shop.
    replyTo: buyer.email,
    subject: `${from} sent you a ${input.siteTitle} gift card`,
    text: [
      `Hello ${recipient.recipientName},`,
      '',
      `${from} sent you a gift card for ${input.siteTitle}, worth ${amount}.`,
      ...(recipient.note === '' ? [] : ['', `Their note: ${recipient.note}`]),
      '',
      ...spending,
    ].join('\n'),
  };
}
