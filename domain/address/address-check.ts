/**
 * The checks on the place part of a shipping address (country, region,
 * postal code) that decide where an order can go and what it costs to get
 * there: the checkout form runs them on the whole address, and the shipping
 * location a cart is priced for goes through the same ones.
 */
import { countryCodeOf, countryName } from './countries.ts';
import { checkPostalCode, hasPostalCodes, postalCodeLabel } from './postal-codes.ts';
import { regionCodeOf, regionListOf } from './regions.ts';

export const ADDRESS_MESSAGES = {
  countryRequired: 'Select your country.',
  countryUnknown: 'Select a country from the list.',
  regionRequired: (label: string) => `Select a ${label.toLowerCase()}.`,
  regionTooLong: 'Use 100 characters or fewer.',
  postalCodeRequired: (label: string) => `Enter your ${label}.`,
  postalCodeInvalid: (label: string, country: string, example: string | undefined) =>
    example === undefined
      ? `Enter a valid ${label} for ${country}.`
      : `Enter a valid ${label} for ${country}, like ${example}.`,
} as const;

const REGION_MAX = 100;

export interface ShippingPlace {
  /** ISO 3166-1 alpha-2. */
  country: string;
  /** A region code where the country has a list (US state, CA province, AU state), else the shopper's text or null. */
  region: string | null;
  /** Normalised (upper case, single spaces); null where the country has no postal codes or none was given. */
  postalCode: string | null;
}

export interface PlaceEntry {
  country: string;
  region: string;
  postalCode: string;
}

export type PlaceErrors = Partial<Record<keyof PlaceEntry, string>>;

export type PlaceCheck = { ok: true; place: ShippingPlace } | { ok: false; errors: PlaceErrors };

/**
 * checkPlace({ country: 'United States', region: 'ny', postalCode: '10001' })
 * → ok, { country: 'US', region: 'NY', postalCode: '10001' };
 * { country: 'Narnia', … } → errors.country. Each field gets its first
 * problem; a region or postal code is judged only once the country is known.
 */
export function checkPlace(entry: PlaceEntry, options: { postalCodeRequired?: boolean } = {}): PlaceCheck {
  const errors: PlaceErrors = {};
  const countryText = entry.country.trim();
  const country = countryText === '' ? undefined : countryCodeOf(countryText);
  if (countryText === '') errors.country = ADDRESS_MESSAGES.countryRequired;
  else if (country === undefined) errors.country = ADDRESS_MESSAGES.countryUnknown;
  if (country === undefined) return { ok: false, errors };

  let region: string | null = null;
  const list = regionListOf(country);
  const regionText = entry.region.trim();
  if (list) {
    const code = regionCodeOf(country, regionText);
    if (code === undefined) errors.region = ADDRESS_MESSAGES.regionRequired(list.label);
    else region = code;
  } else if (regionText.length > REGION_MAX) {
    errors.region = ADDRESS_MESSAGES.regionTooLong;
  } else {
    region = regionText === '' ? null : regionText;
  }

  let postalCode: string | null = null;
  const postalText = entry.postalCode.trim();
  if (hasPostalCodes(country)) {
    const label = postalCodeLabel(country);
    if (postalText === '') {
      if (options.postalCodeRequired !== false) errors.postalCode = ADDRESS_MESSAGES.postalCodeRequired(label);
    } else {
      const checked = checkPostalCode(country, postalText);
      if (checked.ok) postalCode = checked.code;
      else errors.postalCode = ADDRESS_MESSAGES.postalCodeInvalid(label, countryName(country), checked.example);
    }
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, place: { country, region, postalCode } };
}
