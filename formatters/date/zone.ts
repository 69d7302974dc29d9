/**
 * Time zones for the date formatters: the offset at an instant (luxon, backed by
 * Intl) and the database abbreviation `%Z` prints, which Intl cannot give.
 */
import { IANAZone } from 'luxon';
import { ZONE_ABBREVIATIONS } from './zone-abbreviations.ts';

/** A zone a date is shown in; `null` zone means UTC (unknown names fall back to it). */
export interface DisplayZone {
  readonly zone: IANAZone | null;
  /** Lower-cased name, the key into the abbreviation table. */
  readonly key: string;
}

const UTC: DisplayZone = { zone: null, key: 'utc' };
const zones = new Map<string, DisplayZone>();
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+\-/]*$/;

/** displayZone('Asia/Tokyo'); a name Intl rejects, or an offset like '+05:00', gives UTC. */
export function displayZone(name: string): DisplayZone {
  let found = zones.get(name);
  if (!found) {
    found =
      ZONE_NAME.test(name) && IANAZone.isValidZone(name)
        ? { zone: IANAZone.create(name), key: name.toLowerCase() }
        : UTC;
    if (zones.size > 1000) zones.clear();
    zones.set(name, found);
  }
  return found;
}

/** Offsets already worked out, per zone: luxon asks Intl each time, and pages show the same instants again. */
const offsets = new WeakMap<IANAZone, Map<number, number>>();

/** Minutes east of UTC in `zone` at `epochMs`. */
export function offsetMinutes(zone: DisplayZone, epochMs: number): number {
  if (!zone.zone) return 0;
  let known = offsets.get(zone.zone);
  if (!known) {
    known = new Map();
    offsets.set(zone.zone, known);
  }
  let offset = known.get(epochMs);
  if (offset === undefined) {
    offset = zone.zone.offset(epochMs);
    if (known.size >= 10_000) known.clear();
    known.set(epochMs, offset);
  }
  return offset;
}

const periodsByKey = new Map<string, readonly (readonly [number, string])[]>(
  Object.entries(ZONE_ABBREVIATIONS).map(([name, periods]) => [name.toLowerCase(), periods]),
);
const parsedPeriods = new Map<string, ReadonlyMap<number, string>>();

function abbreviationsOf(period: string): ReadonlyMap<number, string> {
  let map = parsedPeriods.get(period);
  if (!map) {
    const parts = period.split(' ');
    const entries: [number, string][] = [];
    for (let i = 0; i + 1 < parts.length; i += 2) entries.push([Number(parts[i]), parts[i + 1]!]);
    map = new Map(entries);
    parsedPeriods.set(period, map);
  }
  return map;
}

/** The database writes offsets without a letter name as "+04" or "+0545". */
function numericAbbreviation(offset: number): string {
  const abs = Math.abs(offset);
  const hours = String(Math.floor(abs / 60)).padStart(2, '0');
  const minutes = abs % 60;
  return (offset < 0 ? '-' : '+') + hours + (minutes === 0 ? '' : String(minutes).padStart(2, '0'));
}

/** zoneAbbreviation(tokyo, t, 540) → 'JST'; Asia/Dubai → '+04'; an unknown zone (UTC) → 'UTC'. */
export function zoneAbbreviation(zone: DisplayZone, epochMs: number, offset: number): string {
  const periods = periodsByKey.get(zone.key);
  if (periods) {
    const seconds = Math.floor(epochMs / 1000);
    let period = periods[0]![1];
    for (const [from, value] of periods) {
      if (from > seconds) break;
      period = value;
    }
    const name = abbreviationsOf(period).get(Math.round(offset * 60));
    if (name !== undefined) return name;
  }
  return numericAbbreviation(offset);
}
