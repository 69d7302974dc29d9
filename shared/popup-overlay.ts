/**
 * The site-wide promotional popup (spec section 2: page type 104 "popup
 * overlay"; section 3: section type popup-overlay, its local-storage keys
 * date-closed, version and submitted; section 7: the captcha action
 * PROMO_POPUP_SUBMISSION). The server decides whether a page carries the
 * popup; the island decides, from what the visitor's browser remembers,
 * whether to show it. Both read the rules here.
 */

/** Spec section 3, "Popup overlay local-storage keys", spelled exactly. */
export const POPUP_STORAGE_KEYS = {
  dateClosed: 'date-closed',
  version: 'version',
  submitted: 'submitted',
} as const;

/** Spec section 7: the captcha token of a popup sign-up is asked for with this action. */
export const PROMO_POPUP_CAPTCHA_ACTION = 'PROMO_POPUP_SUBMISSION';

/** Which pages show the popup: every regular page of the site, or the home page only. */
export type PopupPages = 'all' | 'home';

/** What the popup offers: a newsletter sign-up (a newsletter form of the site), or a button link. */
export type PopupAction = 'newsletter' | 'button';

/** The popup as the island reads it off the server's markup, with every default filled in. */
export interface PopupRules {
  version: number;
  delaySeconds: number;
  /** After the visitor closes it, the popup stays away this many days (for the same version). */
  closedDays: number;
}

export const POPUP_DEFAULTS = {
  version: 1,
  delaySeconds: 5,
  closedDays: 7,
  showOn: 'all',
} as const satisfies PopupRules & { showOn: PopupPages };

const DAY_MS = 86_400_000;

/** What the visitor's browser remembers, as strings (or null where it holds nothing). */
export interface PopupMemory {
  dateClosed: string | null;
  version: string | null;
  submitted: string | null;
}

/**
 * Whether the popup is shown, from what the browser remembers:
 * - a version newer than the one seen shows it again, whatever else is kept;
 * - signed up (submitted) for this version: never again;
 * - closed less than closedDays ago: not yet.
 */
export function shouldShowPopup(memory: PopupMemory, rules: PopupRules, now: number): boolean {
  const seen = Number(memory.version);
  if (memory.version === null || !Number.isFinite(seen) || seen < rules.version) return true;
  if (memory.submitted === 'true') return false;
  const closed = Number(memory.dateClosed);
  if (memory.dateClosed !== null && Number.isFinite(closed)) return now - closed >= rules.closedDays * DAY_MS;
  return true;
}

/** A whole number from a setting or attribute, or the fallback when it is not one in range. */
export function wholeNumber(value: unknown, fallback: number, min = 0, max = Number.MAX_SAFE_INTEGER): number {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) && number >= min && number <= max ? number : fallback;
}
