/**
 * The owner calls behind store creation (spec sections 3, 4 and 7): a
 * product collection, its root category, the site layout (each navigation
 * with its links) and a navigation update. Each call is one transaction; the
 * admin app's dialog runs them in the spec's order and deletes the new
 * collection when a later step fails (deleteStore), so no half-made store is
 * left. Content versions move through the tables' triggers (migration 0002).
 */

import { COLLECTION_TYPES } from '../../domain/spec-enums.ts';
import { languagePrefix, RESERVED_PREFIXES } from '../../shared/multilingual.ts';
import { type ROOT_CATEGORY, slugify, storeUrlId } from '../../shared/store-creation.ts';
import { ApiError } from '../api-errors.ts';
import { newId } from '../db/ids.ts';
import { readJsonColumn } from '../db/read-json.ts';
import type { TranslationLanguage } from '../db/schema.ts';
import { type Db, inTransaction } from '../repositories/transaction.ts';

export interface ProductCollectionInput {
  navigationTitle: string;
  title: string;
  /** The client's derivation from the title (shared/store-creation.ts); absent or taken, the server derives the next free one. */
  urlId?: string;
  description: string;
  enabled: true;
}

export interface CreatedStore {
  id: string;
  urlId: string;
  title: string;
  navigationTitle: string;
  description: string;
  enabled: boolean;
}

const UNIQUE_VIOLATION = '23505';

async function translationLanguagesOf(db: Db, websiteId: string): Promise<TranslationLanguage[]> {
  const row = await db
    .selectFrom('websiteSettings')
    .select('translationLanguages')
    .where('websiteId', '=', websiteId)
    .executeTakeFirst();
  return row ? readJsonColumn('websiteSettings', 'translationLanguages', row.translationLanguages) : [];
}

export async function createProductCollection(
  db: Db,
  websiteId: string,
  input: ProductCollectionInput,
): Promise<CreatedStore> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await inTransaction(db, async (trx) => {
        const taken = new Set(
          (await trx.selectFrom('collections').select('urlId').where('websiteId', '=', websiteId).execute()).map(
            (row) => row.urlId,
          ),
        );
        // A store at /cart or at a language's prefix (/fr) could never be reached: those addresses are taken too.
        for (const prefix of RESERVED_PREFIXES) taken.add(prefix);
        for (const language of await translationLanguagesOf(trx, websiteId)) taken.add(languagePrefix(language.code));
        const wanted = input.urlId ? slugify(input.urlId) : '';
        const urlId = wanted !== '' && !taken.has(wanted) ? wanted : storeUrlId(input.urlId || input.title, taken);
        const last = await trx
          .selectFrom('collections')
          .select((eb) => eb.fn.max('displayIndex').as('index'))
          .where('websiteId', '=', websiteId)
          .executeTakeFirst();
        const id = newId();
        const now = new Date();
        await trx
          .insertInto('collections')
          .values({
            websiteId,
            id,
            type: COLLECTION_TYPES.products,
            typeName: 'products',
            urlId,
            title: input.title,
            navigationTitle: input.navigationTitle,
            description: input.description,
            ordering: 'user-ordered',
            enabled: true,
            displayIndex: Number(last?.index ?? 0) + 1,
            updatedOn: now,
          })
          .execute();
        return {
          id,
          urlId,
          title: input.title,
          navigationTitle: input.navigationTitle,
          description: input.description,
          enabled: true,
        };
      });
    } catch (error) {
      // Two stores made at once may pick the same URL id: the second takes the next one.
      if ((error as { code?: string }).code === UNIQUE_VIOLATION && attempt < 3) continue;
      throw error;
    }
  }
}

export interface RootCategoryInput {
  displayName: string;
  parentCategoryId: '' | null;
  type: typeof ROOT_CATEGORY.type;
  pageRendering: 'LIST_VIEW' | 'GRID_VIEW';
  displayIndex: number;
}

async function requireStore(db: Db, websiteId: string, collectionId: string): Promise<void> {
  const collection = await db
    .selectFrom('collections')
    .select('type')
    .where('websiteId', '=', websiteId)
    .where('id', '=', collectionId)
    .executeTakeFirst();
  if (!collection) throw new ApiError('collection-not-found');
  if (collection.type !== COLLECTION_TYPES.products) throw new ApiError('not-a-store');
}

export async function createRootCategory(
  db: Db,
  websiteId: string,
  collectionId: string,
  input: RootCategoryInput,
): Promise<{ id: string; displayName: string; urlSlug: string }> {
  return inTransaction(db, async (trx) => {
    await requireStore(trx, websiteId, collectionId);
    const existing = await trx
      .selectFrom('productCategories')
      .select('id')
      .where('websiteId', '=', websiteId)
      .where('collectionId', '=', collectionId)
      .where('type', '=', 'ROOT')
      .executeTakeFirst();
    if (existing) throw new ApiError('root-category-exists');
    const id = newId();
    const urlSlug = slugify(input.displayName) || 'all';
    await trx
      .insertInto('productCategories')
      .values({
        websiteId,
        id,
        collectionId,
        parentCategoryId: null,
        displayName: input.displayName,
        urlSlug,
        type: 'ROOT',
        pageRendering: input.pageRendering,
        displayIndex: input.displayIndex,
      })
      .execute();
    return { id, displayName: input.displayName, urlSlug };
  });
}

