/**
 * A page's data in a translation language: every object whose id the
 * owner translated (the website, a collection, an item, a navigation link)
 * gets the translated texts in place of its own; everything else is the
 * site's own, so a page without translations shows the default language.
 * The data may be kept and shared by other pages (SiteDataMemo), so nothing
 * is changed in place: an object is copied when it or something in it is
 * translated.
 */
import type { TranslationDictionary } from '../../api/repositories/translation-repository.ts';
import type { TagDataSource } from '../template-package/index.ts';

/** translateJson({ id: 'c1', title: 'Shop' }, Map { 'c1' → { title: 'Boutique' } }) → { id: 'c1', title: 'Boutique' } */
export function translateJson<T>(value: T, dictionary: TranslationDictionary): T {
  if (dictionary.size === 0) return value;
  return walk(value, dictionary) as T;
}

function walk(value: unknown, dictionary: TranslationDictionary): unknown {
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    value.forEach((element, index) => {
      const translated = walk(element, dictionary);
      if (translated !== element) {
        copy ??= [...value];
        copy[index] = translated;
      }
    });
    return copy ?? value;
  }
  if (value === null || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  let copy: Record<string, unknown> | undefined;
  for (const [key, child] of Object.entries(record)) {
    const translated = walk(child, dictionary);
    if (translated !== child) {
      copy ??= { ...record };
      copy[key] = translated;
    }
  }
  const texts = typeof record.id === 'string' ? dictionary.get(record.id) : undefined;
  if (texts) {
    copy ??= { ...record };
    for (const [field, text] of Object.entries(texts)) {
      // Only a text the object has: a translated title does not add one to a link that shows its page's.
      if (field in record && text !== undefined) copy[field] = text;
    }
  }
  return copy ?? value;
}

/** The tag data (navigations, queries, categories) of a page in a translation language. */
export function translatingTagSource(source: TagDataSource, dictionary: TranslationDictionary): TagDataSource {
  if (dictionary.size === 0) return source;
  const translated = async <R>(answer: Promise<R>) => translateJson(await answer, dictionary);
  return {
    navigation: (request) => translated(source.navigation(request)),
    'folder-navigation': (request) => translated(source['folder-navigation'](request)),
    'block-field': (request) => translated(source['block-field'](request)),
    category: (request) => translated(source.category(request)),
    query: (request) => translated(source.query(request)),
  };
}
