/**
 * Turns the render's locale option into a tag Intl accepts. Templates and
 * site settings write tags loosely (`fr_FR`, `en-UK`, `none`), and a bad tag
 * must never make a formatter throw, so anything Intl rejects becomes en-US.
 */

export const DEFAULT_LOCALE = 'en-US';

const resolved = new Map<string, string>();

/** resolveLocale('fr_FR') → 'fr-FR'; resolveLocale('none') → 'en-US' */
export function resolveLocale(tag: string | undefined): string {
  if (tag === undefined || tag === '') return DEFAULT_LOCALE;
  let out = resolved.get(tag);
  if (out === undefined) {
    out = canonical(tag);
    if (resolved.size > 1000) resolved.clear();
    resolved.set(tag, out);
  }
  return out;
}

function canonical(tag: string): string {
  const normal = tag.trim().replace(/_/g, '-');
  if (normal === '' || normal.toLowerCase() === 'none') return DEFAULT_LOCALE;
  try {
    const [first] = Intl.getCanonicalLocales(normal);
    return first ?? DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
}

/** The language subtag: 'fr-FR' → 'fr'. */
export function languageOf(locale: string): string {
  const dash = locale.indexOf('-');
  return (dash < 0 ? locale : locale.slice(0, dash)).toLowerCase();
}

/** The region subtag, maximized when absent: 'fr' → 'FR', 'en-US' → 'US'. */
export function regionOf(locale: string): string {
  try {
    return new Intl.Locale(locale).maximize().region ?? 'US';
  } catch {
    return 'US';
  }
}
