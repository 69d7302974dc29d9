/**
 * Which shipping options a cart gets for where it goes: the zone that
 * names the place most precisely wins (a zone naming the region beats one
 * naming the whole country, which beats the everywhere-else zone '*'), and
 * each of that zone's rates that can price the parcel is an option.
 */
import { compareMinorUnits } from '../money/minor-units.ts';
import type { RateBand, ShippingRate, ShippingRateKind, ShippingZone, ZoneArea } from './checkout-rules.ts';

export interface ShippingLocation {
  country: string;
  region: string | null;
  postalCode: string | null;
}

/** An option as the cart lists it (spec section 3, shippingOptions). */
export interface ShippingOption {
  id: string;
  name: string;
  kind: ShippingRateKind;
  costCents: string;
  description: string | null;
}

export interface Parcel {
  weightGrams: number;
  /** The order's subtotal after item discounts: what subtotal bands and free-over amounts compare with. */
  subtotalCents: string;
}

/** 3 for a region match, 2 for the whole country, 1 for everywhere else, 0 for none. */
function areaMatch(area: ZoneArea, location: ShippingLocation): number {
  if (area.country === '*') return 1;
  if (area.country !== location.country) return 0;
  if (!area.regions || area.regions.length === 0) return 2;
  const region = location.region?.toUpperCase();
  return region !== undefined && area.regions.some((candidate) => candidate.toUpperCase() === region) ? 3 : 0;
}

/** The zones that apply to a place: every zone tied for the most precise match (none when no zone names it). */
export function zonesFor(zones: readonly ShippingZone[], location: ShippingLocation): ShippingZone[] {
  const scored = zones.map((zone) => ({
    zone,
    score: Math.max(0, ...zone.areas.map((area) => areaMatch(area, location))),
  }));
  const best = Math.max(0, ...scored.map((entry) => entry.score));
  return best === 0 ? [] : scored.filter((entry) => entry.score === best).map((entry) => entry.zone);
}

/** The band a measure falls in: the first (by upper bound) that reaches it; undefined past the last. */
export function bandFor(bands: readonly RateBand[], measure: string): RateBand | undefined {
  const sorted = [...bands].sort((a, b) =>
    a.upTo === null ? (b.upTo === null ? 0 : 1) : b.upTo === null ? -1 : compareMinorUnits(a.upTo, b.upTo),
  );
  return sorted.find((band) => band.upTo === null || compareMinorUnits(measure, band.upTo) <= 0);
}

/** What a rate charges for a parcel; undefined when the rate has no band for it (too heavy, say). */
export function rateCost(rate: ShippingRate, parcel: Parcel): string | undefined {
  let cost: string | undefined;
  switch (rate.kind) {
    case 'flat':
    case 'pickup':
      cost = rate.amountCents;
      break;
    case 'weight':
      cost = bandFor(rate.bands, String(parcel.weightGrams))?.amountCents;
      break;
    case 'subtotal':
      cost = bandFor(rate.bands, parcel.subtotalCents)?.amountCents;
      break;
  }
  if (cost === undefined) return undefined;
  if (rate.freeOverCents !== null && compareMinorUnits(parcel.subtotalCents, rate.freeOverCents) >= 0) return '0';
  return cost;
}

/** The options for a place, cheapest first (then in the owner's order); [] when the store does not ship there. */
export function shippingOptionsFor(
  zones: readonly ShippingZone[],
  rates: readonly ShippingRate[],
  location: ShippingLocation,
  parcel: Parcel,
): ShippingOption[] {
  const zoneIds = new Set(zonesFor(zones, location).map((zone) => zone.id));
  const options = rates.flatMap((rate) => {
    if (!zoneIds.has(rate.zoneId)) return [];
    const costCents = rateCost(rate, parcel);
    return costCents === undefined
      ? []
      : [{ id: rate.id, name: rate.name, kind: rate.kind, costCents, description: rate.description }];
  });
  // Stable: options that cost the same keep the owner's order, so the first of them is the default.
  return options.sort((a, b) => compareMinorUnits(a.costCents, b.costCents));
}

/**
 * The shopper's choice when it is still on offer, else the cheapest option
 * that delivers: collecting from the shop is a trip the shopper must choose
 * to make, so pickup is the default only when nothing else is on offer.
 * null when there is no option at all.
 */
export function selectShippingOption(
  options: readonly ShippingOption[],
  chosenId: string | null,
): ShippingOption | null {
  return (
    options.find((option) => option.id === chosenId) ??
    options.find((option) => option.kind !== 'pickup') ??
    options[0] ??
    null
  );
}
