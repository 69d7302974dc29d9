/**
 * What a page of a multilingual site says about its languages: the
 * `localization` object of its context (for a template that draws its own
 * switcher), the alternate links of its head (hreflang, so search engines
 * pair the versions) and the platform's language switcher, which a
 * template places with {squarespace-language-switcher}.
 */
import type { WebsiteWithSettings } from '../../api/repositories/website-repository.ts';
import { languageNames, languagePrefix, standardLanguage } from '../../shared/multilingual.ts';
import { escapeHtml } from '../escape-html.ts';

export interface PageLanguageLink {
  code: string;
  name: string;
  nativeName: string;
  /** This page in that language, from the site's root. */
  url: string;
  /** Where that language's pages are ('/fr'); '' for the site's own. */
  urlPrefix: string;
  current: boolean;
  default: boolean;
  /** A code no standard knows: no hreflang is given for it. */
  custom: boolean;
}

export interface PageLocalization {
  /** The language the page is in: the site's own, or a translation language. */
  language: string;
  /** The locale dates and money are formatted in: the page's language, or the site's own for a custom code. */
  locale: string;
  defaultLanguage: string;
  /** The address prefix of the page's language ('/fr'); '' in the site's own. */
  urlPrefix: string;
  languages: PageLanguageLink[];
}

/**
 * The page at `path` (its address without a language prefix, with its
 * query) in `language` (a code of the site's translation languages, or
 * undefined for its own); undefined for a site with one language.
 */
export function pageLocalization(
  { settings }: WebsiteWithSettings,
  language: string | undefined,
  path: string,
): PageLocalization | undefined {
  if (settings.translationLanguages.length === 0) return undefined;
  const own = settings.language;
  const languages: PageLanguageLink[] = [
    {
      code: own,
      ...languageNames(own),
      url: path,
      urlPrefix: '',
      current: language === undefined,
      default: true,
      custom: false,
    },
    ...settings.translationLanguages.map((translation) => ({
      code: translation.code,
      ...languageNames(translation.code, translation.name),
      url: `/${languagePrefix(translation.code)}${path}`,
      urlPrefix: `/${languagePrefix(translation.code)}`,
      current: translation.code === language,
      default: false,
      custom: standardLanguage(translation.code) === undefined,
    })),
  ];
  const current = languages.find((link) => link.current) ?? languages[0]!;
  return {
    language: current.code,
    locale: current.custom ? own : current.code,
    defaultLanguage: own,
    urlPrefix: current.urlPrefix,
    languages,
  };
}

/** The head's alternate links: every standard language's version, and the site's own as x-default. */
export function alternateLinksHtml(localization: PageLocalization, baseUrl: string): string {
  const link = (hreflang: string, url: string) =>
    `<link rel="alternate" hreflang="${escapeHtml(hreflang)}" href="${escapeHtml(baseUrl + url)}">`;
  const own = localization.languages.find((language) => language.default);
  return [
    ...localization.languages
      .filter((language) => !language.custom)
      .map((language) => link(language.code, language.url)),
    ...(own ? [link('x-default', own.url)] : []),
  ].join('\n');
}

/**
 * The platform's language switcher: each language by its own name, in its
 * own language (lang), the current one marked. Its links carry hreflang,
 * which also keeps the page's link rewriting (localize-links.ts) off them.
 */
export function languageSwitcherHtml(localization: PageLocalization): string {
  const items = localization.languages.map((language) => {
    const current = language.current ? ' aria-current="true"' : '';
    return `<li class="language-switcher__item"><a class="language-switcher__link" href="${escapeHtml(language.url)}" hreflang="${escapeHtml(language.code)}" lang="${escapeHtml(language.code)}"${current}>${escapeHtml(language.nativeName)}</a></li>`;
  });
  return `<nav class="language-switcher" aria-label="Language"><ul class="language-switcher__list" role="list">${items.join('')}</ul></nav>`;
}
