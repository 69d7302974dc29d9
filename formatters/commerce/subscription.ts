/**
 * Subscription price wording (spec sections 3 and 9): billing every WEEK,
 * MONTH or YEAR, optionally for a number of billing cycles, where a total
 * duration that fills whole years is said in years (52 weeks, 12 months or
 * 1 year each). A site can word each case itself through a localizedStrings
 * key; otherwise the English text is built here.
 */
import { decimalText, parseDecimal } from '../../domain/money/index.ts';
import { readNumber } from '../../engine/read-number.ts';
import { asFlag, childOf, isRecord, pathOf, toOutputString } from '../json-values.ts';

/** Billing units with whole-year conversion; units outside this table are worded from their own name. */
export const PERIODS_PER_YEAR: Readonly<Record<string, number>> = Object.freeze({ WEEK: 52, MONTH: 12, YEAR: 1 });

/** Spec: "'Unavailable' for unsupported cases" (a subscription without a billing period). */
export const SUBSCRIPTION_UNAVAILABLE = 'Unavailable';

export function isSubscribable(item: unknown): boolean {
  return asFlag(pathOf(item, 'structuredContent', 'isSubscribable'));
}

/** How a price line reads: one price, or the lowest of several ("from"). */
export type PriceKind = 'singlePrice' | 'multiplePrices';

export interface SubscriptionWording {
  /** The localizedStrings key a site words this case with, e.g. 'productPrice__singlePrice__nWeekly__limited__1Years'. */
  readonly key: string;
  /** Message arguments of the localized string: `{billingPeriodValue}` and `{duration}` (`{price}` is the caller's). */
  readonly billingPeriodValue: string;
  readonly duration: string;
  /** The English text when the site has no string for the key, with a `{price}` placeholder. */
  readonly defaultMessage: string;
}

// Billing numbers may arrive as strings; NaN stays NaN so the text shows the data is broken rather than a made-up number.
function billingNumber(value: unknown): number {
  if (typeof value === 'string') return value.trim() === '' ? 0 : Number(value);
  return readNumber(value, 'leading-decimal');
}

function numberText(n: number): string {
  const d = Number.isFinite(n) ? parseDecimal(n) : undefined;
  return d === undefined ? String(n) : decimalText(d);
}

// Exact for the decimals a plan can hold (1.5 × 3), where floats would print 4.499999.
function multiply(a: number, b: number): number {
  const x = Number.isFinite(a) ? parseDecimal(a) : undefined;
  const y = Number.isFinite(b) ? parseDecimal(b) : undefined;
  return x === undefined || y === undefined ? a * b : Number(x.times(y).toFixed());
}

/** A duration in whole years when the unit converts and the span fills them: (104, 'WEEK') → 2. */
function inYears(duration: number, unit: string): number | undefined {
  const perYear = PERIODS_PER_YEAR[unit];
  if (perYear === undefined || !(duration > 0) || duration % perYear !== 0) return undefined;
  return duration / perYear;
}

const capitalized = (word: string): string => word.charAt(0).toUpperCase() + word.slice(1);

/** The localizedStrings key: productPrice__{kind}__{1|n}{Unit}ly__{indefinite | limited__{1|n}{Unit}s}. */
function wordingKey(kind: PriceKind, unit: string, value: number, duration: number): string {
  const name = capitalized(unit.toLowerCase());
  const every = `${value === 1 ? '1' : 'n'}${name}ly`;
  if (duration === 0) return `productPrice__${kind}__${every}__indefinite`;
  const years = inYears(duration, unit);
  const span = years === undefined ? { count: duration, name: `${name}s` } : { count: years, name: 'Years' };
  return `productPrice__${kind}__${every}__limited__${span.count === 1 ? '1' : 'n'}${span.name}`;
}

/** '{price} every 2 weeks for 1 year', with 'from ' in front for the lowest of several prices. */
function englishMessage(kind: PriceKind, unit: string, value: number, cycles: number, duration: number): string {
  const name = unit.toLowerCase();
  let text = `${kind === 'multiplePrices' ? 'from ' : ''}{price} every ${value > 1 ? `${numberText(value)} ${name}s` : name}`;
  if (cycles > 0) {
    const years = inYears(duration, unit);
    const [count, one] = years === undefined ? [duration, name] : [years, 'year'];
    text += count === 1 ? ` for 1 ${one}` : ` for ${numberText(count)} ${one}s`;
  }
  return text;
}

/**
 * The wording for a product's subscription plan, or undefined when the plan has
 * no billing period (shown as 'Unavailable').
 * subscriptionWording(item, 'singlePrice') for 2 weeks × 26 cycles →
 * {key: 'productPrice__singlePrice__nWeekly__limited__1Years', defaultMessage: '{price} every 2 weeks for 1 year', ...}
 */
export function subscriptionWording(item: unknown, kind: PriceKind): SubscriptionWording | undefined {
  const plan = pathOf(item, 'structuredContent', 'subscriptionPlan');
  const period = childOf(plan, 'billingPeriod');
  if (!isRecord(period)) return undefined;
  const unit = toOutputString(period.unit);
  const value = billingNumber(period.value);
  const cycles = billingNumber(childOf(plan, 'numBillingCycles'));
  const duration = multiply(value, cycles);
  const shownDuration = duration === 0 ? 0 : (inYears(duration, unit) ?? duration);
  return {
    key: wordingKey(kind, unit, value, duration),
    billingPeriodValue: numberText(value),
    duration: numberText(shownDuration),
    defaultMessage: englishMessage(kind, unit, value, cycles, duration),
  };
}
