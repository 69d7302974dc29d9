/**
 * Runs an Intl.DateTimeFormat and applies the two CLDR details Intl output
 * loses or changes: the narrow no-break space around AM/PM markers, and
 * unpadded numeric months and days when a skeleton asks for one digit.
 */
import { dateFormat, memo } from '../intl-cache.ts';
import { joinWithNarrowSpaces, usesNarrowSpace } from './day-period-space.ts';

/**
 * What Intl wrote for each instant, locale and options: formatting a date with Intl costs tens of
 * microseconds, and a site's pages show the same few dates (posts', events') on every render.
 */
const texts = new Map<string, string>();
const textKey = (locale: string, options: Intl.DateTimeFormatOptions, unpad: boolean, ...epochs: number[]) =>
  `${locale}\u0001${JSON.stringify(options)}\u0001${unpad}\u0001${epochs.join('\u0001')}`;

/** dateText(epoch, 'en-US', { hour: 'numeric', minute: 'numeric', timeZone }) → '2:04 PM' (U+202F) */
export function dateText(epoch: number, locale: string, options: Intl.DateTimeFormatOptions, unpad = false): string {
  return memo(texts, textKey(locale, options, unpad, epoch), () => formatDate(epoch, locale, options, unpad));
}

function formatDate(epoch: number, locale: string, options: Intl.DateTimeFormatOptions, unpad: boolean): string {
  if (isWeekdayOnly(options)) return weekdayText(epoch, locale, options);
  const format = dateFormat(locale, options);
  const hasHour = options.hour !== undefined || options.timeStyle !== undefined;
  const narrow = hasHour && usesNarrowSpace(locale);
  if (!narrow && !unpad) return format.format(epoch);
  let parts = format.formatToParts(epoch);
  if (unpad) parts = unpadParts(parts, options);
  return narrow ? joinWithNarrowSpaces(parts, options.dayPeriod !== undefined) : parts.map((p) => p.value).join('');
}

/** Same for a range (Intl.DateTimeFormat.formatRange). */
export function dateRangeText(
  start: number,
  end: number,
  locale: string,
  options: Intl.DateTimeFormatOptions,
  unpad = false,
): string {
  return memo(texts, textKey(locale, options, unpad, start, end), () =>
    formatRange(start, end, locale, options, unpad),
  );
}

function formatRange(
  start: number,
  end: number,
  locale: string,
  options: Intl.DateTimeFormatOptions,
  unpad: boolean,
): string {
  const format = dateFormat(locale, options);
  let parts: Intl.DateTimeFormatPart[] = format.formatRangeToParts(start, end);
  if (unpad) parts = unpadParts(parts, options);
  const hasHour = options.hour !== undefined || options.timeStyle !== undefined;
  if (hasHour && usesNarrowSpace(locale)) return joinWithNarrowSpaces(parts, options.dayPeriod !== undefined);
  return parts.map((p) => p.value).join('');
}

// A one-letter numeric month or day asks for no padding even where the locale's pattern pads ("dd/MM/y").
function unpadParts(parts: Intl.DateTimeFormatPart[], o: Intl.DateTimeFormatOptions): Intl.DateTimeFormatPart[] {
  return parts.map((p) =>
    ((p.type === 'month' && o.month === 'numeric') || (p.type === 'day' && o.day === 'numeric')) &&
    p.value.length === 2 &&
    p.value[0] === '0'
      ? { ...p, value: p.value.slice(1) }
      : p,
  );
}

/** Whether dateText should unpad for these skeleton options. */
export function wantsUnpad(o: Intl.DateTimeFormatOptions): boolean {
  return o.month === 'numeric' || o.day === 'numeric';
}

function isWeekdayOnly(o: Intl.DateTimeFormatOptions): boolean {
  for (const k in o) if (k !== 'weekday' && k !== 'timeZone') return false;
  return o.weekday !== undefined;
}

// Intl prints a lone weekday in its stand-alone form ("Mo"); templates use it
// inside dates ("Mo., 14:04"), so the form used next to a day number is taken.
function weekdayText(epoch: number, locale: string, o: Intl.DateTimeFormatOptions): string {
  const parts = dateFormat(locale, { ...o, day: 'numeric' }).formatToParts(epoch);
  return parts.find((p) => p.type === 'weekday')?.value ?? dateFormat(locale, o).format(epoch);
}
