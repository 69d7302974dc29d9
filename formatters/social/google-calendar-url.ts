/**
 * The "add to Google Calendar" link of an event: its title as text, start and end
 * in UTC, and the address lines and country as location.
 */
import { childOf } from '../../engine/index.ts';
import { readNumber } from '../../engine/read-number.ts';
import { isShowableInstant } from '../date/invalid-date.ts';
import { textOf as scalarText } from '../scalar-text.ts';

const BASE = 'http://www.google.com/calendar/event?action=TEMPLATE';
const LOCATION_PARTS = ['addressLine1', 'addressLine2', 'addressCountry'] as const;

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** 1384518630000 → '20131115T123030Z' */
function utcStamp(ms: number): string {
  const d = new Date(Math.floor(ms));
  return (
    pad(d.getUTCFullYear(), 4) +
    pad(d.getUTCMonth() + 1) +
    pad(d.getUTCDate()) +
    'T' +
    pad(d.getUTCHours()) +
    pad(d.getUTCMinutes()) +
    pad(d.getUTCSeconds()) +
    'Z'
  );
}

/**
 * The text parameter is encoded the way the legacy JavaScript `escape` did
 * (Latin-1 as %XX, the rest as %uXXXX), which is what calendar links have always carried.
 */
function legacyEscape(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    const code = text.charCodeAt(i);
    if (/[A-Za-z0-9@*_+\-./]/.test(ch)) out += ch;
    else if (code < 256) out += `%${code.toString(16).toUpperCase().padStart(2, '0')}`;
    else out += `%u${code.toString(16).toUpperCase().padStart(4, '0')}`;
  }
  return out;
}

/** undefined when a date is no instant. */
export function googleCalendarUrl(event: unknown): string | undefined {
  const start = readNumber(childOf(event, 'startDate'), 'leading-number');
  const end = readNumber(childOf(event, 'endDate'), 'leading-number');
  if (!isShowableInstant(start) || !isShowableInstant(end)) return undefined;
  let url = `${BASE}&text=${legacyEscape(scalarText(childOf(event, 'title')))}&dates=${utcStamp(start)}/${utcStamp(end)}`;
  const location = childOf(event, 'location');
  const parts = LOCATION_PARTS.map((key) => scalarText(childOf(location, key)).trim()).filter((p) => p !== '');
  if (parts.length > 0) url += `&location=${encodeURIComponent(parts.join(', '))}`;
  return url;
}
