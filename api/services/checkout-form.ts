/**
 * The checkout page's form (POST /checkout, form-encoded): who is buying,
 * and where a physical order goes. Checked with zod; every problem is
 * worded for the visitor and keyed by field, so the page can list them in
 * its error summary and under each field, with the visitor's text kept.
 */
import { z } from 'zod';
import { checkPlace } from '../../domain/address/address-check.ts';
import { GIFT_CARD_CODE_INPUT_MAX } from '../../domain/checkout/gift-cards.ts';
import type { ShippingAddress } from '../repositories/order-repository.ts';

/** The form's fields in page order (the error summary lists problems in this order). */
export const CHECKOUT_FIELDS = [
  'email',
  'name',
  'addressLine1',
  'addressLine2',
  'city',
  'region',
  'postalCode',
  'country',
  'shippingOption',
  'discountCode',
  'giftCardCode',
] as const;

export type CheckoutField = (typeof CHECKOUT_FIELDS)[number];
export type CheckoutValues = Record<CheckoutField, string>;
export type CheckoutErrors = Partial<Record<CheckoutField, string>>;

export interface CheckoutDetails {
  email: string;
  name: string;
  /** Only when the cart has something to ship. */
  shippingAddress: ShippingAddress | null;
  /** The option the shopper picked ('' for none: the cheapest is then taken). */
  shippingOptionId: string;
  /** A code typed in the discount field, to apply with the order ('' for none). */
  discountCode: string;
  /** A gift card's code typed in its field, to apply with the order ('' for none). */
  giftCardCode: string;
  /** The total the page showed (a hidden field): the order is placed only at that total. */
  expectedGrandTotalCents: string | null;
  /** What the page showed left to pay after gift cards (a hidden field): the order is placed only then. */
  expectedAmountDueCents: string | null;
}

export type CheckoutFormResult =
  | { ok: true; values: CheckoutValues; details: CheckoutDetails }
  | { ok: false; values: CheckoutValues; errors: CheckoutErrors };

/** Spec section 9: email length 3 to 256. */
const EMAIL_MAX = 256;
const TEXT_MAX = 200;
const POSTAL_CODE_MAX = 20;

export const CHECKOUT_MESSAGES = {
  emailRequired: 'Enter your email address.',
  // Spec section 5 (email item), with the example address filled in.
  emailInvalid: 'Email is not valid. Email addresses should follow the format name@example.com.',
  nameRequired: 'Enter your full name.',
  nameTooShort: 'Enter your full name, with at least 2 letters.',
  addressLine1Required: 'Enter the first line of your address.',
  cityRequired: 'Enter your town or city.',
  tooLong: (max: number) => `Use ${max} characters or fewer.`,
} as const;

/*
 * Spec section 5's local@domain check, except that the top-level part may
 * be longer than 4 letters: .coffee and .studio are real shops' domains,
 * and refusing a buyer's working address loses the order.
 */
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)*\.[A-Za-z]{2,63}$/;

const required = (message: string, max = TEXT_MAX) =>
  z
    .string()
    .min(1, { error: message })
    .max(max, { error: CHECKOUT_MESSAGES.tooLong(max) });

/* A name of one character ('A') names no one a parcel can be handed to; two letters do ('Bo', '王芳'). */
const LETTER = /\p{L}/gu;

const contact = {
  email: required(CHECKOUT_MESSAGES.emailRequired, EMAIL_MAX).regex(EMAIL, { error: CHECKOUT_MESSAGES.emailInvalid }),
  name: required(CHECKOUT_MESSAGES.nameRequired).refine((name) => (name.match(LETTER)?.length ?? 0) >= 2, {
    error: CHECKOUT_MESSAGES.nameTooShort,
  }),
};

const optional = (max: number) => z.string().max(max, { error: CHECKOUT_MESSAGES.tooLong(max) });

/* Country, region and postal code are checked together after these (domain/address/address-check.ts). */
const address = {
  addressLine1: required(CHECKOUT_MESSAGES.addressLine1Required),
  addressLine2: optional(TEXT_MAX),
  city: required(CHECKOUT_MESSAGES.cityRequired),
  postalCode: optional(POSTAL_CODE_MAX),
};

const choices = {
  discountCode: optional(50),
  giftCardCode: optional(GIFT_CARD_CODE_INPUT_MAX),
  shippingOption: optional(64),
};

const withoutShipping = z.object({
  ...contact,
  discountCode: choices.discountCode,
  giftCardCode: choices.giftCardCode,
});
const withShipping = z.object({ ...contact, ...address, ...choices });

/**
 * A form body as @fastify/formbody parses it: a field sent twice is an
 * array (its first value counts), anything else is a string or absent.
 */
function fieldText(raw: unknown): string {
  const value = Array.isArray(raw) ? raw[0] : raw;
  return typeof value === 'string' ? value.trim() : '';
}

export function readCheckoutValues(body: unknown): CheckoutValues {
  const fields = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  return Object.fromEntries(CHECKOUT_FIELDS.map((field) => [field, fieldText(fields[field])])) as CheckoutValues;
}

/** An amount the page showed (a hidden field), when the form sent one that is whole minor units. */
function shownAmountOf(body: unknown, field: 'expectedTotalCents' | 'expectedAmountDueCents'): string | null {
  const raw = fieldText((body as Record<string, unknown> | undefined)?.[field]);
  return /^\d{1,18}$/.test(raw) ? raw : null;
}

/** The address fields count only when the cart requires shipping; otherwise they are neither checked nor kept. */
export function readCheckoutForm(body: unknown, requiresShipping: boolean): CheckoutFormResult {
  const values = readCheckoutValues(body);
  const parsed = (requiresShipping ? withShipping : withoutShipping).safeParse(values);
  const errors: CheckoutErrors = {};
  if (!parsed.success) {
    // One message a field: the first rule it breaks (empty before malformed).
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as CheckoutField;
      errors[field] ??= issue.message;
    }
  }
  const place = requiresShipping ? checkPlace(values) : undefined;
  if (place && !place.ok) {
    for (const [field, message] of Object.entries(place.errors)) errors[field as CheckoutField] ??= message;
  }
  if (Object.keys(errors).length > 0 || (place && !place.ok)) return { ok: false, values, errors };
  const where = place?.ok ? place.place : undefined;
  const shippingAddress: ShippingAddress | null = where
    ? {
        line1: values.addressLine1,
        line2: values.addressLine2 === '' ? null : values.addressLine2,
        city: values.city,
        region: where.region,
        postalCode: where.postalCode ?? '',
        country: where.country,
      }
    : null;
  return {
    ok: true,
    values,
    details: {
      email: values.email,
      name: values.name,
      shippingAddress,
      shippingOptionId: values.shippingOption,
      discountCode: values.discountCode,
      giftCardCode: values.giftCardCode,
      expectedGrandTotalCents: shownAmountOf(body, 'expectedTotalCents'),
      expectedAmountDueCents: shownAmountOf(body, 'expectedAmountDueCents'),
    },
  };
}
