/**
 * The spec's text filters (section 3: url-slug and url-slug-with-slash),
 * which turn what an owner types into an address part as they type, and the
 * check a collection's or item's URL slug must pass. Shared by the owner
 * routes and the admin app, so the field shows what the server will store.
 */

export type TextFilterName = 'url-slug' | 'url-slug-with-slash';

/** Accents dropped, lower case, spaces and underscores to hyphens, nothing else but letters, digits and hyphens. */
function slugPart(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[\s_]+/g, '-')
    .replace(/[^a-z0-9-]/g, '')
    .replace(/-{2,}/g, '-');
}

export const TEXT_FILTERS: Readonly<Record<TextFilterName, (text: string) => string>> = {
  'url-slug': (text) => slugPart(text).replace(/^-+/, ''),
  // Each segment filtered alike; a path keeps its one leading slash and no empty segment.
  'url-slug-with-slash': (text) => {
    const segments = text.split('/').map(slugPart).filter(Boolean);
    return `${text.trimStart().startsWith('/') ? '/' : ''}${segments.join('/')}`;
  },
};

/** What the site's router takes as one path segment (renderer/routing/resolve-route.ts), and the database's check. */
const SLUG = /^[a-z0-9][a-z0-9-]*$/;

export const MAX_SLUG_LENGTH = 100;

/** First path segments the platform answers itself: no collection may take them. */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  'account',
  'api',
  'assets',
  'cart',
  'checkout',
  'config',
  'content',
  'fonts',
  'islands',
  'scripts',
  'search',
  'settings',
  'styles',
]);

/** Spec section 5: '{val} is not a valid page URL'. */
export function invalidPageUrlMessage(value: string): string {
  return `${value} is not a valid page URL`;
}

/** A slug as stored, or why not: the spec's message naming what was typed. */
export function checkSlug(typed: string, options: { collection: boolean }): { slug: string } | { problem: string } {
  const slug = TEXT_FILTERS['url-slug'](typed.trim()).replace(/-+$/, '');
  const reserved = options.collection && RESERVED_SLUGS.has(slug);
  if (!SLUG.test(slug) || slug.length > MAX_SLUG_LENGTH || reserved) {
    return { problem: invalidPageUrlMessage(typed.trim() === '' ? '""' : typed.trim()) };
  }
  return { slug };
}

/** A slug made from a title, when the owner gave none: the title filtered, cut to the limit. */
export function slugFromTitle(title: string): string {
  return TEXT_FILTERS['url-slug'](title.trim()).slice(0, MAX_SLUG_LENGTH).replace(/-+$/, '');
}

/** The next free slug: `base`, else `base-1`, `base-2`… */
export function freeSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 1; ; n++) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}
