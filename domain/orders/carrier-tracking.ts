/**
 * A tracking page for a parcel of a carrier the buyer is likely to have
 * shipped with, when the owner gave a carrier and a tracking number but no
 * tracking address of their own. The carrier is matched by its usual names,
 * case and spacing aside; an unknown carrier has no link (we would only be
 * guessing).
 */

const CARRIER_PAGES: ReadonlyArray<{ names: readonly string[]; page: (number: string) => string }> = [
  {
    names: ['usps', 'us postal service', 'united states postal service'],
    page: (n) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}`,
  },
  { names: ['ups', 'united parcel service'], page: (n) => `https://www.ups.com/track?tracknum=${n}` },
  { names: ['fedex', 'federal express'], page: (n) => `https://www.fedex.com/fedextrack/?trknbr=${n}` },
  { names: ['dhl', 'dhl express'], page: (n) => `https://www.dhl.com/global-en/home/tracking.html?tracking-id=${n}` },
  {
    names: ['canada post', 'postes canada'],
    page: (n) => `https://www.canadapost-postescanada.ca/track-reperage/en#/details/${n}`,
  },
  { names: ['royal mail'], page: (n) => `https://www.royalmail.com/track-your-item#/tracking-results/${n}` },
  { names: ['australia post', 'auspost'], page: (n) => `https://auspost.com.au/mypost/track/details/${n}` },
];

const normalName = (carrier: string) =>
  carrier
    .trim()
    .toLowerCase()
    .replace(/[\s.]+/g, ' ');

/** carrierTrackingUrl('UPS', '1Z999AA10123456784') → 'https://www.ups.com/track?tracknum=1Z999AA10123456784'. */
export function carrierTrackingUrl(carrier: string | null, trackingNumber: string | null): string | null {
  if (!carrier || !trackingNumber) return null;
  const number = trackingNumber.replace(/\s+/g, '');
  // Tracking numbers are letters and digits; anything else is no number a carrier's page would take.
  if (!/^[A-Za-z0-9-]{4,60}$/.test(number)) return null;
  const name = normalName(carrier);
  const known = CARRIER_PAGES.find((entry) => entry.names.includes(name));
  return known ? known.page(encodeURIComponent(number)) : null;
}
