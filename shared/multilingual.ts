/**
 * A multilingual site's rules, shared by the owner routes, the renderer and
 * the admin app: which codes may be a translation language, the address
 * prefix each is served under (/fr/…), their names, and which texts an owner
 * may translate. The spec names the calls (section 7: settings, status,
 * languages, connection; PUT languages takes `languages`) and lets a site
 * have a custom language code (the locale call's condition), but shows none
 * of their answers or messages: those are ours. Pure.
 */
// Named imports, not the z namespace: the admin bundle then carries only what the schemas use.
import { array, type infer as Infer, object, string, enum as zodEnum } from 'zod';
import { memberLanguage } from './member-language.ts';

/** How many languages a site may be translated into besides its own. */
export const MAX_TRANSLATION_LANGUAGES = 10;

export const MULTILINGUAL_MESSAGES = {
  codeInvalid: 'Please enter a language code such as fr or pt-BR.',
  customNameMissing: 'A custom language code needs a name.',
  nameTooLong: 'Language names can be at most 60 characters long.',
  duplicate: 'This language is listed twice.',
  tooMany: `A site can have at most ${MAX_TRANSLATION_LANGUAGES} translation languages.`,
  isDefault: "This is the site's own language already.",
  reservedPrefix: (prefix: string) => `The address /${prefix} is the platform's own; this code cannot be used.`,
  pageUsesPrefix: (prefix: string) =>
    `A page already uses the address /${prefix}; change that page's URL or choose another code.`,
  notSiteLanguage: 'That language is not one of the site’s translation languages.',
  fieldNotTranslatable: 'This text cannot be translated for this kind of content.',
  targetMissing: 'That content no longer exists.',
  translationTooLong: 'Translations can be at most 100,000 characters long.',
  tooManyTranslations: 'At most 1,000 translations can be saved at once.',
} as const;

/** The first path segments of the platform's own addresses, which no language prefix may take. */
export const RESERVED_PREFIXES: ReadonlySet<string> = new Set([
  'api',
  'config',
  'settings',
  'assets',
  'scripts',
  'styles',
  'fonts',
  'content',
  'islands',
  'cart',
  'checkout',
  'search',
  'account',
]);

/** A language as the owner routes answer it. */
export interface LanguageJson {
  code: string;
  /** The name in English, or the owner's for a custom code. */
  name: string;
  /** The name in the language itself, as a language switcher shows it. */
  nativeName: string;
  /** A code no standard knows ('x-pirate', 'qaa'): pages in it are formatted in the site's own language. */
  custom: boolean;
  /** Where its pages are, '/fr'; '' for the site's own language. */
  urlPrefix: string;
}

/** A standard code's canonical form ('pt-br' → 'pt-BR'), or undefined for a custom or malformed code. */
export function standardLanguage(code: string): string | undefined {
  const checked = memberLanguage(code);
  return checked.ok ? checked.language : undefined;
}

/** Lower case letters, digits and dashes, as an address segment is (renderer/routing/resolve-route.ts). */
const PREFIX = /^[a-z0-9][a-z0-9-]*$/;

/** A code as the site keeps it: canonical when standard, lower case when custom; undefined when malformed. */
export function translationLanguageCode(code: string): string | undefined {
  const text = code.trim();
  const checked = memberLanguage(text);
  if (checked.ok) return checked.language;
  if (checked.reason === 'invalid' || text.length > 35) return undefined;
  const custom = text.toLowerCase();
  return PREFIX.test(custom) ? custom : undefined;
}

/** The address prefix of a language's pages: its code in lower case ('pt-BR' → 'pt-br'). */
export function languagePrefix(code: string): string {
  return code.toLowerCase();
}

const displayNames = new Map<string, Intl.DisplayNames>();
function nameIn(locale: string, code: string): string | undefined {
  try {
    let names = displayNames.get(locale);
    if (!names) {
      names = new Intl.DisplayNames([locale], { type: 'language', fallback: 'none' });
      displayNames.set(locale, names);
    }
    return names.of(code);
  } catch {
    return undefined;
  }
}

/** 'fr' → { name: 'French', nativeName: 'français' }; a custom code is called by the name the owner gave it. */
export function languageNames(code: string, ownName?: string): { name: string; nativeName: string } {
  const standard = standardLanguage(code);
  if (standard === undefined) return { name: ownName || code, nativeName: ownName || code };
  const name = ownName || nameIn('en', standard) || standard;
  return { name, nativeName: nameIn(standard, standard) || name };
}

export function languageJson(code: string, name: string | undefined, urlPrefix: string): LanguageJson {
  return { code, ...languageNames(code, name), custom: standardLanguage(code) === undefined, urlPrefix };
}

