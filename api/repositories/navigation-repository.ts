import type { Db } from './transaction.ts';

export interface NavigationCollection {
  id: string;
  urlId: string;
  title: string;
  navigationTitle: string;
  typeName: string;
}

export interface NavigationNode {
  id: string;
  /** The link's own title; null means "use the collection's navigation title". */
  title: string | null;
  collection: NavigationCollection | null;
  externalLink: string | null;
  memberAreaId: string | null;
  newWindow: boolean;
  children: NavigationNode[];
}

export interface Navigation {
  id: string;
  identifier: string;
  title: string;
  items: NavigationNode[];
}

/**
 * A navigation (by its template.conf name, e.g. mainNav) as a tree in the
 * owner's order. Links to disabled collections are left out, with anything
 * nested under them, because a visitor could not open them.
 */
export async function getNavigation(db: Db, websiteId: string, identifier: string): Promise<Navigation | undefined> {
  const navigation = await db
    .selectFrom('navigations')
    .select(['id', 'identifier', 'title'])
    .where('websiteId', '=', websiteId)
    .where('identifier', '=', identifier)
    .executeTakeFirst();
  if (!navigation) return undefined;

  const rows = await db
    .selectFrom('navigationItems as link')
    .leftJoin('collections as collection', (join) =>
      join.onRef('collection.websiteId', '=', 'link.websiteId').onRef('collection.id', '=', 'link.collectionId'),
    )
    .select([
      'link.id',
      'link.parentId',
      'link.title',
      'link.externalLink',
      'link.memberAreaId',
      'link.newWindow',
      'collection.id as collectionId',
      'collection.urlId',
      'collection.title as collectionTitle',
      'collection.navigationTitle',
      'collection.typeName',
      'collection.enabled',
    ])
    .where('link.websiteId', '=', websiteId)
    .where('link.navigationId', '=', navigation.id)
    .orderBy('link.displayIndex')
    .orderBy('link.id')
    .execute();

  const nodes = new Map<string, NavigationNode>();
  for (const row of rows) {
    if (row.collectionId !== null && !row.enabled) continue;
    nodes.set(row.id, {
      id: row.id,
      title: row.title,
      collection:
        row.collectionId !== null
          ? {
              id: row.collectionId,
              urlId: row.urlId!,
              title: row.collectionTitle!,
              navigationTitle: row.navigationTitle!,
              typeName: row.typeName!,
            }
          : null,
      externalLink: row.externalLink,
      memberAreaId: row.memberAreaId,
      newWindow: row.newWindow,
      children: [],
    });
  }
  const items: NavigationNode[] = [];
  for (const row of rows) {
    const node = nodes.get(row.id);
    if (!node) continue;
    if (row.parentId === null) items.push(node);
    // A child whose parent was left out goes with it.
    else nodes.get(row.parentId)?.children.push(node);
  }
  return { ...navigation, items };
}
