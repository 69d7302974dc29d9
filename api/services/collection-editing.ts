/**
 * Collections as the owner makes and sets them up: a new page, blog, events
 * list or gallery (made disabled, so it is a draft until published), its
 * name and URL slug (the spec's url-slug filter, unique in the website),
 * page settings (the title and description search engines and shared links
 * show, a social picture), who may see it (everyone, the holders of a
 * password, or the members of a member area), enabled or not, and the order
 * of a gallery's pictures. Each change is a saved revision (revisioned-save.ts).
 */

import { COLLECTION_TYPES } from '../../domain/spec-enums.ts';
import type { AccessKind, CollectionSettingsInput, NewCollectionKind } from '../../shared/content-schemas.ts';
import { CONTENT_MESSAGES } from '../../shared/content-schemas.ts';
import { freeSlug, RESERVED_SLUGS, slugFromTitle } from '../../shared/url-slug.ts';
import { ApiError } from '../api-errors.ts';
import { newId } from '../db/ids.ts';
import { readJsonColumns } from '../db/read-json.ts';
import type { Collection } from '../db/schema.ts';
import { hashPassword } from '../repositories/password-hash.ts';
import { type Db, inTransaction } from '../repositories/transaction.ts';
import { itemKindOf } from './content-item-editing.ts';
import { imageUrlOf, refuseProblems } from './content-references.ts';
import { isPageCollection } from './page-block-editing.ts';
import { itemOrderOf, recordNewCollection, type SaveContext, saveCollection } from './revisioned-save.ts';

/** How each kind the admin app makes is stored: the spec's collection type, the template's kind, the order. */
const NEW_COLLECTIONS: Readonly<
  Record<NewCollectionKind, { type: number; typeName: string; ordering: Collection['ordering'] }>
> = {
  page: { type: COLLECTION_TYPES.page, typeName: 'page', ordering: 'chronological' },
  blog: { type: COLLECTION_TYPES.generic, typeName: 'blog', ordering: 'chronological' },
  events: { type: COLLECTION_TYPES.generic, typeName: 'events', ordering: 'chronological' },
  gallery: { type: COLLECTION_TYPES.generic, typeName: 'gallery', ordering: 'user-ordered' },
};

const URL_TAKEN = 'Another page of this site already uses this URL.';

async function takenCollectionSlugs(db: Db, websiteId: string, exceptId?: string): Promise<Set<string>> {
  let query = db.selectFrom('collections').select('urlId').where('websiteId', '=', websiteId);
  if (exceptId) query = query.where('id', '!=', exceptId);
  return new Set((await query.execute()).map((row) => row.urlId));
}

