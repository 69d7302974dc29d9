import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { newId } from '../db/ids.ts';
import { json } from '../db/json.ts';
import { readJsonColumns } from '../db/read-json.ts';
import type { Form } from '../db/schema.ts';
import type { Db } from './transaction.ts';

/** How long a form submission key stays usable. */
export const SUBMISSION_KEY_LIFETIME = '1 hour';

export interface NewSubmission {
  formId: string;
  /** Each form field id mapped to its value. */
  data: Record<string, unknown>;
  pageTitle?: string | null;
  pageId?: string | null;
  /** 'i' when the form sat on an item page, 'c' on a collection page. */
  contentSource?: 'i' | 'c' | null;
  pagePath?: string | null;
  pagePermissionTypeValue?: string | null;
}

export async function getForm(db: Db, websiteId: string, formId: string): Promise<Form | undefined> {
  const form = await db
    .selectFrom('forms')
    .selectAll()
    .where('websiteId', '=', websiteId)
    .where('id', '=', formId)
    .executeTakeFirst();
  return readJsonColumns('forms', form);
}

/**
 * Forms of this website by id, in one query however many are asked for (a
 * list page's products may each name one). Unknown ids are absent from the map.
 */
export async function getForms(db: Db, websiteId: string, formIds: readonly string[]): Promise<Map<string, Form>> {
  const unique = [...new Set(formIds)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .selectFrom('forms')
    .selectAll()
    .where('websiteId', '=', websiteId)
    .where('id', 'in', unique)
    .execute();
  return new Map(rows.map((form) => [form.id, readJsonColumns('forms', form)]));
}

/** Every form of this website (a site has a handful: contact, newsletter, product forms). */
export async function listForms(db: Db, websiteId: string): Promise<Form[]> {
  const forms = await db.selectFrom('forms').selectAll().where('websiteId', '=', websiteId).orderBy('id').execute();
  return forms.map((form) => readJsonColumns('forms', form));
}

/** A new single-use key for one form submission (the FormSubmissionKey call's data.key). */
export async function createSubmissionKey(db: Db, websiteId: string): Promise<string> {
  const key = randomBytes(24).toString('base64url');
  await db.insertInto('formSubmissionKeys').values({ websiteId, key }).execute();
  return key;
}

/**
 * Uses up a submission key. True once per key, within an hour of its
 * creation; one UPDATE, so two submissions racing with the same key cannot
 * both succeed.
 */
export async function consumeSubmissionKey(db: Db, websiteId: string, key: string): Promise<boolean> {
  const used = await db
    .updateTable('formSubmissionKeys')
    .set({ usedOn: sql`now()` })
    .where('websiteId', '=', websiteId)
    .where('key', '=', key)
    .where('usedOn', 'is', null)
    .where('createdOn', '>', sql<Date>`now() - cast(${SUBMISSION_KEY_LIFETIME} as interval)`)
    .returning('key')
    .executeTakeFirst();
  return used !== undefined;
}

/** Stores a submission of a form of this website; returns its id, or undefined for an unknown form. */
export async function saveSubmission(
  db: Db,
  websiteId: string,
  submission: NewSubmission,
): Promise<string | undefined> {
  const form = await db
    .selectFrom('forms')
    .select('id')
    .where('websiteId', '=', websiteId)
    .where('id', '=', submission.formId)
    .executeTakeFirst();
  if (!form) return undefined;
  const id = newId();
  await db
    .insertInto('formSubmissions')
    .values({
      websiteId,
      id,
      formId: submission.formId,
      data: json(submission.data),
      pageTitle: submission.pageTitle ?? null,
      pageId: submission.pageId ?? null,
      contentSource: submission.contentSource ?? null,
      pagePath: submission.pagePath ?? null,
      pagePermissionTypeValue: submission.pagePermissionTypeValue ?? null,
    })
    .execute();
  return id;
}

/** What the form builder saves of a form (every column an owner edits). */
export type FormChanges = Pick<
  Form,
  | 'name'
  | 'fields'
  | 'submissionMessage'
  | 'submissionHtml'
  | 'successRedirect'
  | 'disclaimerMessage'
  | 'captchaEnabled'
  | 'captchaTheme'
  | 'captchaAlignment'
  | 'storage'
>;

/**
 * Saves a form's settings and fields in one statement (the forms trigger
 * moves the content version, so pages show the new form); undefined for a
 * form the website does not have.
 */
export async function updateForm(
  db: Db,
  websiteId: string,
  formId: string,
  changes: FormChanges,
): Promise<Form | undefined> {
  const { fields, storage, ...columns } = changes;
  const updated = await db
    .updateTable('forms')
    .set({ ...columns, fields: json(fields), storage: json(storage) })
    .where('websiteId', '=', websiteId)
    .where('id', '=', formId)
    .returningAll()
    .executeTakeFirst();
  return readJsonColumns('forms', updated);
}
