/**
 * Whether a discount applies to a cart and how much it takes off. Item
 * discounts (percentage, fixed) take their amount from the lines in their
 * scope, line by line, so tax can be worked out on what each line really
 * costs; a free-shipping discount takes off the chosen shipping.
 */
import { allocateMinorUnits } from '../money/allocate.ts';
import { Decimal } from '../money/decimal.ts';
import { compareMinorUnits, minorUnitsOf } from '../money/minor-units.ts';
import { PRODUCT_TYPES } from '../spec-enums.ts';
import type { Discount } from './checkout-rules.ts';

/** What pricing needs of a cart line. */
export interface PricingLine {
  id: string;
  itemId: string;
  productType: number;
  quantity: number;
  lineTotalCents: string;
  /** One unit's weight; 0 when the owner gave none. */
  unitWeightGrams: number;
  /** The product's store categories. */
  categories: string[];
}

export type DiscountProblem =
  | 'unknown'
  | 'inactive'
  | 'not-started'
  | 'expired'
  | 'below-minimum'
  | 'used-up'
  | 'customer-used'
  | 'no-eligible-items'
  | 'nothing-ships';

/** Why a code does not apply, worded for the shopper (the amount is formatted by the caller). */
export const DISCOUNT_MESSAGES: Record<DiscountProblem, (code: string, minimum: string) => string> = {
  unknown: (code) => `The code ${code} is not one we know. Check it and try again.`,
  inactive: (code) => `The code ${code} is not active.`,
  'not-started': (code) => `The code ${code} cannot be used yet.`,
  expired: (code) => `The code ${code} has expired.`,
  'below-minimum': (code, minimum) => `The code ${code} needs an order subtotal of ${minimum} or more.`,
  'used-up': (code) => `The code ${code} has reached its usage limit.`,
  'customer-used': (code) => `You have already used the code ${code} as often as it allows.`,
  'no-eligible-items': (code) => `The code ${code} does not apply to anything in your cart.`,
  'nothing-ships': (code) => `The code ${code} is for shipping, and nothing in your cart is shipped.`,
};

/** Gift cards are money: no discount reduces them and no tax is charged on them. */
export function isDiscountableLine(line: PricingLine): boolean {
  return line.productType !== PRODUCT_TYPES['gift-card'];
}

/** The lines a discount's scope takes in (every discountable line when it names no product or category). */
export function linesInScope(discount: Discount, lines: readonly PricingLine[]): PricingLine[] {
  const everything = discount.productIds.length === 0 && discount.categories.length === 0;
  const categories = new Set(discount.categories.map((name) => name.toLowerCase()));
  return lines.filter(
    (line) =>
      isDiscountableLine(line) &&
      (everything ||
        discount.productIds.includes(line.itemId) ||
        line.categories.some((name) => categories.has(name.toLowerCase()))),
  );
}

export interface DiscountContext {
  now: Date;
  subtotalCents: string;
  requiresShipping: boolean;
  /** Orders this customer has already placed with each discount (by id); absent when the customer is not known yet. */
  customerUses?: ReadonlyMap<string, number>;
}

/** The first reason a discount cannot be used on this cart, or null when it can. */
export function discountProblem(
  discount: Discount,
  lines: readonly PricingLine[],
  context: DiscountContext,
): DiscountProblem | null {
  if (!discount.active) return 'inactive';
  if (discount.startsOn && context.now < discount.startsOn) return 'not-started';
  if (discount.endsOn && context.now >= discount.endsOn) return 'expired';
  if (discount.usageLimit !== null && discount.timesUsed >= discount.usageLimit) return 'used-up';
  const uses = context.customerUses?.get(discount.id) ?? 0;
  if (discount.perCustomerLimit !== null && uses >= discount.perCustomerLimit) return 'customer-used';
  if (
    discount.minimumSubtotalCents !== null &&
    compareMinorUnits(context.subtotalCents, discount.minimumSubtotalCents) < 0
  ) {
    return 'below-minimum';
  }
  if (discount.kind === 'free-shipping') return context.requiresShipping ? null : 'nothing-ships';
  return linesInScope(discount, lines).length === 0 ? 'no-eligible-items' : null;
}

/**
 * What an item discount takes off each line in its scope, by line id, given
 * what is left of each line after earlier discounts (a line never goes
 * below zero). Percentages round half up per line; a fixed amount is
 * shared by the lines in proportion to what is left of them, exactly.
 */
export function itemDiscountShares(
  discount: Discount,
  lines: readonly PricingLine[],
  remaining: ReadonlyMap<string, bigint>,
): Map<string, bigint> {
  const scoped = linesInScope(discount, lines).filter((line) => (remaining.get(line.id) ?? 0n) > 0n);
  const shares = new Map<string, bigint>();
  if (scoped.length === 0) return shares;
  if (discount.kind === 'percentage') {
    const percent = new Decimal(discount.value);
    for (const line of scoped) {
      const left = remaining.get(line.id)!;
      const off = BigInt(
        new Decimal(line.lineTotalCents).times(percent).div(100).round(0, Decimal.roundHalfUp).toFixed(0),
      );
      shares.set(line.id, off > left ? left : off);
    }
    return shares;
  }
  if (discount.kind === 'fixed') {
    const lefts = scoped.map((line) => remaining.get(line.id)!);
    const available = lefts.reduce((sum, left) => sum + left, 0n);
    const wanted = minorUnitsOf(discount.value);
    const whole = wanted > available ? available : wanted;
    allocateMinorUnits(whole, lefts).forEach((share, index) => {
      shares.set(scoped[index]!.id, share);
    });
  }
  return shares;
}
