/**
 * What the multilingual calls answer and check beyond their schemas: the
 * site's languages as JSON, a language list that would clash with the site
 * (its own language, a page's address), the translation status, and the
 * texts an owner may translate with their original beside each.
 */
import {
  AVAILABLE_LANGUAGES,
  type LanguageJson,
  languageJson,
  languagePrefix,
  MULTILINGUAL_MESSAGES,
  type MultilingualLanguagesInput,
  TRANSLATABLE_FIELDS,
  TRANSLATION_FIELD_LABELS,
  type TranslationField,
  type TranslationKind,
  translationLanguageCode,
} from '../../shared/multilingual.ts';
import { ApiError } from '../api-errors.ts';
import type { TranslationLanguage } from '../db/schema.ts';
import type { Db } from '../repositories/transaction.ts';
import {
  listTranslations,
  setTranslationLanguages,
  translatedTargetCounts,
} from '../repositories/translation-repository.ts';
import type { WebsiteWithSettings } from '../repositories/website-repository.ts';

export interface SiteLanguagesJson {
  defaultLanguage: LanguageJson;
  languages: LanguageJson[];
}

export function siteLanguagesJson({ settings }: WebsiteWithSettings): SiteLanguagesJson {
  return {
    defaultLanguage: languageJson(settings.language, undefined, ''),
    languages: settings.translationLanguages.map((language) =>
      languageJson(language.code, language.name, `/${languagePrefix(language.code)}`),
    ),
  };
}

/** The catalogue the admin app offers, less the site's own language. */
export function availableLanguagesJson(site: WebsiteWithSettings): LanguageJson[] {
  const own = languagePrefix(site.settings.language);
  return AVAILABLE_LANGUAGES.filter((code) => languagePrefix(code) !== own).map((code) =>
    languageJson(code, undefined, `/${languagePrefix(code)}`),
  );
}

/**
 * Checks a language list against the site and stores it: not the site's
 * own language, no prefix a page's address already has. Translations of a
 * language left out go with it.
 */
export async function saveLanguages(
  db: Db,
  site: WebsiteWithSettings,
  input: MultilingualLanguagesInput,
): Promise<TranslationLanguage[]> {
  const websiteId = site.website.id;
  const languages = input.languages.map((language) => {
    // The schema refused every malformed code already.
    const code = translationLanguageCode(language.code) as string;
    return { code, name: languageJson(code, language.name, '').name };
  });
  const prefixes = languages.map((language) => languagePrefix(language.code));
  const taken =
    prefixes.length === 0
      ? new Set<string>()
      : new Set(
          (
            await db
              .selectFrom('collections')
              .select('urlId')
              .where('websiteId', '=', websiteId)
              .where('urlId', 'in', prefixes)
              .execute()
          ).map((row) => row.urlId),
        );
  const fields: Record<string, string> = {};
  prefixes.forEach((prefix, index) => {
    if (prefix === languagePrefix(site.settings.language)) {
      fields[`languages.${index}.code`] = MULTILINGUAL_MESSAGES.isDefault;
    } else if (taken.has(prefix)) {
      fields[`languages.${index}.code`] = MULTILINGUAL_MESSAGES.pageUsesPrefix(prefix);
    }
  });
  if (Object.keys(fields).length > 0) throw new ApiError('owner-input-invalid', { fields });
  await setTranslationLanguages(db, websiteId, languages);
  return languages;
}

/** The site's translation language with this code (any letter case), or a 404. */
export function requireSiteLanguage(site: WebsiteWithSettings, code: string): TranslationLanguage {
  const prefix = languagePrefix(code);
  const language = site.settings.translationLanguages.find((candidate) => languagePrefix(candidate.code) === prefix);
  if (!language) throw new ApiError('language-not-found');
  return language;
}

type Counts = Record<TranslationKind, number>;

