/**
 * A page in a translation language links to the other pages in that
 * language: each link of the rendered page to a page the language serves
 * (language-path.ts), and each form that gets one (the search form), gets
 * the language's prefix. Done on the finished HTML, so every link a
 * template or block draws (navigation, lists, pagination, summaries)
 * follows, without each knowing about languages. Links with an hreflang
 * (the language switcher's) or a language's prefix name their language
 * already; links to files, the cart, checkout and accounts, and forms that
 * post, keep their one address.
 */
import { isLocalizedLink } from './language-path.ts';
import type { PageLocalization } from './page-localization.ts';

const TAG = /<(a|form)\b[^>]*>/gi;
const ADDRESS = { a: /(\shref\s*=\s*)(["'])(\/(?!\/)[^"']*)\2/i, form: /(\saction\s*=\s*)(["'])(\/(?!\/)[^"']*)\2/i };
const HREFLANG = /\shreflang\s*=/i;
const POSTS = /\smethod\s*=\s*["']?post/i;

/** On a page in French, localizeLinks('<a href="/shop">', localization) → '<a href="/fr/shop">' */
export function localizeLinks(html: string, localization: PageLocalization): string {
  const prefix = localization.urlPrefix;
  if (prefix === '') return html;
  const prefixes = new Set(localization.languages.flatMap((language) => language.urlPrefix.split('/').slice(1)));
  return html.replace(TAG, (tag, name: string) => {
    const anchor = name.toLowerCase() === 'a';
    if (anchor ? HREFLANG.test(tag) : POSTS.test(tag)) return tag;
    return tag.replace(ADDRESS[anchor ? 'a' : 'form'], (whole, before: string, quote: string, href: string) => {
      const end = href.search(/[?#]/);
      const pathname = end === -1 ? href : href.slice(0, end);
      if (!isLocalizedLink(pathname) || prefixes.has(pathname.split('/')[1]!.toLowerCase())) return whole;
      return `${before}${quote}${prefix}${href}${quote}`;
    });
  });
}
