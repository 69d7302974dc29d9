/**
 * Posts, events and gallery pictures as the owner edits them: each kind of
 * collection (the template's blog, events and gallery) takes its own input
 * (shared/content-schemas.ts) and turns it into the item's columns through
 * its entry in ITEM_KINDS. Rich text is sanitized, what the item names
 * (author, picture) must be the website's own, a slug left empty is made
 * from the title, and publishing is a draft, now or at a date: a scheduled
 * item is stored published with its date ahead, and lists, pages and search
 * show it from then on (item-repository.ts isVisible).
 */

import { RECORD_TYPES } from '../../domain/spec-enums.ts';
import {
  CONTENT_MESSAGES,
  type EventInput,
  type GalleryItemInput,
  ITEM_COLLECTION_KINDS,
  type ItemCollectionKind,
  MAX_ORDERED_ITEMS,
  type PostInput,
  type PublicationState,
} from '../../shared/content-schemas.ts';
import { freeSlug, slugFromTitle } from '../../shared/url-slug.ts';
import { ApiError } from '../api-errors.ts';
import { newId } from '../db/ids.ts';
import { json } from '../db/json.ts';
import { readJsonColumns } from '../db/read-json.ts';
import type { Collection, Item } from '../db/schema.ts';
import { type Db, inTransaction } from '../repositories/transaction.ts';
import { contributorExists, imageExists, refuseProblems } from './content-references.ts';
import { type ItemChange, recordNewItem, type SaveContext, saveItem } from './revisioned-save.ts';
import { richTextToPlain, sanitizeRichText } from './rich-text-sanitizer.ts';

export type ItemInput = PostInput | EventInput | GalleryItemInput;

interface KindContext {
  db: Db;
  websiteId: string;
  now: Date;
  /** The item as stored, when it is an edit. */
  current: Item | undefined;
  problems: Record<string, string>;
}

interface ItemKind<I> {
  recordType: number;
  /** The columns the input sets (title and slug aside); problems go into ctx.problems. */
  columns(input: I, ctx: KindContext): Promise<ItemChange>;
}

/** Draft, published now (a published item keeps its date), or at a date ahead. */
function publication(
  input: { publication: PublicationState; publishAt?: string | null },
  ctx: KindContext,
): Pick<ItemChange, 'published' | 'publishOn'> {
  const current = ctx.current;
  const visible = current ? current.published && new Date(current.publishOn) <= ctx.now : false;
  switch (input.publication) {
    case 'draft':
      return { published: false, ...(current ? {} : { publishOn: ctx.now }) };
    case 'published':
      return { published: true, ...(visible ? {} : { publishOn: ctx.now }) };
    case 'scheduled': {
      if (!input.publishAt) {
        ctx.problems.publishAt = CONTENT_MESSAGES.dateInvalid;
        return {};
      }
      const at = new Date(input.publishAt);
      if (at <= ctx.now) ctx.problems.publishAt = CONTENT_MESSAGES.scheduleInPast;
      return { published: true, publishOn: at };
    }
  }
}

async function mainImage(imageId: string | null, ctx: KindContext, field = 'mainImageId'): Promise<string | null> {
  if (imageId === null) return null;
  if (!(await imageExists(ctx.db, ctx.websiteId, imageId)))
    ctx.problems[field] = 'Please choose one of the site’s images.';
  return imageId;
}

