/**
 * A multilingual site's addresses: each translation language's pages are
 * the site's own under its prefix (/fr/about is /about in French). The
 * prefix is the first path segment; a page whose address would start with
 * one cannot be reached (the languages call refuses a prefix a page has).
 */
import type { TranslationLanguage } from '../../api/db/schema.ts';
import { languagePrefix, RESERVED_PREFIXES } from '../../shared/multilingual.ts';
import { type Route, resolveRoute } from '../routing/resolve-route.ts';

export interface LanguagePath {
  /** The translation language the address names; undefined for the site's own language. */
  language: TranslationLanguage | undefined;
  /** The address without the prefix: '/fr/about' → '/about', '/fr' → '/'. */
  pathname: string;
}

/** splitLanguagePath('/fr/about', [{ code: 'fr', … }]) → { language: { code: 'fr', … }, pathname: '/about' } */
export function splitLanguagePath(pathname: string, languages: readonly TranslationLanguage[]): LanguagePath {
  if (languages.length === 0) return { language: undefined, pathname };
  const end = pathname.indexOf('/', 1);
  const first = (end === -1 ? pathname.slice(1) : pathname.slice(1, end)).toLowerCase();
  const language = languages.find((candidate) => languagePrefix(candidate.code) === first);
  if (!language) return { language: undefined, pathname };
  return { language, pathname: end === -1 ? '/' : pathname.slice(end) };
}

/**
 * The pages a language serves: the site's content, its search and its
 * not-found page. The cart, checkout and account pages are the store's and
 * the member's, posted to at fixed addresses, so they have one address.
 */
const LOCALIZED_ROUTES: ReadonlySet<Route['kind']> = new Set(['home', 'collection', 'item', 'search', 'not-found']);

export function isLocalizedRoute(route: Route): boolean {
  return LOCALIZED_ROUTES.has(route.kind);
}

/** Whether a link to this address, on a page in a translation language, goes to that language's version: its content and search do, a file or a platform address does not. */
export function isLocalizedLink(pathname: string): boolean {
  const route = resolveRoute(pathname);
  if (route.kind === 'home' || route.kind === 'search') return true;
  return (route.kind === 'collection' || route.kind === 'item') && !RESERVED_PREFIXES.has(route.collectionUrlId);
}
