/**
 * What a revision keeps of a collection or an item: every field the admin
 * app edits, whole, so a restore puts the subject back as it was saved. The
 * snapshot is JSON in content_revisions; it is read back through these
 * schemas, so a row that does not hold one is an error, not a half restore.
 */
import { z } from 'zod';
import { eventLocationSchema } from '../db/json-schemas.ts';
import type { Collection, Item } from '../db/schema.ts';

const collectionSnapshotSchema = z.object({
  title: z.string(),
  navigationTitle: z.string(),
  urlId: z.string(),
  description: z.string(),
  enabled: z.boolean(),
  passwordProtected: z.boolean(),
  passwordHash: z.string().nullable(),
  memberOnly: z.boolean(),
  blocks: z.array(z.unknown()),
  settings: z.record(z.string(), z.unknown()),
  /** The items' order, for a collection whose order the owner arranges. */
  itemOrder: z.array(z.string()).optional(),
});
export type CollectionSnapshot = z.infer<typeof collectionSnapshotSchema>;

const itemSnapshotSchema = z.object({
  title: z.string(),
  urlId: z.string(),
  body: z.string(),
  excerpt: z.string(),
  tags: z.array(z.string()),
  categories: z.array(z.string()),
  authorId: z.string().nullable(),
  published: z.boolean(),
  publishOn: z.string(),
  mainImageId: z.string().nullable(),
  commentState: z.number(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  location: eventLocationSchema.nullable(),
  structuredContent: z.record(z.string(), z.unknown()),
});
export type ItemSnapshot = z.infer<typeof itemSnapshotSchema>;

const iso = (date: Date | null) => (date === null ? null : new Date(date).toISOString());

export function collectionSnapshot(collection: Collection, itemOrder?: readonly string[]): CollectionSnapshot {
  return {
    title: collection.title,
    navigationTitle: collection.navigationTitle,
    urlId: collection.urlId,
    description: collection.description,
    enabled: collection.enabled,
    passwordProtected: collection.passwordProtected,
    passwordHash: collection.passwordHash,
    memberOnly: collection.memberOnly,
    blocks: collection.blocks,
    settings: collection.settings,
    ...(itemOrder ? { itemOrder: [...itemOrder] } : {}),
  };
}

export function itemSnapshot(item: Item): ItemSnapshot {
  return {
    title: item.title,
    urlId: item.urlId,
    body: item.body,
    excerpt: item.excerpt,
    tags: item.tags,
    categories: item.categories,
    authorId: item.authorId,
    published: item.published,
    publishOn: iso(item.publishOn)!,
    mainImageId: item.mainImageId,
    commentState: item.commentState,
    startDate: iso(item.startDate),
    endDate: iso(item.endDate),
    location: item.location,
    structuredContent: item.structuredContent,
  };
}

/** A stored snapshot that does not parse is the server's fault (500), not the request's. */
function read<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new Error(`stored ${what} snapshot does not match its schema: ${parsed.error.message}`);
  return parsed.data;
}

export const readCollectionSnapshot = (value: unknown) => read(collectionSnapshotSchema, value, 'collection');
export const readItemSnapshot = (value: unknown) => read(itemSnapshotSchema, value, 'item');
