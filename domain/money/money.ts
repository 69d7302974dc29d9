/**
 * Money values: an exact decimal amount in major units plus an ISO currency code.
 *
 * Template JSON carries money as `{value, currency}` or `{decimalValue, currencyCode}`,
 * where the amount text is in major units ("19.99"), which is how the template
 * dialect's price formatters read it. Storage and the API keep integer minor
 * units; fromMinorUnits / toMinorUnits convert between the two, with the
 * currency's fraction digits (JPY has none). Legacy cents numbers (`price`,
 * `subtotalCents`) are always hundredths, whatever the currency.
 */
import { DEFAULT_CURRENCY, fractionDigits } from './currencies.ts';
import { Decimal, type DecimalValue, decimalText, parseDecimal, ZERO } from './decimal.ts';

export interface Money {
  /** Major units, exact. */
  readonly amount: DecimalValue;
  /** ISO 4217 code as given; DEFAULT_CURRENCY when the source had none. */
  readonly currency: string;
}

/** Spec: "The default currency price is 0 USD." */
export const ZERO_MONEY: Money = Object.freeze({ amount: ZERO, currency: DEFAULT_CURRENCY });

const HUNDRED = new Decimal(100);
const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** True for an object shaped like template money: it has `value` or `decimalValue`. */
export function isMoneyNode(node: unknown): node is Record<string, unknown> {
  return isRecord(node) && (Object.hasOwn(node, 'value') || Object.hasOwn(node, 'decimalValue'));
}

/**
 * Page data gives both pairs (spec section 3: `value` a string of minor
 * units, `decimalValue` the amount); template data written for the
 * reference engine gives one, in major units either way (conformance
 * f-product-price-9: value "2500" shows as €2,500.00). So the decimal pair
 * wins when it is there, and `value` alone is read as the reference reads it.
 */
const hasDecimalPair = (node: Record<string, unknown>): boolean => Object.hasOwn(node, 'decimalValue');

function currencyCodeOf(node: Record<string, unknown>): unknown {
  return hasDecimalPair(node) ? (node.currencyCode ?? node.currency) : (node.currency ?? node.currencyCode);
}

function currencyOf(node: Record<string, unknown>): string {
  const code = currencyCodeOf(node);
  return typeof code === 'string' && code !== '' ? code : DEFAULT_CURRENCY;
}

function amountTextOf(node: Record<string, unknown>): unknown {
  return hasDecimalPair(node) ? node.decimalValue : node.value;
}

/**
 * parseMoney({value: '19.99', currency: 'EUR'}) → 19.99 EUR;
 * parseMoney({decimalValue: '5', currencyCode: 'JPY'}) → 5 JPY;
 * undefined for anything that is not money with a readable amount.
 */
export function parseMoney(node: unknown): Money | undefined {
  if (!isMoneyNode(node)) return undefined;
  const amount = parseDecimal(amountTextOf(node));
  return amount === undefined ? undefined : { amount, currency: currencyOf(node) };
}

const CURRENCY_CODE = /^[A-Za-z]{3}$/;

/**
 * Money that names its own currency, for formatters that show nothing
 * rather than assume USD: parseMoney({decimalValue: '1.5', currencyCode: 'usd'})
 * → 1.5 USD; undefined without a three-letter code.
 */
export function parseMoneyWithCurrency(node: unknown): Money | undefined {
  if (!isMoneyNode(node)) return undefined;
  const code = currencyCodeOf(node);
  if (typeof code !== 'string' || !CURRENCY_CODE.test(code)) return undefined;
  const amount = parseDecimal(amountTextOf(node));
  return amount === undefined ? undefined : { amount, currency: code.toUpperCase() };
}

/**
 * Lenient reading for display code: a missing node or an unreadable amount
 * counts as zero, the way product prices have always rendered ('abc' → 0.00).
 */
export function moneyOrZero(node: unknown): Money {
  if (!isRecord(node)) return ZERO_MONEY;
  const amount = parseDecimal(amountTextOf(node)) ?? ZERO;
  return { amount, currency: currencyOf(node) };
}

/** The JSON shape templates read: `{value: '19.99', currency: 'EUR'}`. */
export function toMoneyNode(money: Money): { value: string; currency: string } {
  return { value: decimalText(money.amount), currency: money.currency };
}

/** fromMinorUnits('1999', 'EUR') → 19.99 EUR; fromMinorUnits(500, 'JPY') → 500 JPY. */
export function fromMinorUnits(minor: string | number | bigint, currency: string): Money | undefined {
  const units = parseDecimal(typeof minor === 'bigint' ? minor.toString() : minor);
  if (units === undefined) return undefined;
  return { amount: units.div(new Decimal(10).pow(fractionDigits(currency))), currency };
}

/** toMinorUnits(19.99 EUR) → '1999'; rounds half up to the currency's smallest unit. */
export function toMinorUnits(money: Money): string {
  const scaled = money.amount.times(new Decimal(10).pow(fractionDigits(money.currency)));
  return decimalText(scaled.round(0, Decimal.roundHalfUp));
}

/** Legacy cents numbers are hundredths in every currency: fromLegacyCents(12345) → 123.45. */
export function fromLegacyCents(cents: unknown, currency: string = DEFAULT_CURRENCY): Money | undefined {
  const value = parseDecimal(cents);
  return value === undefined ? undefined : { amount: value.div(HUNDRED), currency };
}

/** The legacy cents text of an amount, unrounded: 6.125 → '612.5'. */
export function toLegacyCents(money: Money): string {
  return decimalText(money.amount.times(HUNDRED));
}

export function compareMoney(a: Money, b: Money): -1 | 0 | 1 {
  return a.amount.cmp(b.amount);
}

/** Sums amounts of one currency; undefined when currencies differ, since there is no rate to convert with. */
export function addMoney(a: Money, b: Money): Money | undefined {
  return a.currency === b.currency ? { amount: a.amount.plus(b.amount), currency: a.currency } : undefined;
}

export function multiplyMoney(money: Money, factor: number | string): Money | undefined {
  const f = parseDecimal(factor);
  return f === undefined ? undefined : { amount: money.amount.times(f), currency: money.currency };
}