/** A store the dialog made and could not finish: it goes with its categories. */
export async function deleteStore(db: Db, websiteId: string, collectionId: string): Promise<void> {
  await inTransaction(db, async (trx) => {
    await requireStore(trx, websiteId, collectionId);
    // Only what the dialog itself made: a store with products is the owner's to remove with its products, knowingly.
    const item = await trx
      .selectFrom('items')
      .select('id')
      .where('websiteId', '=', websiteId)
      .where('collectionId', '=', collectionId)
      .executeTakeFirst();
    if (item) throw new ApiError('store-not-empty');
    await trx
      .deleteFrom('navigationItems')
      .where('websiteId', '=', websiteId)
      .where('collectionId', '=', collectionId)
      .execute();
    await trx
      .deleteFrom('productCategories')
      .where('websiteId', '=', websiteId)
      .where('collectionId', '=', collectionId)
      .execute();
    await trx.deleteFrom('collections').where('websiteId', '=', websiteId).where('id', '=', collectionId).execute();
  });
}

/** A navigation link as GetSiteLayout answers it and UpdateNavigation takes it (spec section 3). */
export interface NavigationLink {
  collectionId: string | null;
  externalLink: string | null;
  memberAreaId: string | null;
  title?: string | null;
  newWindow?: boolean;
  items: NavigationLink[];
}

export interface SiteLayout {
  identifier: string;
  title: string;
  links: NavigationLink[];
}

/** Every navigation of the site with its links, nested as folders hold them. */
export async function getSiteLayout(db: Db, websiteId: string): Promise<SiteLayout[]> {
  const navigations = await db
    .selectFrom('navigations')
    .select(['id', 'identifier', 'title'])
    .where('websiteId', '=', websiteId)
    .orderBy('identifier')
    .execute();
  const items = await db
    .selectFrom('navigationItems')
    .select(['id', 'navigationId', 'parentId', 'collectionId', 'externalLink', 'memberAreaId', 'title', 'newWindow'])
    .where('websiteId', '=', websiteId)
    .orderBy('displayIndex')
    .execute();
  const childrenOf = (navigationId: string, parentId: string | null): NavigationLink[] =>
    items
      .filter((item) => item.navigationId === navigationId && item.parentId === parentId)
      .map((item) => ({
        collectionId: item.collectionId,
        externalLink: item.externalLink,
        memberAreaId: item.memberAreaId,
        title: item.title,
        newWindow: item.newWindow,
        items: childrenOf(navigationId, item.id),
      }));
  return navigations.map((navigation) => ({
    identifier: navigation.identifier,
    title: navigation.title,
    links: childrenOf(navigation.id, null),
  }));
}

/** Folders hold links, not folders: two levels, as the templates draw them. */
const MAX_DEPTH = 2;
const MAX_LINKS = 200;

/** Replaces a navigation's links (spec section 3, navigation update: fieldName, templateId, navigation.items). */
export async function updateNavigation(
  db: Db,
  websiteId: string,
  input: { fieldName: string; navigation: { items: NavigationLink[] } },
): Promise<void> {
  await inTransaction(db, async (trx) => {
    const navigation = await trx
      .selectFrom('navigations')
      .select('id')
      .where('websiteId', '=', websiteId)
      .where('identifier', '=', input.fieldName)
      .executeTakeFirst();
    if (!navigation) throw new ApiError('no-main-navigation');
    const collections = await trx
      .selectFrom('collections')
      .select(['id', 'memberOnly'])
      .where('websiteId', '=', websiteId)
      .execute();
    const byId = new Map(collections.map((c) => [c.id, c]));
    const rows: {
      id: string;
      parentId: string | null;
      collectionId: string | null;
      externalLink: string | null;
      memberAreaId: string | null;
      title: string | null;
      newWindow: boolean;
      displayIndex: number;
    }[] = [];
    const visit = (links: NavigationLink[], parentId: string | null, depth: number) => {
      if (depth > MAX_DEPTH) throw new ApiError('navigation-item-invalid');
      links.forEach((link, index) => {
        const named = [link.collectionId, link.externalLink, link.memberAreaId].filter((v) => v !== null && v !== '');
        const folder = named.length === 0 && link.items.length > 0 && Boolean(link.title);
        if (!folder && named.length !== 1) throw new ApiError('navigation-item-invalid');
        if (link.collectionId && !byId.has(link.collectionId)) throw new ApiError('navigation-item-invalid');
        if (link.memberAreaId && !byId.get(link.memberAreaId)?.memberOnly)
          throw new ApiError('navigation-item-invalid');
        if (link.externalLink && !/^(https?:\/\/|mailto:|tel:|\/)/i.test(link.externalLink)) {
          throw new ApiError('navigation-item-invalid');
        }
        const id = newId();
        rows.push({
          id,
          parentId,
          collectionId: link.collectionId || null,
          externalLink: link.externalLink || null,
          memberAreaId: link.memberAreaId || null,
          title: link.title ?? null,
          newWindow: link.newWindow ?? false,
          displayIndex: index,
        });
        if (rows.length > MAX_LINKS) throw new ApiError('navigation-item-invalid');
        visit(link.items, id, depth + 1);
      });
    };
    visit(input.navigation.items, null, 1);
    await trx
      .deleteFrom('navigationItems')
      .where('websiteId', '=', websiteId)
      .where('navigationId', '=', navigation.id)
      .execute();
    // Parents first: a child's row names its parent's.
    if (rows.length > 0) {
      await trx
        .insertInto('navigationItems')
        .values(rows.map((row) => ({ ...row, websiteId, navigationId: navigation.id })))
        .execute();
    }
  });
}
