import { sql } from 'kysely';
import t from 'tap';
import { json } from '../../api/db/json.ts';
import {
  consumeSubmissionKey,
  createSubmissionKey,
  getForm,
  saveSubmission,
} from '../../api/repositories/form-repository.ts';
import { buildWebsite } from './helpers/build-site.ts';
import { openTestDatabase } from './helpers/test-database.ts';

const { db } = await openTestDatabase(t, { poolSize: 10 });

t.test('getForm', async (t) => {
  const { websiteId } = await buildWebsite(db);
  await db
    .insertInto('forms')
    .values({
      websiteId,
      id: 'contact',
      name: 'Contact',
      fields: json([{ id: 'email-1', type: 'email', title: 'Email', required: true }]),
    })
    .execute();
  const form = await getForm(db, websiteId, 'contact');
  t.equal(form?.name, 'Contact');
  t.same(form?.fields[0], { id: 'email-1', type: 'email', title: 'Email', required: true });
  t.equal(form?.captchaTheme, 'light', 'schema defaults');
  t.equal(await getForm(db, websiteId, 'missing'), undefined);
  const other = await buildWebsite(db);
  t.equal(await getForm(db, other.websiteId, 'contact'), undefined);
});

t.test('a submission key works once', async (t) => {
  const { websiteId } = await buildWebsite(db);
  const key = await createSubmissionKey(db, websiteId);
  t.match(key, /^[A-Za-z0-9_-]{32}$/);
  t.not(await createSubmissionKey(db, websiteId), key, 'keys are random');
  const other = await buildWebsite(db);
  t.equal(await consumeSubmissionKey(db, other.websiteId, key), false, 'not on another website');
  t.equal(await consumeSubmissionKey(db, websiteId, key), true);
  t.equal(await consumeSubmissionKey(db, websiteId, key), false, 'the second use is refused');
  t.equal(await consumeSubmissionKey(db, websiteId, 'made-up'), false);
});

t.test('racing submissions with one key: exactly one wins', async (t) => {
  const { websiteId } = await buildWebsite(db);
  const key = await createSubmissionKey(db, websiteId);
  const results = await Promise.all(Array.from({ length: 10 }, () => consumeSubmissionKey(db, websiteId, key)));
  t.equal(results.filter(Boolean).length, 1);
});

t.test('a key older than an hour has expired', async (t) => {
  const { websiteId } = await buildWebsite(db);
  const stale = await createSubmissionKey(db, websiteId);
  const fresh = await createSubmissionKey(db, websiteId);
  await db
    .updateTable('formSubmissionKeys')
    .set({ createdOn: sql`now() - interval '61 minutes'` })
    .where('key', '=', stale)
    .execute();
  await db
    .updateTable('formSubmissionKeys')
    .set({ createdOn: sql`now() - interval '59 minutes'` })
    .where('key', '=', fresh)
    .execute();
  t.equal(await consumeSubmissionKey(db, websiteId, stale), false);
  t.equal(await consumeSubmissionKey(db, websiteId, fresh), true);
});

t.test('saveSubmission stores the data for a form of the website', async (t) => {
  const { websiteId } = await buildWebsite(db);
  await db.insertInto('forms').values({ websiteId, id: 'f', name: 'F' }).execute();
  const id = await saveSubmission(db, websiteId, {
    formId: 'f',
    data: { 'email-1': 'a@b.co', 'name-2': ['Ann', 'Lee'] },
    pageTitle: 'Contact',
    contentSource: 'c',
    pagePath: '/contact',
  });
  t.ok(id);
  const row = await db.selectFrom('formSubmissions').selectAll().where('id', '=', id!).executeTakeFirstOrThrow();
  t.same(row.data, { 'email-1': 'a@b.co', 'name-2': ['Ann', 'Lee'] });
  t.equal(row.contentSource, 'c');
  t.equal(row.pageId, null);
  t.equal(await saveSubmission(db, websiteId, { formId: 'missing', data: {} }), undefined);
  const other = await buildWebsite(db);
  t.equal(await saveSubmission(db, other.websiteId, { formId: 'f', data: {} }), undefined, 'not into another website');
});