const escapeText = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const ITEM_KINDS: {
  readonly [K in ItemCollectionKind]: ItemKind<
    K extends 'blog' ? PostInput : K extends 'events' ? EventInput : GalleryItemInput
  >;
} = {
  blog: {
    recordType: RECORD_TYPES.text,
    async columns(input, ctx) {
      if (input.authorId !== null && !(await contributorExists(ctx.db, ctx.websiteId, input.authorId))) {
        ctx.problems.authorId = 'Please choose one of the site’s contributors.';
      }
      return {
        body: sanitizeRichText(input.body),
        excerpt: sanitizeRichText(input.excerpt),
        authorId: input.authorId,
        categories: input.categories,
        tags: input.tags,
        mainImageId: await mainImage(input.mainImageId, ctx),
        commentState: input.commentsEnabled ? 1 : 0,
        ...publication(input, ctx),
      };
    },
  },
  events: {
    recordType: RECORD_TYPES.event,
    async columns(input, ctx) {
      return {
        body: sanitizeRichText(input.body),
        excerpt: sanitizeRichText(input.excerpt),
        categories: input.categories,
        tags: input.tags,
        mainImageId: await mainImage(input.mainImageId, ctx),
        startDate: new Date(input.startDate),
        endDate: new Date(input.endDate),
        location: input.location,
        ...publication(input, ctx),
      };
    },
  },
  gallery: {
    recordType: RECORD_TYPES.image,
    async columns(input, ctx) {
      // The caption is plain text; templates print the body as HTML, so it is stored as one paragraph.
      return {
        body: input.caption === '' ? '' : `<p>${escapeText(input.caption)}</p>`,
        mainImageId: await mainImage(input.mainImageId, ctx),
        ...(ctx.current ? {} : { published: true, publishOn: ctx.now }),
      };
    },
  },
};

export function itemKindOf(collection: Pick<Collection, 'typeName'>): ItemCollectionKind | undefined {
  return (ITEM_COLLECTION_KINDS as readonly string[]).includes(collection.typeName)
    ? (collection.typeName as ItemCollectionKind)
    : undefined;
}

function requireKind(collection: Collection): ItemCollectionKind {
  const kind = itemKindOf(collection);
  if (!kind) throw new ApiError('not-an-item-collection');
  return kind;
}

async function takenSlugs(db: Db, websiteId: string, collectionId: string, exceptId?: string): Promise<Set<string>> {
  let query = db
    .selectFrom('items')
    .select('urlId')
    .where('websiteId', '=', websiteId)
    .where('collectionId', '=', collectionId);
  if (exceptId) query = query.where('id', '!=', exceptId);
  return new Set((await query.execute()).map((row) => row.urlId));
}

/** The slug typed (refused if another item of the collection has it), or one made from the title. */
async function itemSlug(
  input: { title: string; urlId?: string },
  ctx: KindContext,
  collectionId: string,
): Promise<string> {
  const taken = await takenSlugs(ctx.db, ctx.websiteId, collectionId, ctx.current?.id);
  if (input.urlId) {
    if (taken.has(input.urlId)) ctx.problems.urlId = 'Another item of this collection already uses this URL.';
    return input.urlId;
  }
  if (ctx.current) return ctx.current.urlId;
  return freeSlug(slugFromTitle(input.title) || 'item', taken);
}

async function columnsFor(collection: Collection, input: ItemInput, ctx: KindContext): Promise<ItemChange> {
  const kind = requireKind(collection);
  const editor = ITEM_KINDS[kind] as ItemKind<ItemInput>;
  const columns = await editor.columns(input, ctx);
  const urlId = await itemSlug(input, ctx, collection.id);
  refuseProblems(ctx.problems);
  return { ...columns, title: input.title, urlId };
}

