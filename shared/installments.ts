/**
 * Buy-now-pay-later rules (spec sections 3, 5 and 9): who may see the
 * installment notice, whether a price is in the provider's range, what each
 * payment is, and the notice's wording. Pure and browser-safe: the page
 * context builder and the installment island both use it.
 *
 * Money is integer minor units held as bigint, so no amount ever passes
 * through a float.
 */

import { fractionDigits } from '../domain/money/currencies.ts';
import { PRODUCT_TYPES } from '../domain/spec-enums.ts';

/** Spec section 9: "Installment count defaults to 4." */
export const DEFAULT_INSTALLMENT_COUNT = 4;

/** Spec section 5: the languages the provider's messaging exists in, by account country. */
export const PROVIDER_LOCALES: Readonly<Record<string, readonly string[]>> = {
  US: ['en'],
  CA: ['en', 'fr'],
  AU: ['en'],
  NZ: ['en'],
  GB: ['en'],
};

/** Spec section 5: accounts in these count as US accounts. */
export const US_TERRITORIES: readonly string[] = ['US', 'PR', 'GU', 'VI', 'MP', 'AS', 'UM'];

export type InstallmentProvider = 'Afterpay' | 'Clearpay';

/**
 * The spec's installment context per item. afterPayMin and afterPayMax are
 * integer minor units of the store currency, as text (the way Money values
 * carry amounts), so limits above 2^53 minor units stay exact.
 */
export interface InstallmentContext {
  afterPayAvailable: boolean;
  afterPayMin: string;
  afterPayMax: string;
  /** A language tag: 'en-US', 'fr-CA'. */
  shopperLanguage: string;
  /** ISO 3166 alpha-2. */
  stripeAccountCountry: string;
}

export type InstallmentNotice =
  | {
      kind: 'in-range';
      count: number;
      /** What the notice quotes: every payment but the first. */
      payment: bigint;
      /** The full schedule; it always adds up to the price. */
      payments: bigint[];
    }
  | { kind: 'over-minimum'; limit: bigint }
  | { kind: 'up-to-maximum'; limit: bigint };

const MINOR_UNITS = /^\d+$/;

/** '0012' → 12n; anything but non-negative whole minor units → undefined. */
export function parseMinorUnits(value: unknown): bigint | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 ? BigInt(value) : undefined;
  return typeof value === 'string' && MINOR_UNITS.test(value) ? BigInt(value) : undefined;
}

/**
 * The spec passes prices as legacy cents, which are hundredths in every
 * currency: 150000 cents of JPY are ¥1,500, i.e. 1500 minor units.
 * A fraction of the currency's smallest unit cannot be charged, so it makes
 * the price unreadable rather than being rounded away.
 */
export function legacyCentsToMinorUnits(cents: unknown, currency: string): bigint | undefined {
  const value = parseMinorUnits(cents);
  if (value === undefined) return undefined;
  const divisor = 10n ** BigInt(2 - fractionDigits(currency));
  return value % divisor === 0n ? value / divisor : undefined;
}

/**
 * The context as the server printed it, checked field by field; undefined
 * when any field is missing or of the wrong kind (the caller reports that).
 */
export function parseInstallmentContext(value: unknown): InstallmentContext | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  const { afterPayAvailable, afterPayMin, afterPayMax, shopperLanguage, stripeAccountCountry } = value as Record<
    string,
    unknown
  >;
  const min = parseMinorUnits(afterPayMin);
  const max = parseMinorUnits(afterPayMax);
  if (typeof afterPayAvailable !== 'boolean' || min === undefined || max === undefined) return undefined;
  if (typeof shopperLanguage !== 'string' || typeof stripeAccountCountry !== 'string') return undefined;
  return {
    afterPayAvailable,
    afterPayMin: min.toString(),
    afterPayMax: max.toString(),
    shopperLanguage,
    stripeAccountCountry,
  };
}

/** 'PR' → 'US'; 'gb' → 'GB'. */
export function providerCountry(country: string): string {
  const code = country.toUpperCase();
  return US_TERRITORIES.includes(code) ? 'US' : code;
}

/** The provider trades as Clearpay in the UK and as Afterpay everywhere else. */
export function providerName(country: string): InstallmentProvider {
  return providerCountry(country) === 'GB' ? 'Clearpay' : 'Afterpay';
}

/** 'fr-CA' → 'fr'; 'EN_us' → 'en'. */
function primaryLanguage(tag: string): string {
  return tag.split(/[-_]/)[0]!.toLowerCase();
}

/**
 * Whether to show a notice at all: the store offers installments, its
 * account country and the shopper's language are ones the provider serves,
 * and every item is a physical product. Range is a separate question: an
 * eligible price outside it still gets the out-of-range wording.
 */
export function isInstallmentEligible(context: InstallmentContext, productTypes: readonly number[]): boolean {
  if (!context.afterPayAvailable || productTypes.length === 0) return false;
  if (!productTypes.every((type) => type === PRODUCT_TYPES.physical)) return false;
  const languages = PROVIDER_LOCALES[providerCountry(context.stripeAccountCountry)];
  return languages?.includes(primaryLanguage(context.shopperLanguage)) ?? false;
}

/**
 * Splits a price into `count` payments in whole minor units. Every payment is
 * the price divided by the count, rounded down; the remainder (fewer minor
 * units than there are payments) is added to the first payment, the one
 * taken at checkout, so the schedule adds up to the price exactly.
 * installmentPlan(2401n) → [601n, 600n, 600n, 600n].
 */
export function installmentPlan(price: bigint, count: number = DEFAULT_INSTALLMENT_COUNT): bigint[] {
  // BigInt() already refuses fractions; a count below 1 would quietly give no payments.
  if (count < 1) throw new RangeError(`Installment count ${count} is below 1`);
  const n = BigInt(count);
  const payment = price / n;
  return Array.from({ length: count }, (_, index) => (index === 0 ? payment + (price % n) : payment));
}

/** Spec section 5: in range when the price is above the minimum and at most the maximum. */
export function installmentNotice(
  price: bigint,
  context: Pick<InstallmentContext, 'afterPayMin' | 'afterPayMax'>,
  count: number = DEFAULT_INSTALLMENT_COUNT,
): InstallmentNotice {
  const min = BigInt(context.afterPayMin);
  const max = BigInt(context.afterPayMax);
  if (price > max) return { kind: 'up-to-maximum', limit: max };
  if (price <= min) return { kind: 'over-minimum', limit: min };
  const payments = installmentPlan(price, count);
  return { kind: 'in-range', count, payment: payments[count - 1]!, payments };
}

/**
 * Spec section 9 wording; `money` turns minor units into display text for the
 * notice's currency and locale. '4 interest-free payments of $6.00'.
 */
export function installmentNoticeText(notice: InstallmentNotice, money: (minorUnits: string) => string): string {
  switch (notice.kind) {
    case 'in-range':
      return `${notice.count} interest-free payments of ${money(notice.payment.toString())}`;
    case 'up-to-maximum':
      return `available for orders up to ${money(notice.limit.toString())}`;
    case 'over-minimum':
      return `available for orders over ${money(notice.limit.toString())}`;
  }
}
