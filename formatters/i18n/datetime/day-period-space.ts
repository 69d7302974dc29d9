/**
 * CLDR (since v42) separates a 12-hour time from its AM/PM marker with a
 * narrow no-break space ("2:04\u202fPM", "2:04\u202fp.\u202fm."). V8 turns
 * every U+202F into a plain space in Intl.DateTimeFormat output for web
 * compatibility, so the rule is applied again to the formatted parts.
 */
import { languageOf } from '../locale.ts';

// Languages whose time patterns keep an ordinary space before the marker.
const PLAIN_SPACE = new Set(
  'am as bn chr fa gu he hi hy ig ka km kn lo ml mr my ne nl or pa sd shn si so ta te th ti ur'.split(' '),
);

const NNBSP = '\u202f';
const TIME_FIELDS = new Set(['hour', 'minute', 'second', 'fractionalSecond']);

// Only the space that joins the marker to the clock digits is narrow ("2:04\u202fPM EST").
function betweenTimeAndMarker(before: { type: string } | undefined, after: { type: string } | undefined): boolean {
  if (!before || !after) return false;
  return (
    (before.type === 'dayPeriod' && TIME_FIELDS.has(after.type)) ||
    (after.type === 'dayPeriod' && TIME_FIELDS.has(before.type))
  );
}

/** True when `parts` need the rule (a 12-hour marker in a language that uses U+202F). */
export function usesNarrowSpace(locale: string): boolean {
  return !PLAIN_SPACE.has(languageOf(locale));
}

/**
 * Joins parts, with U+202F in the spaces next to and inside an AM/PM marker.
 * `flexible` is true when the day period is a phrase ("in the afternoon",
 * skeleton B), which CLDR separates with an ordinary space.
 */
export function joinWithNarrowSpaces(parts: readonly { type: string; value: string }[], flexible: boolean): string {
  let out = '';
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i]!;
    if (flexible || !p.value.includes(' ')) out += p.value;
    else if (p.type === 'dayPeriod') out += p.value.replace(/ /g, NNBSP);
    else if (p.type === 'literal' && p.value === ' ' && betweenTimeAndMarker(parts[i - 1], parts[i + 1])) out += NNBSP;
    else out += p.value;
  }
  return out;
}
