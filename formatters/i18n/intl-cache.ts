/**
 * Intl formatter objects are expensive to build and cheap to reuse, so every
 * one the family creates goes through these caches, keyed by locale and options.
 * The caches are bounded only as a guard against templates with unbounded
 * option variety; real sites use a handful of combinations.
 */

const LIMIT = 2000;

function cached<T>(cache: Map<string, T>, key: string, make: () => T): T {
  let value = cache.get(key);
  if (value === undefined) {
    value = make();
    if (cache.size >= LIMIT) cache.clear();
    cache.set(key, value);
  }
  return value;
}

const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const pluralRules = new Map<string, Intl.PluralRules>();
const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();

export function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  return cached(numberFormats, locale + JSON.stringify(options), () => new Intl.NumberFormat(locale, options));
}

/**
 * Dates are Gregorian unless the options name a calendar (`datetime calendar:japanese`),
 * whatever calendar the locale tag asks for (`ja-JP-u-ca-japanese`), as in the reference.
 */
export function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const withCalendar = options.calendar === undefined ? { ...options, calendar: 'gregory' } : options;
  return cached(
    dateFormats,
    locale + JSON.stringify(withCalendar),
    () => new Intl.DateTimeFormat(locale, withCalendar),
  );
}

export function pluralRule(locale: string, options: Intl.PluralRulesOptions): Intl.PluralRules {
  return cached(pluralRules, locale + JSON.stringify(options), () => new Intl.PluralRules(locale, options));
}

export function relativeFormat(locale: string, options: Intl.RelativeTimeFormatOptions): Intl.RelativeTimeFormat {
  return cached(relativeFormats, locale + JSON.stringify(options), () => new Intl.RelativeTimeFormat(locale, options));
}

/** A cache for values derived from Intl output (glue patterns, symbols) that are costly to work out. */
export function memo<T>(cache: Map<string, T>, key: string, make: () => T): T {
  return cached(cache, key, make);
}
