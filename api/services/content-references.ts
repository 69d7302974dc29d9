/**
 * What an owner's content names by id (a picture, a form, a collection, an
 * author) must be the website's own: each check answers with the field's
 * message, so the editor shows it beside the field, and nothing is saved.
 */
import { ApiError } from '../api-errors.ts';
import type { Db } from '../repositories/transaction.ts';

export async function imageExists(db: Db, websiteId: string, imageId: string): Promise<boolean> {
  const row = await db
    .selectFrom('images')
    .select('id')
    .where('websiteId', '=', websiteId)
    .where('id', '=', imageId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The picture's address, or undefined when it is not the website's. */
export async function imageUrlOf(db: Db, websiteId: string, imageId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('images')
    .select('assetUrl')
    .where('websiteId', '=', websiteId)
    .where('id', '=', imageId)
    .executeTakeFirst();
  return row?.assetUrl;
}

export async function formOf(db: Db, websiteId: string, formId: string) {
  return db
    .selectFrom('forms')
    .select(['id', 'isNewsletter'])
    .where('websiteId', '=', websiteId)
    .where('id', '=', formId)
    .executeTakeFirst();
}

export async function collectionKindOf(db: Db, websiteId: string, collectionId: string) {
  return db
    .selectFrom('collections')
    .select(['id', 'type', 'typeName'])
    .where('websiteId', '=', websiteId)
    .where('id', '=', collectionId)
    .executeTakeFirst();
}

/** A contributor who may be named as an author: anyone of the website, a removed one (role none) too. */
export async function contributorExists(db: Db, websiteId: string, contributorId: string): Promise<boolean> {
  const row = await db
    .selectFrom('contributors')
    .select('id')
    .where('websiteId', '=', websiteId)
    .where('id', '=', contributorId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The owner's 400 with each problem under its field. */
export function invalidInput(problems: Record<string, string>): never {
  throw new ApiError('owner-input-invalid', { fields: problems });
}

/** invalidInput when there is any problem. */
export function refuseProblems(problems: Record<string, string>): void {
  if (Object.keys(problems).length > 0) invalidInput(problems);
}
