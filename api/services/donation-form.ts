/**
 * The donate page's form (POST /donate/{page}, form-encoded): the amount
 * (a preset's radio or the visitor's own), the donor's name and email
 * (checked as checkout checks them, checkout-form.ts), an optional note,
 * and the payment fields of the server's provider (payment-form.ts). Every
 * problem at once, keyed by field; the values come back as typed, the
 * card's fields never.
 */
import { type DonationTerms, readDonationAmount } from '../../domain/donations/donation-amount.ts';
import type { PaymentMethodKind } from '../payments/payment-provider.ts';
import { CHECKOUT_MESSAGES, readCheckoutForm } from './checkout-form.ts';
import { type PaymentErrors, readPaymentForm } from './payment-form.ts';

export const NOTE_MAX = 1000;

export interface DonationValues {
  amount: string;
  customAmount: string;
  name: string;
  email: string;
  note: string;
}

export type DonationErrors = Partial<Record<keyof DonationValues, string>> & PaymentErrors;

export type DonationFormResult =
  | { ok: true; values: DonationValues; amountCents: string; paymentMethod: string }
  | { ok: false; values: DonationValues; errors: DonationErrors };

function fieldText(body: unknown, name: string): string {
  const raw = (body as Record<string, unknown> | undefined)?.[name];
  const value = Array.isArray(raw) ? raw[0] : raw;
  return typeof value === 'string' ? value.trim() : '';
}

export function readDonationValues(body: unknown): DonationValues {
  return {
    amount: fieldText(body, 'amount'),
    customAmount: fieldText(body, 'customAmount').slice(0, 40),
    name: fieldText(body, 'name'),
    email: fieldText(body, 'email'),
    note: fieldText(body, 'note'),
  };
}

export function readDonationForm(
  body: unknown,
  terms: DonationTerms,
  currency: string,
  payment: { kind: PaymentMethodKind; now: Date },
): DonationFormResult {
  const values = readDonationValues(body);
  const errors: DonationErrors = {};
  const amount = readDonationAmount({ choice: values.amount, custom: values.customAmount }, terms, currency);
  if (!amount.ok) errors.amount = amount.message;
  const donor = readCheckoutForm({ email: values.email, name: values.name }, false);
  if (!donor.ok) {
    if (donor.errors.name) errors.name = donor.errors.name;
    if (donor.errors.email) errors.email = donor.errors.email;
  }
  if (values.note.length > NOTE_MAX) errors.note = CHECKOUT_MESSAGES.tooLong(NOTE_MAX);
  const card = readPaymentForm(body, payment.kind, { due: true, now: payment.now });
  if (!card.ok) Object.assign(errors, card.errors);
  if (!amount.ok || !card.ok || Object.keys(errors).length > 0) return { ok: false, values, errors };
  return { ok: true, values, amountCents: amount.amountMinor, paymentMethod: card.paymentMethod };
}
