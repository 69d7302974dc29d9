/**
 * The checkout page's address choices, shipping options, discount codes and
 * totals (issue 20), from the cart priced under the store's rules
 * (api/services/cart-pricing-service.ts). The page works without script:
 * the region field is the chosen country's list where it has one (a text
 * field otherwise), and a change of country shows its list after 'Update
 * totals' or a refused submit.
 */

import type { PlacedOrder } from '../../api/repositories/order-repository.ts';
import type { PricedCart } from '../../api/services/cart-pricing-service.ts';
import { refusalMessage } from '../../api/services/cart-pricing-service.ts';
import type { CheckoutValues } from '../../api/services/checkout-form.ts';
import { COUNTRIES, countryCodeOf, countryName } from '../../domain/address/countries.ts';
import { hasPostalCodes, postalCodeLabel } from '../../domain/address/postal-codes.ts';
import { regionCodeOf, regionListOf, regionName } from '../../domain/address/regions.ts';
import { moneyJson } from './money-json.ts';

type Json = Record<string, unknown>;

const sentenceStart = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The country, region and postal code fields as the page draws them. */
export function addressChoicesJson(priced: PricedCart, values: Partial<CheckoutValues>): Json {
  const location = priced.location;
  const typedCountry = values.country ?? '';
  const country = (typedCountry === '' ? undefined : countryCodeOf(typedCountry)) ?? location?.country ?? '';
  const regionText = values.region ?? (location && location.country === country ? (location.region ?? '') : '');
  const list = country === '' ? undefined : regionListOf(country);
  const selectedRegion = list ? (regionCodeOf(country, regionText) ?? '') : '';
  const postalCode = values.postalCode ?? (location && location.country === country ? (location.postalCode ?? '') : '');
  return {
    countries: COUNTRIES.map((entry) => ({ code: entry.code, name: entry.name, selected: entry.code === country })),
    country,
    regionLabel: list ? list.label : 'State, province or region',
    regions: list?.regions.map((region) => ({ ...region, selected: region.code === selectedRegion })),
    regionText: list ? undefined : regionText,
    postalCodeLabel: sentenceStart(postalCodeLabel(country)),
    postalCodeAsked: country === '' || hasPostalCodes(country),
    postalCode,
  };
}

/** The options for the cart's place, which one is chosen, and why there are none. */
export function shippingChoicesJson(priced: PricedCart): Json {
  const { pricing, location, cart } = priced;
  const selectedId = pricing.selectedShippingOption?.id;
  return {
    location: location
      ? {
          countryName: countryName(location.country),
          regionName: location.region === null ? undefined : regionName(location.country, location.region),
          postalCode: location.postalCode ?? undefined,
        }
      : undefined,
    options: pricing.shippingOptions.map((option, index) => ({
      id: option.id,
      inputId: index === 0 ? 'checkout-shipping-option' : `checkout-shipping-option-${index + 1}`,
      name: option.name,
      description: option.description ?? undefined,
      cost: moneyJson(option.costCents, cart.currency),
      free: option.costCents === '0',
      checked: option.id === selectedId,
    })),
    unavailable: location !== null && pricing.shippingOptions.length === 0 ? countryName(location.country) : undefined,
  };
}

/** The codes on the cart: those that apply with what they take off, and those that do not with why. */
export function couponsJson(priced: PricedCart): Json {
  const { pricing, cart } = priced;
  return {
    applied: pricing.discounts.map((discount) => ({
      code: discount.code ?? undefined,
      name: discount.name,
      amount: moneyJson(discount.amountCents, cart.currency),
    })),
    refused: pricing.refusedCodes.map((refused) => ({
      code: refused.code,
      message: refusalMessage(priced, refused.code, refused.reason),
    })),
  };
}

/** Subtotal, discount, shipping, tax and total lines; tax included in prices is shown as such, not added. */
export function totalsJson(priced: PricedCart): Json {
  const { pricing, cart } = priced;
  const money = (minor: string) => moneyJson(minor, cart.currency);
  return {
    subtotal: money(pricing.subtotalCents),
    discount: pricing.discountCents === '0' ? undefined : money(pricing.discountCents),
    shipping: cart.requiresShipping && pricing.selectedShippingOption ? money(pricing.shippingCostCents) : undefined,
    shippingPending: cart.requiresShipping && pricing.selectedShippingOption === null,
    taxLines: pricing.applicableTaxRules.map((rule) => ({
      name: rule.name,
      ratePercent: rule.ratePercent,
      amount: money(rule.taxCents),
    })),
    tax: money(pricing.taxCents),
    pricesIncludeTax: priced.rules.tax.pricesIncludeTax,
    grandTotal: money(pricing.grandTotalCents),
    expectedTotalCents: pricing.grandTotalCents,
  };
}

/** The order's own record of its shipping, tax and discounts, for the confirmation and status pages. */
export function orderChargesJson(order: Omit<PlacedOrder, 'orderNumber'>): Json {
  const money = (minor: string) => moneyJson(minor, order.currency);
  return {
    discount: order.discountCents === '0' ? undefined : money(order.discountCents),
    discountLines: order.discountLines.map((line) => ({
      code: line.code ?? undefined,
      name: line.name,
      amount: money(line.amountCents),
    })),
    shipping: order.shippingMethod ? money(order.shippingCostCents) : undefined,
    shippingMethod: order.shippingMethod?.name,
    taxLines: order.taxLines.map((line) => ({
      name: line.name,
      ratePercent: line.ratePercent,
      amount: money(line.taxCents),
    })),
    tax: order.taxCents === '0' ? undefined : money(order.taxCents),
    countryName: order.shippingAddress ? countryName(order.shippingAddress.country) : undefined,
    regionName: order.shippingAddress?.region
      ? regionName(order.shippingAddress.country, order.shippingAddress.region)
      : undefined,
  };
}
