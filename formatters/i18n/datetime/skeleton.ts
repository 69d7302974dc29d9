/**
 * CLDR date skeletons (`yMMMd`, `hmsv`, `Bh`) as Intl.DateTimeFormat options.
 * Intl then picks the locale's best pattern for the fields, as CLDR's
 * skeleton matching does. Fields Intl cannot show (quarters, week numbers)
 * are dropped.
 */

type Options = Intl.DateTimeFormatOptions;

const cache = new Map<string, Options | null>();

/** True when every letter of `text` is a skeleton field letter. */
export function isSkeleton(text: string): boolean {
  return /^[GyYuUrQqMLlwWdDFgEecabBhHKkjJCmsSAzZOvVXx]+$/.test(text);
}

/** skeletonOptions('yMMMd') → { year: 'numeric', month: 'short', day: 'numeric' } */
export function skeletonOptions(skeleton: string): Options | undefined {
  let out = cache.get(skeleton);
  if (out === undefined) {
    out = isSkeleton(skeleton) ? build(skeleton) : null;
    if (cache.size > 1000) cache.clear();
    cache.set(skeleton, out);
  }
  return out ?? undefined;
}

function build(skeleton: string): Options | null {
  const o: Options = {};
  let i = 0;
  while (i < skeleton.length) {
    const c = skeleton[i]!;
    let n = 1;
    while (skeleton[i + n] === c) n++;
    i += n;
    field(o, c, n);
  }
  return Object.keys(o).length === 0 ? null : o;
}

const text = (n: number): 'short' | 'long' | 'narrow' => (n === 4 ? 'long' : n >= 5 ? 'narrow' : 'short');

function field(o: Options, c: string, n: number): void {
  switch (c) {
    case 'G':
      o.era = text(n);
      break;
    case 'y':
    case 'Y':
    case 'u':
    case 'r':
      o.year = n === 2 ? '2-digit' : 'numeric';
      break;
    case 'M':
    case 'L':
      o.month = n === 1 ? 'numeric' : n === 2 ? '2-digit' : n === 3 ? 'short' : n === 4 ? 'long' : 'narrow';
      break;
    case 'd':
      o.day = n === 2 ? '2-digit' : 'numeric';
      break;
    case 'E':
    case 'c':
    case 'e':
      o.weekday = n <= 3 ? 'short' : text(n);
      break;
    case 'h':
      // A 12-hour clock in the locale's own cycle, as CLDR skeleton matching gives: 1–12 in
      // English, 0–11 in Japanese (ja maps `h` to its `aK時` pattern).
      o.hour = n === 2 ? '2-digit' : 'numeric';
      o.hour12 = true;
      break;
    case 'K':
      o.hour = n === 2 ? '2-digit' : 'numeric';
      o.hourCycle = 'h11';
      break;
    case 'H':
    case 'k':
      o.hour = n === 2 ? '2-digit' : 'numeric';
      o.hourCycle = c === 'H' ? 'h23' : 'h24';
      break;
    case 'j':
    case 'J':
    case 'C':
      o.hour = n === 2 ? '2-digit' : 'numeric';
      break;
    case 'm':
      o.minute = n === 2 ? '2-digit' : 'numeric';
      break;
    case 's':
      o.second = n === 2 ? '2-digit' : 'numeric';
      break;
    case 'S':
      o.fractionalSecondDigits = Math.min(3, n) as 1 | 2 | 3;
      break;
    case 'B':
    case 'b':
      o.dayPeriod = n === 4 ? 'long' : n >= 5 ? 'narrow' : 'short';
      break;
    case 'z':
      o.timeZoneName = n === 4 ? 'long' : 'short';
      break;
    case 'v':
      o.timeZoneName = n === 4 ? 'longGeneric' : 'shortGeneric';
      break;
    case 'O':
    case 'Z':
    case 'X':
    case 'x':
      o.timeZoneName = n === 4 ? 'longOffset' : 'shortOffset';
      break;
    default:
      // a (am/pm) comes with a 12-hour clock; quarters, weeks and day-of-year have no Intl field.
      break;
  }
}

const DATE_FIELDS = ['era', 'year', 'month', 'day', 'weekday'] as const;

export interface SplitSkeleton {
  readonly date?: Options;
  readonly time?: Options;
}

/**
 * Splits skeleton options into their date and time halves, which CLDR
 * formats separately and joins with the locale's date-time pattern
 * ("Mon, 2:04 PM").
 */
export function splitSkeleton(o: Options): SplitSkeleton {
  const date: Options = {};
  const time: Options = {};
  for (const [k, v] of Object.entries(o)) {
    if ((DATE_FIELDS as readonly string[]).includes(k)) (date as Record<string, unknown>)[k] = v;
    else (time as Record<string, unknown>)[k] = v;
  }
  const hasDate = Object.keys(date).length > 0;
  const hasTime = time.hour !== undefined || time.minute !== undefined || time.second !== undefined;
  if (!hasTime) return { date: o };
  if (!hasDate) return { time: o };
  return { date, time };
}