export async function createItem(
  db: Db,
  collection: Collection,
  context: SaveContext,
  input: ItemInput,
  now: Date,
): Promise<Item> {
  const kind = requireKind(collection);
  return inTransaction(db, async (trx) => {
    // Taken in the collection's row lock's stead: two pictures added at once still count each other.
    await trx
      .selectFrom('collections')
      .select('id')
      .where('websiteId', '=', context.websiteId)
      .where('id', '=', collection.id)
      .forUpdate()
      .execute();
    const count = await trx
      .selectFrom('items')
      .select((eb) => [eb.fn.countAll<string>().as('count'), eb.fn.max('displayIndex').as('last')])
      .where('websiteId', '=', context.websiteId)
      .where('collectionId', '=', collection.id)
      .executeTakeFirstOrThrow();
    if (collection.ordering === 'user-ordered' && Number(count.count) >= MAX_ORDERED_ITEMS) {
      throw new ApiError('too-many-items');
    }
    const ctx: KindContext = { db: trx, websiteId: context.websiteId, now, current: undefined, problems: {} };
    const { tags, categories, location, structuredContent, ...columns } = await columnsFor(collection, input, ctx);
    const id = newId();
    await trx
      .insertInto('items')
      .values({
        websiteId: context.websiteId,
        id,
        collectionId: collection.id,
        recordType: ITEM_KINDS[kind].recordType,
        title: columns.title!,
        urlId: columns.urlId!,
        ...columns,
        tags: json(tags ?? []),
        categories: json(categories ?? []),
        location: location ? json(location) : null,
        structuredContent: json(structuredContent ?? {}),
        addedOn: now,
        publishOn: columns.publishOn ?? now,
        updatedOn: now,
        // A user-ordered collection gets the new item last; the others order by date or title.
        displayIndex: count.last === null ? 0 : Number(count.last) + 1,
      })
      .execute();
    const row = await trx
      .selectFrom('items')
      .selectAll()
      .where('websiteId', '=', context.websiteId)
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const { searchDocument: _document, ...item } = row;
    const created = readJsonColumns('items', item);
    await recordNewItem(trx, created, context);
    return created;
  });
}

export async function updateItem(
  db: Db,
  collection: Collection,
  itemId: string,
  context: SaveContext,
  input: ItemInput,
  now: Date,
): Promise<Item> {
  return saveItem(db, itemId, context, async (current, trx) => {
    if (current.collectionId !== collection.id) throw new ApiError('item-not-found');
    const ctx: KindContext = { db: trx, websiteId: context.websiteId, now, current, problems: {} };
    return columnsFor(collection, input, ctx);
  });
}

export async function deleteItem(db: Db, itemId: string, context: SaveContext): Promise<void> {
  await inTransaction(db, async (trx) => {
    const current = await trx
      .selectFrom('items')
      .select(['revision', 'collectionId'])
      .where('websiteId', '=', context.websiteId)
      .where('id', '=', itemId)
      .forUpdate()
      .executeTakeFirst();
    if (!current) throw new ApiError('item-not-found');
    if (context.baseRevision !== undefined && current.revision !== context.baseRevision) {
      throw new ApiError('content-conflict');
    }
    await trx.deleteFrom('items').where('websiteId', '=', context.websiteId).where('id', '=', itemId).execute();
  });
}

export type ItemStatus = 'draft' | 'scheduled' | 'published';

export function itemStatus(item: Pick<Item, 'published' | 'publishOn'>, now: Date): ItemStatus {
  if (!item.published) return 'draft';
  return new Date(item.publishOn) > now ? 'scheduled' : 'published';
}

/** An item as the admin app's editors read it. */
export function ownerItemJson(item: Item, collection: Pick<Collection, 'urlId'>, now: Date) {
  const iso = (date: Date | null) => (date === null ? null : new Date(date).toISOString());
  return {
    id: item.id,
    collectionId: item.collectionId,
    revision: item.revision,
    recordType: item.recordType,
    title: item.title,
    urlId: item.urlId,
    url: `/${collection.urlId}/${item.urlId}`,
    status: itemStatus(item, now),
    publishOn: iso(item.publishOn),
    body: item.body,
    excerpt: item.excerpt,
    caption: richTextToPlain(item.body),
    authorId: item.authorId,
    categories: item.categories,
    tags: item.tags,
    mainImageId: item.mainImageId,
    commentsEnabled: item.commentState === 1,
    startDate: iso(item.startDate),
    endDate: iso(item.endDate),
    location: item.location,
    displayIndex: item.displayIndex,
  };
}
