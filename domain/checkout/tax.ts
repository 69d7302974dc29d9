/**
 * Tax on a cart: which of the owner's rates apply where it goes (the
 * country's and the region's), and how much each takes from the lines
 * (after their discounts) and from the shipping when the rate says so.
 *
 * With prices entered without tax, tax is added: base × rate. With prices
 * entered with tax in them, it is the part of the price that is tax:
 * base × rate / (100 + all rates). The exact amounts stay in big.js until
 * they are rounded half up to the minor unit, per line or once per order as
 * the store's setting says.
 */
import type Big from 'big.js';
import { Decimal } from '../money/decimal.ts';
import type { TaxRate, TaxSettings } from './checkout-rules.ts';
import type { ShippingLocation } from './shipping-options.ts';

/** One applicable rate and what it comes to (spec section 3, applicableTaxRules). */
export interface AppliedTaxRule {
  id: string;
  name: string;
  ratePercent: string;
  appliesToShipping: boolean;
  taxCents: string;
}

/** The rates for a place: the whole country's and the region's own. */
export function taxRatesFor(rates: readonly TaxRate[], location: ShippingLocation | null): TaxRate[] {
  if (!location) return [];
  const region = location.region?.toUpperCase() ?? null;
  return rates.filter(
    (rate) => rate.country === location.country && (rate.region === null || rate.region.toUpperCase() === region),
  );
}

export interface TaxBase {
  /** What each taxable line costs after its discounts, in minor units. */
  lines: readonly bigint[];
  /** Shipping after any shipping discount. */
  shippingCents: bigint;
}

const roundCents = (value: Big): bigint => BigInt(value.round(0, Decimal.roundHalfUp).toFixed(0));

/**
 * Each rule with its tax. Per line: every (line, rule) amount is rounded and
 * the results added up; per order: a rule's exact amounts are added up and
 * rounded once. Shipping counts as one more line for the rules that tax it.
 */
export function computeTax(rules: readonly TaxRate[], base: TaxBase, settings: TaxSettings): AppliedTaxRule[] {
  const allRates = rules.reduce((sum, rule) => sum.plus(rule.ratePercent), new Decimal(0));
  const divisor = settings.pricesIncludeTax ? allRates.plus(100) : new Decimal(100);
  return rules.map((rule) => {
    const amounts = [...base.lines];
    if (rule.appliesToShipping) amounts.push(base.shippingCents);
    const exact = amounts.map((amount) => new Decimal(amount.toString()).times(rule.ratePercent).div(divisor));
    const tax =
      settings.rounding === 'line'
        ? exact.reduce((sum, value) => sum + roundCents(value), 0n)
        : roundCents(exact.reduce((sum, value) => sum.plus(value), new Decimal(0)));
    return {
      id: rule.id,
      name: rule.name,
      ratePercent: rule.ratePercent,
      appliesToShipping: rule.appliesToShipping,
      taxCents: tax.toString(),
    };
  });
}
