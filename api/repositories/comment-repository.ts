import { newId } from '../db/ids.ts';
import type { Db } from './transaction.ts';

export interface CommentNode {
  id: string;
  parentId: string | null;
  authorName: string;
  authorUrl: string | null;
  body: string;
  addedOn: Date;
  replies: CommentNode[];
}

export interface CommentThread {
  /** Top-level comments, oldest first, each with its replies. */
  comments: CommentNode[];
  /** Every comment in the tree, replies included (publicCommentCount). */
  count: number;
}

export interface NewComment {
  itemId: string;
  parentId?: string | null;
  authorName: string;
  authorEmail?: string | null;
  authorUrl?: string | null;
  body: string;
  approved?: boolean;
}

/**
 * An item's approved comments as a thread. A reply under a comment that is
 * not approved is hidden with it: it would read as an answer to nothing.
 * Authors' emails are never part of the public thread.
 */
export async function listComments(db: Db, websiteId: string, itemId: string): Promise<CommentThread> {
  const rows = await db
    .selectFrom('comments')
    .select(['id', 'parentId', 'authorName', 'authorUrl', 'body', 'addedOn'])
    .where('websiteId', '=', websiteId)
    .where('itemId', '=', itemId)
    .where('approved', '=', true)
    .orderBy('addedOn')
    .orderBy('id')
    .execute();
  const nodes = new Map<string, CommentNode>(rows.map((row) => [row.id, { ...row, replies: [] }]));
  const comments: CommentNode[] = [];
  for (const row of rows) {
    const node = nodes.get(row.id)!;
    if (row.parentId === null) comments.push(node);
    else nodes.get(row.parentId)?.replies.push(node);
  }
  return { comments, count: countTree(comments) };
}

/**
 * Comment counts for many items at once (list pages), counting exactly what
 * `listComments` shows: approved comments whose whole chain of parents is
 * approved. One recursive query however many items.
 */
export async function countComments(
  db: Db,
  websiteId: string,
  itemIds: readonly string[],
): Promise<Map<string, number>> {
  const unique = [...new Set(itemIds)];
  const counts = new Map<string, number>(unique.map((id) => [id, 0]));
  if (unique.length === 0) return counts;
  const rows = await db
    .withRecursive('shown(id, itemId)', (db) =>
      db
        .selectFrom('comments')
        .select(['id', 'itemId'])
        .where('websiteId', '=', websiteId)
        .where('itemId', 'in', unique)
        .where('approved', '=', true)
        .where('parentId', 'is', null)
        .unionAll((db) =>
          db
            .selectFrom('comments as reply')
            .innerJoin('shown', 'shown.id', 'reply.parentId')
            .select(['reply.id', 'reply.itemId'])
            .where('reply.websiteId', '=', websiteId)
            .where('reply.approved', '=', true),
        ),
    )
    .selectFrom('shown')
    .select(['itemId', (eb) => eb.fn.countAll<string>().as('count')])
    .groupBy('itemId')
    .execute();
  for (const row of rows) counts.set(row.itemId, Number(row.count));
  return counts;
}

/** Stores a comment; returns its id, or undefined when the parent is not a comment on the same item. */
export async function addComment(db: Db, websiteId: string, comment: NewComment): Promise<string | undefined> {
  if (comment.parentId) {
    const parent = await db
      .selectFrom('comments')
      .select('id')
      .where('websiteId', '=', websiteId)
      .where('id', '=', comment.parentId)
      .where('itemId', '=', comment.itemId)
      .executeTakeFirst();
    if (!parent) return undefined;
  }
  const id = newId();
  await db
    .insertInto('comments')
    .values({
      websiteId,
      id,
      itemId: comment.itemId,
      parentId: comment.parentId ?? null,
      authorName: comment.authorName,
      authorEmail: comment.authorEmail ?? null,
      authorUrl: comment.authorUrl ?? null,
      body: comment.body,
      approved: comment.approved,
    })
    .execute();
  return id;
}

function countTree(nodes: CommentNode[]): number {
  let count = 0;
  for (const node of nodes) count += 1 + countTree(node.replies);
  return count;
}
