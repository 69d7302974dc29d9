/**
 * Store creation (spec sections 3, 4 and 5), shared by the owner API and the
 * admin app's create-store dialog: the payloads' fixed values, the message
 * when the site has no main navigation, and how a store's URL id comes from
 * its title. Pure: nothing here may import server or browser code.
 */

/** Section 8. */
export const NO_MAIN_NAVIGATION = 'Unable to find site main navigation';

/** The title a store's URL id falls back to when its own gives fewer than 3 characters (section 5). */
export const FALLBACK_STORE_TITLE = 'Store';

/** The template.conf navigation a new store goes first in. */
export const MAIN_NAVIGATION = 'mainNav';

/** Section 3, root category payload. */
export const ROOT_CATEGORY = {
  parentCategoryId: '',
  type: 'ROOT',
  pageRendering: 'LIST_VIEW',
  displayIndex: 1,
} as const;

export const MIN_URL_ID_LENGTH = 3;
export const MAX_URL_ID_LENGTH = 100;

/** Lower case, accents dropped, anything but letters and digits a single hyphen, none at the ends. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_URL_ID_LENGTH)
    .replace(/-+$/, '');
}

/**
 * Section 5: the URL id from the title; the fallback title's when that is
 * empty or shorter than 3 characters; '-N' with the next free number when taken.
 */
export function storeUrlId(title: string, taken: ReadonlySet<string>): string {
  const own = slugify(title);
  const base = own.length >= MIN_URL_ID_LENGTH ? own : slugify(FALLBACK_STORE_TITLE);
  if (!taken.has(base)) return base;
  for (let n = 1; ; n++) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}