/** How much of the site each language translates: things with at least one text, of those there are. */
export async function multilingualStatus(db: Db, site: WebsiteWithSettings) {
  const websiteId = site.website.id;
  const { languages } = siteLanguagesJson(site);
  const count = async (table: 'collections' | 'items' | 'navigationItems') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('websiteId', '=', websiteId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const [collections, items, links, translated] = await Promise.all([
    count('collections'),
    count('items'),
    translatableLinks(db, websiteId).then((rows) => rows.length),
    translatedTargetCounts(db, websiteId),
  ]);
  const total: Counts = { site: 1, collection: collections, item: items, 'navigation-link': links };
  return {
    status: languages.length > 0 ? ('connected' as const) : ('not-connected' as const),
    defaultLanguage: siteLanguagesJson(site).defaultLanguage,
    languages: languages.map((language) => {
      const done = translated.get(language.code) ?? {};
      return {
        ...language,
        translated: { site: 0, collection: 0, item: 0, 'navigation-link': 0, ...done },
        total,
      };
    }),
  };
}

/** Navigation links with a text of their own: a title, or an external address shown as one. */
async function translatableLinks(db: Db, websiteId: string) {
  return db
    .selectFrom('navigationItems')
    .select(['id', 'title', 'externalLink'])
    .where('websiteId', '=', websiteId)
    .where((eb) => eb.or([eb('title', 'is not', null), eb('externalLink', 'is not', null)]))
    .orderBy('navigationId')
    .orderBy('displayIndex')
    .orderBy('id')
    .execute();
}

/** The collections that hold items, for the form's choice of which collection's items to translate. */
export async function collectionsWithItems(db: Db, websiteId: string) {
  const rows = await db
    .selectFrom('collections as c')
    .innerJoin('items as i', (join) =>
      join.onRef('i.websiteId', '=', 'c.websiteId').onRef('i.collectionId', '=', 'c.id'),
    )
    .select(['c.id', 'c.title', (eb) => eb.fn.countAll<string>().as('items')])
    .where('c.websiteId', '=', websiteId)
    .groupBy(['c.id', 'c.title', 'c.displayIndex'])
    .orderBy('c.displayIndex')
    .orderBy('c.id')
    .execute();
  return rows.map((row) => ({ id: row.id, title: row.title, items: Number(row.items) }));
}

interface TranslationTarget {
  kind: TranslationKind;
  id: string;
  label: string;
  fields: Array<{ field: TranslationField; label: string; original: string; value: string }>;
}

/** Items listed in one translation form at most; a bigger collection is translated through the API. */
const MAX_FORM_ITEMS = 200;

/**
 * What the owner may translate into a language, each text with the site's
 * own beside the translation so far: the site, its collections and its
 * navigation links; with a collection named, that collection's items instead.
 */
export async function translationTargets(
  db: Db,
  site: WebsiteWithSettings,
  language: TranslationLanguage,
  collectionId?: string,
): Promise<TranslationTarget[]> {
  const websiteId = site.website.id;
  const saved = new Map(
    (await listTranslations(db, websiteId, language.code)).map((entry) => [`${entry.id}|${entry.field}`, entry.value]),
  );
  const target = (
    kind: TranslationKind,
    id: string,
    label: string,
    originals: Partial<Record<TranslationField, string | null>>,
  ): TranslationTarget => ({
    kind,
    id,
    label,
    fields: (TRANSLATABLE_FIELDS[kind] as readonly TranslationField[]).map((field) => ({
      field,
      label: TRANSLATION_FIELD_LABELS[field],
      original: originals[field] ?? '',
      value: saved.get(`${id}|${field}`) ?? '',
    })),
  });
  if (collectionId !== undefined) {
    const items = await db
      .selectFrom('items')
      .select(['id', 'title', 'excerpt', 'body'])
      .where('websiteId', '=', websiteId)
      .where('collectionId', '=', collectionId)
      .orderBy('displayIndex')
      .orderBy('publishOn', 'desc')
      .orderBy('id')
      .limit(MAX_FORM_ITEMS)
      .execute();
    return items.map((item) => target('item', item.id, item.title, item));
  }
  const [collections, links] = await Promise.all([
    db
      .selectFrom('collections')
      .select(['id', 'urlId', 'title', 'navigationTitle', 'description'])
      .where('websiteId', '=', websiteId)
      .orderBy('displayIndex')
      .orderBy('id')
      .execute(),
    translatableLinks(db, websiteId),
  ]);
  return [
    target('site', websiteId, 'Site', {
      siteTitle: site.website.siteTitle,
      siteDescription: site.settings.siteDescription,
    }),
    ...collections.map((collection) =>
      target('collection', collection.id, `Page: ${collection.title} (/${collection.urlId})`, collection),
    ),
    ...links.map((link) =>
      target('navigation-link', link.id, `Navigation link: ${link.title ?? link.externalLink}`, {
        title: link.title ?? link.externalLink,
      }),
    ),
  ];
}
