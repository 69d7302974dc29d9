/**
 * strftime-style patterns for the `date` formatter, in English, in a display zone.
 * The conversions and their padding follow the reference engine (probed as a black
 * box): `%U` and `%W` are both the US week of the year, where the week holding
 * January 1st is week 1; unknown conversions print nothing.
 */
import { type DisplayZone, offsetMinutes, zoneAbbreviation } from './zone.ts';

const DAY_MS = 86_400_000;
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const SHORT_WEEKDAYS = WEEKDAYS.map((d) => d.slice(0, 3));
const SHORT_MONTHS = MONTHS.map((m) => m.slice(0, 3));

/** A day in the calendar in force then: Julian before 15 October 1582, Gregorian since. */
interface CalendarDay {
  /** Astronomical: 0 is 1 BC, -1 is 2 BC. */
  readonly year: number;
  /** 1-12 */
  readonly month: number;
  readonly day: number;
  /** Day of the year, 1-366 */
  readonly ordinal: number;
}

/** Julian Day Number of 1970-01-01, and of the first Gregorian day, 1582-10-15. */
const EPOCH_JDN = 2_440_588;
const GREGORIAN_START_JDN = 2_299_161;

/** Julian Day Number of January 1st of `year` in the Julian calendar. */
const julianNewYear = (year: number): number => {
  const y = year + 4799;
  return 307 + 365 * y + Math.floor(y / 4) - 32_083;
};

/** Days since 1970-01-01 → Gregorian date (days-from-civil inverse, valid for any year). */
function gregorianDay(days: number): CalendarDay {
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  // doy counts from March 1st
  const ordinal = month >= 3 ? doy + 60 + (leap ? 1 : 0) : doy - 305;
  return { year, month, day, ordinal };
}

function julianDay(jdn: number): CalendarDay {
  const c = jdn + 32_082;
  const d = Math.floor((4 * c + 3) / 1461);
  const e = c - Math.floor((1461 * d) / 4);
  const m = Math.floor((5 * e + 2) / 153);
  const day = e - Math.floor((153 * m + 2) / 5) + 1;
  const month = m + 3 - 12 * Math.floor(m / 10);
  const year = d - 4800 + Math.floor(m / 10);
  return { year, month, day, ordinal: jdn - julianNewYear(year) + 1 };
}

/** The reference engine switches to the Julian calendar before the Gregorian reform; so do we. */
function calendarDay(days: number): CalendarDay {
  const jdn = days + EPOCH_JDN;
  return jdn >= GREGORIAN_START_JDN ? gregorianDay(days) : julianDay(jdn);
}

/** The wall-clock fields of one instant in one zone. */
interface LocalTime extends CalendarDay {
  readonly epochMs: number;
  readonly zone: DisplayZone;
  readonly offset: number;
  /** Days since 1970-01-01, local. */
  readonly days: number;
  /** The year as printed: 1 BC is 1, not 0. */
  readonly eraYear: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
  /** 0 = Sunday */
  readonly weekday: number;
}

function localTime(epochMs: number, zone: DisplayZone): LocalTime {
  const whole = Math.floor(epochMs);
  const offset = offsetMinutes(zone, whole);
  const local = whole + offset * 60_000;
  const days = Math.floor(local / DAY_MS);
  const secondsOfDay = Math.floor((local - days * DAY_MS) / 1000);
  const date = calendarDay(days);
  return {
    ...date,
    epochMs,
    zone,
    offset,
    days,
    eraYear: date.year > 0 ? date.year : 1 - date.year,
    hour: Math.floor(secondsOfDay / 3600),
    minute: Math.floor(secondsOfDay / 60) % 60,
    second: secondsOfDay % 60,
    weekday: (((days + 4) % 7) + 7) % 7,
  };
}

const pad = (n: number, width: number, fill = '0'): string => String(n).padStart(width, fill);
const hour12 = (t: LocalTime): number => (t.hour % 12 === 0 ? 12 : t.hour % 12);

/** The Thursday of the ISO week decides its year and number. */
const isoWeekThursday = (t: LocalTime): CalendarDay => calendarDay(t.days + 3 - ((t.weekday + 6) % 7));

/** US weeks run Sunday to Saturday and the week holding January 1st is week 1, so the Saturday decides. */
function usWeek(t: LocalTime): string {
  return pad(Math.floor((calendarDay(t.days + 6 - t.weekday).ordinal - 1) / 7) + 1, 2);
}

function zoneOffset(t: LocalTime): string {
  const abs = Math.abs(t.offset);
  return (t.offset < 0 ? '-' : '+') + pad(Math.floor(abs / 60), 2) + ':' + pad(abs % 60, 2);
}

/** Nanoseconds within the second; fractional milliseconds survive, as in the reference. */
function nanoseconds(t: LocalTime): string {
  return String((t.epochMs - Math.floor(t.epochMs / 1000) * 1000) * 1e6).padStart(9, '0');
}

