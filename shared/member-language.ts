/**
 * The language a member's account is kept in (POST
 * /api/site-users/account/locale). The spec sends it only when the site's
 * translation language is not a custom code (section 7): a translation tool
 * lets a site name a language of its own ('x-pirate', 'qaa', a code no
 * standard knows), which no mail or formatter could be written in, so such
 * a code is refused rather than stored. Pure: shared by server and islands.
 */

export type MemberLanguage = { ok: true; language: string } | { ok: false; reason: 'invalid' | 'custom' };

/** BCP 47 private use: a tag starting with x-, or with an -x- part. */
const PRIVATE_USE = /(?:^|-)x-/i;
/** ISO 639's codes reserved for local use, qaa to qtz. */
const LOCAL_USE = /^q[a-t][a-z](?:-|$)/i;
/** A language subtag and the usual script, region and variant parts. */
const TAG = /^[A-Za-z]{2,8}(?:-[A-Za-z0-9]{1,8})*$/;

let names: Intl.DisplayNames | undefined;

/**
 * memberLanguage('fr-ca') → { ok: true, language: 'fr-CA' };
 * memberLanguage('x-pirate') → { ok: false, reason: 'custom' };
 * memberLanguage('fr_CA!') → { ok: false, reason: 'invalid' }
 */
export function memberLanguage(text: string): MemberLanguage {
  const tag = text.trim();
  if (tag.length < 2 || tag.length > 35) return { ok: false, reason: 'invalid' };
  if (PRIVATE_USE.test(tag) || LOCAL_USE.test(tag)) return { ok: false, reason: 'custom' };
  if (!TAG.test(tag)) return { ok: false, reason: 'invalid' };
  let canonical: string;
  try {
    [canonical = ''] = Intl.getCanonicalLocales(tag);
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  names ??= new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });
  // A well-formed code no standard knows ('zz') is still a site's own.
  const language = new Intl.Locale(canonical).language;
  if (names.of(language) === undefined) return { ok: false, reason: 'custom' };
  return { ok: true, language: canonical };
}
