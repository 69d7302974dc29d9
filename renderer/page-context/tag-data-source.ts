/**
 * The data behind the squarespace: tags of one page request, over the
 * database: navigations with their active marks, queries, categories.
 */

import type { StoreSettings } from '../../api/db/schema.ts';
import { findCollectionByUrlId } from '../../api/repositories/collection-repository.ts';
import { listItems } from '../../api/repositories/item-repository.ts';
import { getNavigation, type NavigationNode } from '../../api/repositories/navigation-repository.ts';
import { getCollectionTaxonomy } from '../../api/repositories/taxonomy-repository.ts';
import type { Db } from '../../api/repositories/transaction.ts';
import type { JsonValue } from '../../engine/index.ts';
import type { TagDataSource } from '../template-package/index.ts';
import { collectionJson } from './content-json.ts';
import { loadItems } from './load-items.ts';

export interface TagSourcePage {
  websiteId: string;
  /** The collection the page shows, for active navigation marks and categories. */
  collectionId: string | undefined;
  homeCollectionId: string | undefined;
  store: StoreSettings;
  /** Site-wide data kept per content version (see SiteDataMemo). */
  remember: <T>(key: string, load: () => Promise<T>) => Promise<T>;
}

function navigationItem(node: NavigationNode, page: TagSourcePage): JsonValue {
  const children = node.children.map((child) => navigationItem(child, page));
  const active = node.collection !== null && node.collection.id === page.collectionId;
  const folderActive = children.some((child) => (child as { active: boolean }).active);
  // The id lets a page in a translation language find the link's translated title (renderer/localization).
  const item: Record<string, JsonValue> = {
    id: node.id,
    active,
    folderActive,
    title: node.title ?? null,
    items: children,
  };
  if (node.collection) {
    const home = node.collection.id === page.homeCollectionId;
    item.collection = {
      ...node.collection,
      fullUrl: home ? '/' : `/${node.collection.urlId}`,
    };
  }
  if (node.externalLink) item.externalLink = { url: node.externalLink, newWindow: node.newWindow };
  return item;
}

export function databaseTagSource(db: Db, page: TagSourcePage): TagDataSource {
  const { websiteId } = page;
  return {
    navigation: async ({ navigationId }) => {
      const navigation = await page.remember(`navigation|${navigationId}`, () =>
        getNavigation(db, websiteId, navigationId),
      );
      if (!navigation) return undefined;
      return { title: navigation.title, items: navigation.items.map((node) => navigationItem(node, page)) };
    },
    'folder-navigation': async () => undefined,
    'block-field': async () => undefined,
    // What no visitor changes is kept per content version, as the page's own data is (page-data.ts).
    category: ({ collection: urlId }) =>
      page.remember(`tag-category|${urlId ?? ''}|${page.collectionId ?? ''}`, async () => {
        const collection = urlId ? await findCollectionByUrlId(db, websiteId, urlId) : undefined;
        const collectionId = collection?.id ?? page.collectionId;
        if (!collectionId) return undefined;
        const taxonomy = await getCollectionTaxonomy(db, websiteId, collectionId);
        return { categories: taxonomy.categories, tags: taxonomy.tags };
      }),
    query: (request) =>
      page.remember(`tag-query|${JSON.stringify(request)}`, async () => {
        const collection = await findCollectionByUrlId(db, websiteId, request.collection);
        // A locked collection's items are never listed by another page's query: its answer is kept for everyone.
        if (!collection || collection.passwordProtected || collection.memberOnly) return undefined;
        const found = await listItems(db, websiteId, collection.id, {
          limit: request.limit ?? undefined,
          offset: request.skip,
          featured: request.featured || undefined,
          tag: request.tag ?? undefined,
          category: request.category ?? undefined,
          collection,
        });
        const loaded = await loadItems(db, websiteId, new Map([[collection.id, collection]]), found.items, {
          store: page.store,
        });
        return { items: loaded.items as JsonValue[], collection: collectionJson(collection) as JsonValue };
      }),
  };
}