/** The languages the admin app offers to add; any other well-formed code may be typed in. */
export const AVAILABLE_LANGUAGES: readonly string[] = [
  'ar',
  'cs',
  'da',
  'de',
  'el',
  'en-GB',
  'en-US',
  'es',
  'es-MX',
  'fi',
  'fr',
  'fr-CA',
  'he',
  'hi',
  'hu',
  'id',
  'it',
  'ja',
  'ko',
  'nb',
  'nl',
  'pl',
  'pt-BR',
  'pt-PT',
  'ro',
  'ru',
  'sv',
  'th',
  'tr',
  'uk',
  'vi',
  'zh-CN',
  'zh-TW',
];

/** Spec section 7: PUT /api/multilingual/languages takes `languages`; each a code, and a name for a custom one. */
export const multilingualLanguagesSchema = object({
  languages: array(
    object({
      code: string().trim().max(35, MULTILINGUAL_MESSAGES.codeInvalid),
      name: string().trim().max(60, MULTILINGUAL_MESSAGES.nameTooLong).optional(),
    }),
  ).max(MAX_TRANSLATION_LANGUAGES, MULTILINGUAL_MESSAGES.tooMany),
}).superRefine((value, context) => {
  const seen = new Set<string>();
  value.languages.forEach((language, index) => {
    const code = translationLanguageCode(language.code);
    if (code === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['languages', index, 'code'],
        message: MULTILINGUAL_MESSAGES.codeInvalid,
      });
      return;
    }
    const prefix = languagePrefix(code);
    if (RESERVED_PREFIXES.has(prefix)) {
      const message = MULTILINGUAL_MESSAGES.reservedPrefix(prefix);
      context.addIssue({ code: 'custom', path: ['languages', index, 'code'], message });
    } else if (seen.has(prefix)) {
      context.addIssue({
        code: 'custom',
        path: ['languages', index, 'code'],
        message: MULTILINGUAL_MESSAGES.duplicate,
      });
    }
    seen.add(prefix);
    if (standardLanguage(code) === undefined && !language.name) {
      const message = MULTILINGUAL_MESSAGES.customNameMissing;
      context.addIssue({ code: 'custom', path: ['languages', index, 'name'], message });
    }
  });
});
export type MultilingualLanguagesInput = Infer<typeof multilingualLanguagesSchema>;

/** What an owner may translate, by the kind of thing it belongs to. */
export const TRANSLATABLE_FIELDS = {
  site: ['siteTitle', 'siteDescription'],
  collection: ['title', 'navigationTitle', 'description'],
  item: ['title', 'excerpt', 'body'],
  'navigation-link': ['title'],
} as const satisfies Record<string, readonly string[]>;

export type TranslationKind = keyof typeof TRANSLATABLE_FIELDS;
export type TranslationField = (typeof TRANSLATABLE_FIELDS)[TranslationKind][number];
const TRANSLATION_KINDS = Object.keys(TRANSLATABLE_FIELDS) as TranslationKind[];
const TRANSLATION_FIELDS = [...new Set(Object.values(TRANSLATABLE_FIELDS).flat())] as [
  TranslationField,
  ...TranslationField[],
];

export const TRANSLATION_FIELD_LABELS: Readonly<Record<TranslationField, string>> = {
  siteTitle: 'Site title',
  siteDescription: 'Site description',
  title: 'Title',
  navigationTitle: 'Navigation title',
  description: 'Description',
  excerpt: 'Excerpt',
  body: 'Body',
};

const TRANSLATION_MAX = 100_000;

/** Translations to save in one language: an empty value removes the override, so the site's own text shows. */
export const translationsInputSchema = object({
  translations: array(
    object({
      kind: zodEnum(TRANSLATION_KINDS as [TranslationKind, ...TranslationKind[]]),
      id: string().min(1).max(64),
      field: zodEnum(TRANSLATION_FIELDS),
      value: string().max(TRANSLATION_MAX, MULTILINGUAL_MESSAGES.translationTooLong),
    }),
  ).max(1000, MULTILINGUAL_MESSAGES.tooManyTranslations),
}).superRefine((value, context) => {
  value.translations.forEach((entry, index) => {
    if (!(TRANSLATABLE_FIELDS[entry.kind] as readonly string[]).includes(entry.field)) {
      const message = MULTILINGUAL_MESSAGES.fieldNotTranslatable;
      context.addIssue({ code: 'custom', path: ['translations', index, 'field'], message });
    }
  });
});
export type TranslationsInput = Infer<typeof translationsInputSchema>;