type Conversion = (t: LocalTime) => string;

const time12 = (t: LocalTime): string =>
  `${hour12(t)}:${pad(t.minute, 2)}:${pad(t.second, 2)} ${t.hour < 12 ? 'AM' : 'PM'}`;

const CONVERSIONS: Readonly<Record<string, Conversion>> = {
  a: (t) => SHORT_WEEKDAYS[t.weekday]!,
  A: (t) => WEEKDAYS[t.weekday]!,
  b: (t) => SHORT_MONTHS[t.month - 1]!,
  B: (t) => MONTHS[t.month - 1]!,
  c: (t) =>
    `${SHORT_WEEKDAYS[t.weekday]}, ${SHORT_MONTHS[t.month - 1]} ${t.day}, ${t.eraYear} ${time12(t)} ${zoneAbbreviation(t.zone, t.epochMs, t.offset)}`,
  C: (t) => pad(Math.floor(t.eraYear / 100), 2),
  d: (t) => pad(t.day, 2),
  D: (t) => `${pad(t.month, 2)}/${pad(t.day, 2)}/${pad(t.eraYear % 100, 2)}`,
  e: (t) => pad(t.day, 2, ' '),
  F: (t) => `${t.eraYear}-${pad(t.month, 2)}-${pad(t.day, 2)}`,
  g: (t) => pad(isoWeekThursday(t).year % 100, 2),
  G: (t) => pad(isoWeekThursday(t).year, 4),
  h: (t) => SHORT_MONTHS[t.month - 1]!,
  H: (t) => pad(t.hour, 2),
  i: (t) => String(hour12(t)),
  I: (t) => pad(hour12(t), 2),
  j: (t) => pad(t.ordinal, 3),
  k: (t) => pad(t.hour, 2, ' '),
  l: (t) => pad(hour12(t), 2, ' '),
  m: (t) => pad(t.month, 2),
  M: (t) => pad(t.minute, 2),
  n: () => '\n',
  N: nanoseconds,
  p: (t) => (t.hour < 12 ? 'AM' : 'PM'),
  P: (t) => (t.hour < 12 ? 'am' : 'pm'),
  q: (t) => String(Math.floor((t.month - 1) / 3) + 1),
  r: time12,
  R: (t) => `${pad(t.hour, 2)}:${pad(t.minute, 2)}`,
  // Whole seconds as a 32-bit integer, wrapping like the reference does.
  s: (t) => String((t.epochMs / 1000) | 0),
  S: (t) => pad(t.second, 2),
  t: () => '\t',
  T: (t) => `${pad(t.hour, 2)}:${pad(t.minute, 2)}:${pad(t.second, 2)}`,
  u: (t) => String(t.weekday === 0 ? 7 : t.weekday),
  U: usWeek,
  v: (t) => `${pad(t.day, 2, ' ')}-${SHORT_MONTHS[t.month - 1]}-${t.eraYear}`,
  V: (t) => pad(Math.floor((isoWeekThursday(t).ordinal - 1) / 7) + 1, 2),
  w: (t) => String(t.weekday),
  W: usWeek,
  x: (t) => `${pad(t.month, 2)}/${pad(t.day, 2)}/${t.eraYear}`,
  X: (t) => `${pad(hour12(t), 2)}:${pad(t.minute, 2)}:${pad(t.second, 2)} ${t.hour < 12 ? 'AM' : 'PM'}`,
  y: (t) => pad(t.eraYear % 100, 2),
  Y: (t) => String(t.eraYear),
  z: zoneOffset,
  Z: (t) => zoneAbbreviation(t.zone, t.epochMs, t.offset),
  '%': () => '%',
};

const NOTHING: Conversion = () => '';
type Piece = string | Conversion;

/** Patterns come from templates, so there are few of them: each is split once. */
const compiled = new Map<string, readonly Piece[]>();

function compile(pattern: string): readonly Piece[] {
  let pieces = compiled.get(pattern);
  if (pieces) return pieces;
  const out: Piece[] = [];
  let literal = '';
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i]!;
    if (ch !== '%' || i === pattern.length - 1) {
      literal += ch;
      continue;
    }
    if (literal) out.push(literal);
    literal = '';
    out.push(CONVERSIONS[pattern[++i]!] ?? NOTHING);
  }
  if (literal) out.push(literal);
  pieces = out;
  if (compiled.size > 500) compiled.clear();
  compiled.set(pattern, pieces);
  return pieces;
}

/** strftime('%B %d, %Y', 1613597165345, displayZone('Asia/Tokyo')) → 'February 18, 2021' */
export function strftime(pattern: string, epochMs: number, zone: DisplayZone): string {
  const pieces = compile(pattern);
  const t = localTime(epochMs, zone);
  let out = '';
  for (const piece of pieces) out += typeof piece === 'string' ? piece : piece(t);
  return out;
}
