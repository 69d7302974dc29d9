/**
 * The owner's side of stored form submissions: each form's count, its
 * submissions newest first a page at a time (keyset on the time sent and
 * the id), one submission, and deleting one or all of a form's.
 */
import { sql } from 'kysely';
import { readJsonColumn } from '../db/read-json.ts';
import { decodeCursor, encodeCursor, InvalidCursorError, pageLimit } from './cursor.ts';
import type { Db } from './transaction.ts';

export const DEFAULT_SUBMISSION_PAGE_SIZE = 25;
export const MAX_SUBMISSION_PAGE_SIZE = 500;

export interface StoredSubmission {
  id: string;
  formId: string;
  /** Field id → the value as stored (shared/form-validation.ts's normalized shapes). */
  data: Record<string, unknown>;
  pageTitle: string | null;
  pagePath: string | null;
  createdOn: Date;
}

export interface SubmissionPage {
  submissions: StoredSubmission[];
  hasNextPage: boolean;
  nextPageCursor: string | null;
}

/** Submissions per form id; forms with none are absent. */
export async function countSubmissions(db: Db, websiteId: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('formSubmissions')
    .select(['formId', (eb) => eb.fn.countAll<string>().as('count')])
    .where('websiteId', '=', websiteId)
    .groupBy('formId')
    .execute();
  return new Map(rows.map((row) => [row.formId, Number(row.count)]));
}

const COLUMNS = ['id', 'formId', 'data', 'pageTitle', 'pagePath', 'createdOn'] as const;

function stored(row: {
  id: string;
  formId: string;
  data: unknown;
  pageTitle: string | null;
  pagePath: string | null;
  createdOn: Date;
}): StoredSubmission {
  return {
    id: row.id,
    formId: row.formId,
    data: readJsonColumn('formSubmissions', 'data', row.data as Record<string, unknown>),
    pageTitle: row.pageTitle,
    pagePath: row.pagePath,
    createdOn: row.createdOn,
  };
}

/** A form's submissions, newest first, a page at a time. */
export async function listSubmissions(
  db: Db,
  websiteId: string,
  formId: string,
  cursor?: string | null,
  options: { limit?: number } = {},
): Promise<SubmissionPage> {
  const limit = pageLimit(options.limit, DEFAULT_SUBMISSION_PAGE_SIZE, MAX_SUBMISSION_PAGE_SIZE);
  let query = db
    .selectFrom('formSubmissions')
    .select([
      ...COLUMNS,
      // Microseconds kept as text: a JS Date would drop them and a page could repeat or skip rows.
      sql<string>`to_char(created_on at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as('createdKey'),
    ])
    .where('websiteId', '=', websiteId)
    .where('formId', '=', formId);
  if (cursor) {
    const [createdKey, id] = decodeCursor(cursor, 2);
    if (createdKey === undefined || id === undefined || Number.isNaN(Date.parse(createdKey))) {
      throw new InvalidCursorError();
    }
    query = query.where(({ eb, refTuple, tuple }) =>
      eb(refTuple('createdOn', 'id'), '<', tuple(sql<Date>`cast(${createdKey} as timestamptz)`, id)),
    );
  }
  const rows = await query
    .orderBy('createdOn', 'desc')
    .orderBy('id', 'desc')
    .limit(limit + 1)
    .execute();
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const hasNextPage = rows.length > limit;
  return {
    submissions: page.map(stored),
    hasNextPage,
    nextPageCursor: hasNextPage && last ? encodeCursor([last.createdKey, last.id]) : null,
  };
}

export async function getSubmission(
  db: Db,
  websiteId: string,
  formId: string,
  submissionId: string,
): Promise<StoredSubmission | undefined> {
  const row = await db
    .selectFrom('formSubmissions')
    .select(COLUMNS)
    .where('websiteId', '=', websiteId)
    .where('formId', '=', formId)
    .where('id', '=', submissionId)
    .executeTakeFirst();
  return row && stored(row);
}

/** True when the submission was there to delete. */
export async function deleteSubmission(
  db: Db,
  websiteId: string,
  formId: string,
  submissionId: string,
): Promise<boolean> {
  const deleted = await db
    .deleteFrom('formSubmissions')
    .where('websiteId', '=', websiteId)
    .where('formId', '=', formId)
    .where('id', '=', submissionId)
    .executeTakeFirst();
  return deleted.numDeletedRows > 0n;
}

/** Deletes every submission of a form; answers how many there were. */
export async function deleteAllSubmissions(db: Db, websiteId: string, formId: string): Promise<number> {
  const deleted = await db
    .deleteFrom('formSubmissions')
    .where('websiteId', '=', websiteId)
    .where('formId', '=', formId)
    .executeTakeFirst();
  return Number(deleted.numDeletedRows);
}
