import { sql } from 'kysely';
import type { Db } from './transaction.ts';

export interface Taxonomy {
  /** Distinct category names used by the collection's visible items, sorted. */
  categories: string[];
  tags: string[];
}

/** The categories and tags a collection's filters can offer. */
export async function getCollectionTaxonomy(db: Db, websiteId: string, collectionId: string): Promise<Taxonomy> {
  const distinct = (column: 'categories' | 'tags') =>
    db
      .selectFrom('items')
      .innerJoinLateral(
        sql<{ value: string }>`jsonb_array_elements_text(items.${sql.ref(column)})`.as('term'),
        (join) => join.onTrue(),
      )
      .select('term.value')
      .distinct()
      .where('items.websiteId', '=', websiteId)
      .where('items.collectionId', '=', collectionId)
      .where('items.published', '=', true)
      .where('items.publishOn', '<=', sql<Date>`now()`)
      .orderBy('term.value')
      .execute();
  const [categories, tags] = await Promise.all([distinct('categories'), distinct('tags')]);
  return { categories: categories.map((r) => r.value), tags: tags.map((r) => r.value) };
}
