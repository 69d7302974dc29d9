/**
 * A website's translation languages (website settings, migration 0032) and
 * the owner's translations: per language, a text for a field of the site,
 * a collection, an item or a navigation link, keyed by the id of what it
 * translates (ids are unique across those tables, and the site's is the
 * website's id).
 */
import { sql } from 'kysely';
import type { TranslationField, TranslationKind } from '../../shared/multilingual.ts';
import { json } from '../db/json.ts';
import type { TranslationLanguage } from '../db/schema.ts';
import { type Db, inTransaction } from './transaction.ts';

/** A page's overrides in one language: target id → field → text. */
export type TranslationDictionary = ReadonlyMap<string, Readonly<Partial<Record<TranslationField, string>>>>;

export interface TranslationEntry {
  kind: TranslationKind;
  id: string;
  field: TranslationField;
  /** '' removes the override. */
  value: string;
}

/**
 * Replaces the website's translation languages; the translations of a
 * language no longer listed go with it, in the same transaction.
 */
export async function setTranslationLanguages(
  db: Db,
  websiteId: string,
  languages: readonly TranslationLanguage[],
): Promise<void> {
  await inTransaction(db, async (trx) => {
    await trx
      .updateTable('websiteSettings')
      .set({ translationLanguages: json(languages), updatedOn: sql`now()` })
      .where('websiteId', '=', websiteId)
      .execute();
    let removed = trx.deleteFrom('contentTranslations').where('websiteId', '=', websiteId);
    const kept = languages.map((language) => language.code);
    if (kept.length > 0) removed = removed.where('language', 'not in', kept);
    await removed.execute();
  });
}

export async function translationDictionary(
  db: Db,
  websiteId: string,
  language: string,
): Promise<TranslationDictionary> {
  const rows = await db
    .selectFrom('contentTranslations')
    .select(['targetId', 'field', 'value'])
    .where('websiteId', '=', websiteId)
    .where('language', '=', language)
    .execute();
  const dictionary = new Map<string, Partial<Record<TranslationField, string>>>();
  for (const row of rows) {
    const fields = dictionary.get(row.targetId) ?? {};
    fields[row.field as TranslationField] = row.value;
    dictionary.set(row.targetId, fields);
  }
  return dictionary;
}

/** Which targets do not exist on the website, of those the entries name. */
async function missingTargets(db: Db, websiteId: string, entries: readonly TranslationEntry[]): Promise<Set<string>> {
  const ids = (kind: TranslationKind) => [...new Set(entries.filter((e) => e.kind === kind).map((e) => e.id))];
  const found = new Set<string>([websiteId]);
  const lookups: Array<[TranslationKind, 'collections' | 'items' | 'navigationItems']> = [
    ['collection', 'collections'],
    ['item', 'items'],
    ['navigation-link', 'navigationItems'],
  ];
  for (const [kind, table] of lookups) {
    const wanted = ids(kind);
    if (wanted.length === 0) continue;
    const rows = await db
      .selectFrom(table)
      .select('id')
      .where('websiteId', '=', websiteId)
      .where('id', 'in', wanted)
      .execute();
    for (const row of rows) found.add(`${kind}|${row.id}`);
  }
  const missing = new Set<string>();
  for (const entry of entries) {
    const exists = entry.kind === 'site' ? entry.id === websiteId : found.has(`${entry.kind}|${entry.id}`);
    if (!exists) missing.add(`${entry.kind}|${entry.id}`);
  }
  return missing;
}

/**
 * Saves translations in one language, all or none: an entry naming content
 * the website does not have refuses the whole batch (its indexes returned).
 */
export async function saveTranslations(
  db: Db,
  websiteId: string,
  language: string,
  entries: readonly TranslationEntry[],
): Promise<{ ok: true } | { ok: false; missing: number[] }> {
  return inTransaction(db, async (trx) => {
    const missing = await missingTargets(trx, websiteId, entries);
    if (missing.size > 0) {
      return {
        ok: false,
        missing: entries.flatMap((entry, index) => (missing.has(`${entry.kind}|${entry.id}`) ? [index] : [])),
      };
    }
    for (const entry of entries) {
      if (entry.value === '') {
        await trx
          .deleteFrom('contentTranslations')
          .where('websiteId', '=', websiteId)
          .where('language', '=', language)
          .where('targetId', '=', entry.id)
          .where('field', '=', entry.field)
          .execute();
        continue;
      }
      await trx
        .insertInto('contentTranslations')
        .values({
          websiteId,
          language,
          targetKind: entry.kind,
          targetId: entry.id,
          field: entry.field,
          value: entry.value,
        })
        .onConflict((conflict) =>
          conflict
            .columns(['websiteId', 'language', 'targetId', 'field'])
            .doUpdateSet({ value: entry.value, targetKind: entry.kind, updatedOn: sql`now()` }),
        )
        .execute();
    }
    return { ok: true };
  });
}

/** Per language and kind, how many things have at least one translated text (of those still on the site). */
export async function translatedTargetCounts(
  db: Db,
  websiteId: string,
): Promise<Map<string, Partial<Record<TranslationKind, number>>>> {
  const rows = await db
    .selectFrom('contentTranslations as t')
    .select(['t.language', 't.targetKind', sql<string>`count(distinct t.target_id)`.as('targets')])
    .where('t.websiteId', '=', websiteId)
    .where((eb) =>
      eb.or([
        eb('t.targetKind', '=', 'site'),
        eb.exists(
          eb
            .selectFrom('collections as c')
            .select('c.id')
            .whereRef('c.websiteId', '=', 't.websiteId')
            .whereRef('c.id', '=', 't.targetId'),
        ),
        eb.exists(
          eb
            .selectFrom('items as i')
            .select('i.id')
            .whereRef('i.websiteId', '=', 't.websiteId')
            .whereRef('i.id', '=', 't.targetId'),
        ),
        eb.exists(
          eb
            .selectFrom('navigationItems as n')
            .select('n.id')
            .whereRef('n.websiteId', '=', 't.websiteId')
            .whereRef('n.id', '=', 't.targetId'),
        ),
      ]),
    )
    .groupBy(['t.language', 't.targetKind'])
    .execute();
  const counts = new Map<string, Partial<Record<TranslationKind, number>>>();
  for (const row of rows) {
    counts.set(row.language, { ...counts.get(row.language), [row.targetKind]: Number(row.targets) });
  }
  return counts;
}

/** Every translation in one language, for the owner's translation form. */
export async function listTranslations(
  db: Db,
  websiteId: string,
  language: string,
): Promise<Array<{ kind: TranslationKind; id: string; field: TranslationField; value: string }>> {
  const rows = await db
    .selectFrom('contentTranslations')
    .select(['targetKind', 'targetId', 'field', 'value'])
    .where('websiteId', '=', websiteId)
    .where('language', '=', language)
    .execute();
  return rows.map((row) => ({
    kind: row.targetKind,
    id: row.targetId,
    field: row.field as TranslationField,
    value: row.value,
  }));
}
