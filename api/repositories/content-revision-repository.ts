/**
 * The saved revisions of collections and items (migration 0035): a row per
 * save, holding the whole subject as it was saved, so the history lists
 * them and a restore copies one back.
 */
import { json } from '../db/json.ts';
import { readJsonColumns } from '../db/read-json.ts';
import type { Db } from './transaction.ts';

export type SubjectKind = 'collection' | 'item';

export interface RevisionSubject {
  kind: SubjectKind;
  id: string;
}

export interface RevisionEntry {
  revision: number;
  createdOn: Date;
  /** Who saved it; null for an API key or the state before the first save here. */
  contributorName: string | null;
  note: string;
}

/** The most revisions one history answer lists, newest first. */
export const HISTORY_LIMIT = 50;

export async function recordRevision(
  db: Db,
  websiteId: string,
  subject: RevisionSubject,
  entry: { revision: number; snapshot: Record<string, unknown>; contributorId: string | null; note: string },
): Promise<void> {
  await db
    .insertInto('contentRevisions')
    .values({
      websiteId,
      subjectKind: subject.kind,
      subjectId: subject.id,
      revision: entry.revision,
      snapshot: json(entry.snapshot),
      contributorId: entry.contributorId,
      note: entry.note,
    })
    // The state before a subject's first save here is written by whichever save comes first.
    .onConflict((oc) => oc.columns(['websiteId', 'subjectKind', 'subjectId', 'revision']).doNothing())
    .execute();
}

export async function listRevisions(db: Db, websiteId: string, subject: RevisionSubject): Promise<RevisionEntry[]> {
  return db
    .selectFrom('contentRevisions')
    .leftJoin('contributors', (join) =>
      join
        .onRef('contributors.websiteId', '=', 'contentRevisions.websiteId')
        .onRef('contributors.id', '=', 'contentRevisions.contributorId'),
    )
    .select([
      'contentRevisions.revision',
      'contentRevisions.createdOn',
      'contentRevisions.note',
      'contributors.displayName as contributorName',
    ])
    .where('contentRevisions.websiteId', '=', websiteId)
    .where('contentRevisions.subjectKind', '=', subject.kind)
    .where('contentRevisions.subjectId', '=', subject.id)
    .orderBy('contentRevisions.revision', 'desc')
    .limit(HISTORY_LIMIT)
    .execute();
}

export async function getRevisionSnapshot(
  db: Db,
  websiteId: string,
  subject: RevisionSubject,
  revision: number,
): Promise<Record<string, unknown> | undefined> {
  const row = await db
    .selectFrom('contentRevisions')
    .select('snapshot')
    .where('websiteId', '=', websiteId)
    .where('subjectKind', '=', subject.kind)
    .where('subjectId', '=', subject.id)
    .where('revision', '=', revision)
    .executeTakeFirst();
  return readJsonColumns('contentRevisions', row)?.snapshot;
}
