/**
 * map (4): the address as text, with a link to the spot on OpenStreetMap.
 * No embedded map: an iframe or map script would make every visitor's
 * browser call a third party, and pages make no third-party requests.
 */
import type { EventLocation } from '../../api/db/schema.ts';
import { textIfSet } from '../../formatters/json-values.ts';
import type { BlockHandler } from './block-handler.ts';

const OSM_BASE = 'https://www.openstreetmap.org/';
const DEFAULT_ZOOM = 15;
// OpenStreetMap's standard layer has zoom levels 0 to 19.
const MIN_ZOOM = 1;
const MAX_ZOOM = 19;

const inRange = (value: unknown, limit: number): value is number =>
  typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= limit;

/** The marker link, or null without usable coordinates. */
export function openStreetMapUrl(location: EventLocation): string | null {
  const { mapLat: lat, mapLng: lng, mapZoom } = location;
  if (!inRange(lat, 90) || !inRange(lng, 180)) return null;
  const zoom =
    typeof mapZoom === 'number' && Number.isFinite(mapZoom)
      ? Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, Math.round(mapZoom)))
      : DEFAULT_ZOOM;
  return `${OSM_BASE}?mlat=${lat}&mlon=${lng}#map=${zoom}/${lat}/${lng}`;
}

const text = (value: unknown): string | null => textIfSet(value)?.trim() || null;

export const mapBlock: BlockHandler<4> = (block) => {
  const location: EventLocation = block.location ?? {};
  const lines = [text(location.addressLine1), text(location.addressLine2)].filter((l) => l !== null);
  return {
    view: {
      title: text(location.addressTitle),
      lines,
      country: text(location.addressCountry),
      mapUrl: openStreetMapUrl(location),
    },
  };
};
