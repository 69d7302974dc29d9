/**
 * A cart's totals under the store's rules, in one pure function: item
 * discounts first (automatic ones, then the shopper's codes), then the
 * shipping options for where the cart goes, priced on the discounted
 * subtotal, then free shipping, then tax on what is left.
 *
 * grandTotal = subtotal − discount + shipping (+ tax when prices are entered
 * without it); discount counts both what came off the items and what came
 * off the shipping.
 */
import { minorUnitsOf, sumMinorUnits } from '../money/minor-units.ts';
import { PRODUCT_TYPES } from '../spec-enums.ts';
import { type CheckoutRules, type Discount, normalizeDiscountCode } from './checkout-rules.ts';
import {
  type DiscountContext,
  type DiscountProblem,
  discountProblem,
  isDiscountableLine,
  itemDiscountShares,
  type PricingLine,
} from './discounts.ts';
import {
  type ShippingLocation,
  type ShippingOption,
  selectShippingOption,
  shippingOptionsFor,
} from './shipping-options.ts';
import { type AppliedTaxRule, computeTax, taxRatesFor } from './tax.ts';

export interface PricingInput {
  lines: readonly PricingLine[];
  requiresShipping: boolean;
  location: ShippingLocation | null;
  selectedOptionId: string | null;
  /** The codes the shopper entered, as stored on the cart. */
  codes: readonly string[];
  now: Date;
  /** Known once the shopper gives an email: their earlier uses of each discount, by id. */
  customerUses?: ReadonlyMap<string, number>;
}

export interface AppliedDiscount {
  id: string;
  /** null for an automatic discount. */
  code: string | null;
  name: string;
  kind: Discount['kind'];
  amountCents: string;
}

export interface RefusedCode {
  code: string;
  reason: DiscountProblem;
}

export interface CartPricing {
  subtotalCents: string;
  shippingOptions: ShippingOption[];
  selectedShippingOption: ShippingOption | null;
  shippingCostCents: string;
  discounts: AppliedDiscount[];
  refusedCodes: RefusedCode[];
  /** What came off the items and off the shipping, together. */
  discountCents: string;
  shippingDiscountCents: string;
  applicableTaxRules: AppliedTaxRule[];
  taxCents: string;
  grandTotalCents: string;
  weightGrams: number;
}

export function priceCart(rules: CheckoutRules, input: PricingInput): CartPricing {
  const { lines } = input;
  const subtotal = minorUnitsOf(sumMinorUnits(lines.map((line) => line.lineTotalCents)));
  const context: DiscountContext = {
    now: input.now,
    subtotalCents: subtotal.toString(),
    requiresShipping: input.requiresShipping,
    customerUses: input.customerUses,
  };

  // Automatic discounts that apply, then each code the shopper gave (once each).
  const chosen: Discount[] = rules.discounts.filter(
    (discount) => discount.code === null && discountProblem(discount, lines, context) === null,
  );
  const refusedCodes: RefusedCode[] = [];
  for (const code of new Set(input.codes.map(normalizeDiscountCode))) {
    const discount = rules.discounts.find((candidate) => candidate.code === code);
    const problem = discount ? discountProblem(discount, lines, context) : 'unknown';
    if (problem === null && discount) chosen.push(discount);
    else refusedCodes.push({ code, reason: problem ?? 'unknown' });
  }

  const remaining = new Map(lines.map((line) => [line.id, minorUnitsOf(line.lineTotalCents)]));
  const amounts = new Map<string, bigint>();
  for (const discount of chosen) {
    if (discount.kind === 'free-shipping') continue;
    let taken = 0n;
    for (const [lineId, share] of itemDiscountShares(discount, lines, remaining)) {
      remaining.set(lineId, remaining.get(lineId)! - share);
      taken += share;
    }
    amounts.set(discount.id, taken);
  }
  const itemDiscount = [...amounts.values()].reduce((sum, amount) => sum + amount, 0n);

  const shippable = lines.filter((line) => line.productType === PRODUCT_TYPES.physical);
  const weightGrams = shippable.reduce((sum, line) => sum + line.unitWeightGrams * line.quantity, 0);
  const shippingOptions =
    input.requiresShipping && input.location
      ? shippingOptionsFor(rules.zones, rules.rates, input.location, {
          weightGrams,
          subtotalCents: (subtotal - itemDiscount).toString(),
        })
      : [];
  const selected = selectShippingOption(shippingOptions, input.selectedOptionId);
  const shipping = selected ? minorUnitsOf(selected.costCents) : 0n;

  let shippingDiscount = 0n;
  for (const discount of chosen) {
    if (discount.kind !== 'free-shipping') continue;
    // Free shipping is taken once, by the first discount that gives it.
    const off = shipping - shippingDiscount;
    amounts.set(discount.id, off);
    shippingDiscount += off;
  }

  const taxed = lines.filter(isDiscountableLine).map((line) => remaining.get(line.id)!);
  const applicableTaxRules = computeTax(
    taxRatesFor(rules.taxRates, input.location),
    { lines: taxed, shippingCents: shipping - shippingDiscount },
    rules.tax,
  );
  const tax = applicableTaxRules.reduce((sum, rule) => sum + minorUnitsOf(rule.taxCents), 0n);
  const discount = itemDiscount + shippingDiscount;
  const grandTotal = subtotal - discount + shipping + (rules.tax.pricesIncludeTax ? 0n : tax);

  return {
    subtotalCents: subtotal.toString(),
    shippingOptions,
    selectedShippingOption: selected,
    shippingCostCents: shipping.toString(),
    discounts: chosen.map((discount) => ({
      id: discount.id,
      code: discount.code,
      name: discount.name,
      kind: discount.kind,
      amountCents: (amounts.get(discount.id) ?? 0n).toString(),
    })),
    refusedCodes,
    discountCents: discount.toString(),
    shippingDiscountCents: shippingDiscount.toString(),
    applicableTaxRules,
    taxCents: tax.toString(),
    grandTotalCents: grandTotal.toString(),
    weightGrams,
  };
}
