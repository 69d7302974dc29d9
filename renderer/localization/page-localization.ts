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
 * The platform's language switcher: a disclosure (it opens without script,
 * and stays one button however many languages there are) naming the
 * current language, over each language by its own name, in its own
 * language (lang), the current one marked. Its links carry hreflang, which
 * also keeps the page's link rewriting (localize-links.ts) off them.
 */
export function languageSwitcherHtml(localization: PageLocalization): string {
  const langOf = (language: PageLanguageLink) => (language.custom ? '' : ` lang="${escapeHtml(language.code)}"`);
  const items = localization.languages.map((language) => {
    const current = language.current ? ' aria-current="true"' : '';
    return `<li class="language-switcher__item"><a class="language-switcher__link" href="${escapeHtml(language.url)}" hreflang="${escapeHtml(language.code)}"${langOf(language)}${current}>${escapeHtml(language.nativeName)}</a></li>`;
  });
  const current = localization.languages.find((language) => language.current)!;
  const toggle = `<summary class="language-switcher__toggle"><svg class="icon" aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="20" height="20"><circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" stroke-width="2"/><path d="M3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3Z" fill="none" stroke="currentColor" stroke-width="2"/></svg><span${langOf(current)}>${escapeHtml(current.nativeName)}</span></summary>`;
  return `<nav class="language-switcher" aria-label="Language"><details class="language-switcher__menu">${toggle}<ul class="language-switcher__list" role="list">${items.join('')}</ul></details></nav>`;
}
