/**
 * A gift card's recipient (issue 19: "we will email the gift card to you or
 * straight to the lucky person, with your note"): their name and email and
 * the buyer's note, asked on the product page, checked the same way by the
 * add-to-cart island and the server, and kept as the cart entry's
 * additionalFields (spec section 3), so they follow the line into the
 * cart, checkout and the order. The messages are the spec's form messages
 * (section 5). Pure: nothing here may import server or browser code.
 */
import { FORM_MESSAGES } from './form-messages.ts';
import { characterCount, isValidEmail } from './form-validation.ts';

export const GIFT_CARD_FIELDS = ['recipientName', 'recipientEmail', 'note'] as const;
export type GiftCardField = (typeof GIFT_CARD_FIELDS)[number];

export type GiftCardRecipient = Record<GiftCardField, string>;

/** Longest values, in characters as a visitor counts them; the email's is the spec's general email check. */
export const GIFT_CARD_LIMITS: Record<GiftCardField, number> = { recipientName: 100, recipientEmail: 256, note: 500 };

/** The fields' labels, the product page's and the cart's, checkout's and order's. */
export const GIFT_CARD_LABELS: Record<GiftCardField, string> = {
  recipientName: "Recipient's name",
  recipientEmail: "Recipient's email",
  note: 'Note',
};

export type GiftCardCheck =
  | { ok: true; recipient: GiftCardRecipient }
  | { ok: false; errors: Partial<Record<GiftCardField, string>> };

/** Trims the values and checks them: name and email required, the email well formed, each within its limit. */
export function checkGiftCardRecipient(values: Partial<Record<string, unknown>>): GiftCardCheck {
  const text = (field: GiftCardField) => {
    const value = values[field];
    return typeof value === 'string' ? value.trim() : '';
  };
  const recipient: GiftCardRecipient = {
    recipientName: text('recipientName'),
    recipientEmail: text('recipientEmail'),
    note: text('note'),
  };
  const errors: Partial<Record<GiftCardField, string>> = {};
  for (const field of GIFT_CARD_FIELDS) {
    if (characterCount(recipient[field]) > GIFT_CARD_LIMITS[field]) errors[field] = FORM_MESSAGES.overCharacterLimit;
  }
  if (recipient.recipientName === '') errors.recipientName = FORM_MESSAGES.required;
  if (recipient.recipientEmail === '') errors.recipientEmail = FORM_MESSAGES.required;
  else if (!errors.recipientEmail && !isValidEmail(recipient.recipientEmail)) {
    errors.recipientEmail = FORM_MESSAGES.emailInvalid;
  }
  return Object.keys(errors).length === 0 ? { ok: true, recipient } : { ok: false, errors };
}

/** The recipient kept on a line, when its additional fields hold one. */
export function giftCardRecipientOf(fields: Record<string, unknown> | null | undefined): GiftCardRecipient | null {
  if (!fields) return null;
  const name = fields.recipientName;
  const email = fields.recipientEmail;
  if (typeof name !== 'string' || typeof email !== 'string') return null;
  return { recipientName: name, recipientEmail: email, note: typeof fields.note === 'string' ? fields.note : '' };
}