export async function createCollection(
  db: Db,
  context: SaveContext,
  input: { kind: NewCollectionKind; title: string; urlId?: string },
): Promise<Collection> {
  return inTransaction(db, async (trx) => {
    const taken = await takenCollectionSlugs(trx, context.websiteId);
    for (const reserved of RESERVED_SLUGS) taken.add(reserved);
    if (input.urlId && taken.has(input.urlId)) refuseProblems({ urlId: URL_TAKEN });
    const urlId = input.urlId || freeSlug(slugFromTitle(input.title) || 'page', taken);
    const last = await trx
      .selectFrom('collections')
      .select((eb) => eb.fn.max('displayIndex').as('last'))
      .where('websiteId', '=', context.websiteId)
      .executeTakeFirstOrThrow();
    const row = await trx
      .insertInto('collections')
      .values({
        websiteId: context.websiteId,
        id: newId(),
        ...NEW_COLLECTIONS[input.kind],
        urlId,
        title: input.title,
        navigationTitle: input.title,
        enabled: false,
        displayIndex: last.last === null ? 0 : Number(last.last) + 1,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const created = readJsonColumns('collections', row);
    await recordNewCollection(trx, created, context);
    return created;
  });
}

export function accessOf(collection: Pick<Collection, 'passwordProtected' | 'memberOnly'>): AccessKind {
  if (collection.memberOnly) return 'members';
  return collection.passwordProtected ? 'password' : 'public';
}

export async function updateCollectionSettings(
  db: Db,
  collectionId: string,
  context: SaveContext,
  input: CollectionSettingsInput,
): Promise<Collection> {
  return saveCollection(db, collectionId, context, async (current, trx) => {
    const problems: Record<string, string> = {};
    const taken = await takenCollectionSlugs(trx, context.websiteId, collectionId);
    if (taken.has(input.urlId)) problems.urlId = URL_TAKEN;
    const socialImage =
      input.socialImageId === null ? undefined : await imageUrlOf(trx, context.websiteId, input.socialImageId);
    if (input.socialImageId !== null && socialImage === undefined) {
      problems.socialImageId = 'Please choose one of the site’s images.';
    }
    const newPassword = input.access === 'password' && input.password ? input.password : undefined;
    if (input.access === 'password' && !newPassword && current.passwordHash === null) {
      problems.password = CONTENT_MESSAGES.passwordMissing;
    }
    if (current.isHome && !input.enabled) throw new ApiError('home-cannot-be-disabled');
    refuseProblems(problems);
    return {
      title: input.title,
      navigationTitle: input.navigationTitle || input.title,
      urlId: input.urlId,
      description: input.description,
      settings: {
        ...current.settings,
        seoTitle: input.seoTitle,
        seoDescription: input.seoDescription,
        socialImageId: input.socialImageId,
        // Kept beside the id so a page shows it (og:image) without reading the image again.
        socialImageUrl: socialImage ?? null,
      },
      passwordProtected: input.access === 'password',
      memberOnly: input.access === 'members',
      ...(newPassword ? { passwordHash: await hashPassword(newPassword) } : {}),
      enabled: input.enabled,
    };
  });
}

/** Publishing a page (or taking it down) without touching its other settings. */
export async function setCollectionEnabled(
  db: Db,
  collectionId: string,
  context: SaveContext,
  enabled: boolean,
): Promise<Collection> {
  return saveCollection(db, collectionId, context, async (current) => {
    if (current.isHome && !enabled) throw new ApiError('home-cannot-be-disabled');
    return { enabled };
  });
}

/**
 * A gallery's pictures in a new order: the list must name each of its items
 * once, so an order made before another owner added or removed one is a
 * conflict rather than a silent loss.
 */
export async function reorderItems(
  db: Db,
  collectionId: string,
  context: SaveContext,
  itemIds: readonly string[],
): Promise<Collection> {
  return saveCollection(db, collectionId, context, async (current, trx) => {
    if (current.ordering !== 'user-ordered' || !itemKindOf(current)) throw new ApiError('not-an-item-collection');
    const stored = await itemOrderOf(trx, context.websiteId, collectionId);
    const same = stored.length === itemIds.length && new Set(itemIds).size === itemIds.length;
    if (!same || !itemIds.every((id) => stored.includes(id))) throw new ApiError('order-mismatch');
    await writeOrder(trx, context.websiteId, collectionId, itemIds);
    return {};
  });
}

/** Each item's place as its index in the list; items the list does not name go after, in their old order. */
export async function writeOrder(
  trx: Db,
  websiteId: string,
  collectionId: string,
  itemIds: readonly string[],
): Promise<void> {
  const stored = await itemOrderOf(trx, websiteId, collectionId);
  const order = [...itemIds.filter((id) => stored.includes(id)), ...stored.filter((id) => !itemIds.includes(id))];
  for (const [index, id] of order.entries()) {
    await trx
      .updateTable('items')
      .set({ displayIndex: index })
      .where('websiteId', '=', websiteId)
      .where('collectionId', '=', collectionId)
      .where('id', '=', id)
      .where('displayIndex', '!=', index)
      .execute();
  }
}

/** A collection as the admin app's lists and settings read it; never its password hash. */
export function ownerCollectionJson(collection: Collection, extra: { itemCount?: number } = {}) {
  const settings = collection.settings;
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return {
    id: collection.id,
    revision: collection.revision,
    title: collection.title,
    navigationTitle: collection.navigationTitle,
    urlId: collection.urlId,
    url: collection.isHome ? '/' : `/${collection.urlId}`,
    typeName: collection.typeName,
    kind: isPageCollection(collection) ? 'page' : (itemKindOf(collection) ?? 'other'),
    ordering: collection.ordering,
    isHome: collection.isHome,
    enabled: collection.enabled,
    description: collection.description,
    seoTitle: text(settings.seoTitle),
    seoDescription: text(settings.seoDescription),
    socialImageId: typeof settings.socialImageId === 'string' ? settings.socialImageId : null,
    access: accessOf(collection),
    hasPassword: collection.passwordHash !== null,
    blocks: isPageCollection(collection) ? collection.blocks : undefined,
    ...extra,
  };
}
