/**
 * The owner's forms through inject(): the forms list with submission
 * counts; a form's submissions newest first by cursor, one, the CSV export
 * (quoted, formula-safe, every submission) and deleting one or all; the
 * form builder's save (checked with the shared schema, every refusal
 * leaving the form as it was, ids kept and made, the post-submit HTML only
 * for roles that may change code injection) showing on the site at once.
 */
import t from 'tap';
import { saveSubmission } from '../../api/repositories/form-repository.ts';
import { DEMO_WEBSITE_ID, formFieldId, formId } from '../../api/seed/demo-ids.ts';
import { DEMO_OWNERS } from '../../api/seed/demo-owners.ts';
import { FORM_BUILDER_MESSAGES } from '../../shared/form-builder-schema.ts';
import { readCsv } from '../shared/csv-reader.ts';
import { openDemoApp } from '../site/demo-app.ts';
import { Visitor } from './api-helpers.ts';
import { OwnerClient } from './owner-helpers.ts';

const { app, handle } = await openDemoApp(t);
const db = handle.db;
const CONTACT = formId('contact');
const NEWSLETTER = formId('newsletter');
const field = (slug: string) => formFieldId('contact', slug);
const FORMS = '/api/owner/forms';

async function signedIn(owner: { email: string; password: string }): Promise<OwnerClient> {
  const client = new OwnerClient(app);
  const response = await client.ownerSignIn(owner.email, owner.password);
  if (response.statusCode !== 200) throw new Error(response.body);
  return client;
}

const admin = await signedIn(DEMO_OWNERS.admin);
const editor = await signedIn(DEMO_OWNERS.editor);

/** A submission through the site's own calls, as a visitor's browser sends it. */
async function submitContact(message: string, name = ['Ann', 'Lee']): Promise<string> {
  const visitor = new Visitor(app);
  const key = (await visitor.request('POST', '/api/form/FormSubmissionKey', '')).json().data.key;
  const answers = {
    [field('name')]: name,
    [field('email')]: 'ann@example.com',
    [field('topic')]: 'An order',
    [field('interests')]: ['Ceramics', 'Brewing classes'],
    [field('message')]: message,
    [field('source')]: 'contact-page',
  };
  const saved = await visitor.request('POST', '/api/form/SaveFormSubmission', {
    key,
    formId: CONTACT,
    form: JSON.stringify(answers),
    pageTitle: 'Contact',
    pagePath: '/contact',
  });
  if (saved.statusCode !== 200) throw new Error(saved.body);
  return saved.json().data.id;
}

const formRow = () =>
  db
    .selectFrom('forms')
    .selectAll()
    .where('websiteId', '=', DEMO_WEBSITE_ID)
    .where('id', '=', CONTACT)
    .executeTakeFirstOrThrow();

t.test('the forms list counts each form’s submissions', async (t) => {
  await submitContact('Hello there');
  const forms = (await admin.request('GET', FORMS)).json().forms;
  const contact = forms.find((form: { id: string }) => form.id === CONTACT);
  t.match(contact, { name: 'Contact Us', isNewsletter: false, submissionCount: 1, fieldCount: 13 });
  t.match(
    forms.find((form: { id: string }) => form.id === NEWSLETTER),
    { isNewsletter: true, submissionCount: 0 },
  );
});

t.test('submissions: newest first a page at a time, one, not another form’s', async (t) => {
  const ids = [] as string[];
  for (let i = 0; i < 5; i++) ids.push(await submitContact(`Message ${i}`));
  const seen: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const query: string = `?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const page = (await admin.request('GET', `${FORMS}/${CONTACT}/submissions${query}`)).json();
    t.ok(page.submissions.length <= 2);
    seen.push(...page.submissions.map((s: { id: string }) => s.id));
    cursor = page.nextPageCursor;
    pages++;
  } while (cursor);
  t.equal(pages, 3);
  t.equal(new Set(seen).size, seen.length, 'no submission twice');
  t.same(seen.slice(0, 5), [...ids].reverse(), 'newest first');

  const first = (await admin.request('GET', `${FORMS}/${CONTACT}/submissions?limit=1`)).json();
  t.same(first.columns.slice(0, 3), [
    { fieldId: field('name'), title: 'Name' },
    { fieldId: field('email'), title: 'Email Address' },
    { fieldId: field('phone'), title: 'Phone' },
  ]);
  t.notOk(
    first.columns.some((c: { fieldId: string }) => c.fieldId === field('details')),
    'a section has no column',
  );
  const one = await admin.request('GET', `${FORMS}/${CONTACT}/submissions/${ids[4]}`);
  t.equal(one.statusCode, 200);
  t.match(one.json(), { id: ids[4], pagePath: '/contact', pageTitle: 'Contact' });
  t.match(one.json().answers, [
    { fieldId: field('name'), title: 'Name', text: 'Ann Lee' },
    { fieldId: field('email'), text: 'ann@example.com' },
    { fieldId: field('phone'), text: '' },
    { fieldId: field('topic'), text: 'An order' },
  ]);
  t.ok(
    one
      .json()
      .answers.some(
        (a: { title: string; text: string }) =>
          a.title === 'Tell me more about' && a.text === 'Ceramics Brewing classes',
      ),
  );
  const elsewhere = await admin.request('GET', `${FORMS}/${NEWSLETTER}/submissions/${ids[4]}`);
  t.equal(elsewhere.statusCode, 404, "another form's path does not open it");
  t.equal(elsewhere.json().error.code, 'submission-not-found');
  t.equal((await admin.request('GET', `${FORMS}/no-such-form/submissions`)).json().error.code, 'owner-form-not-found');
  const badCursor = await admin.request('GET', `${FORMS}/${CONTACT}/submissions?cursor=not-a-cursor`);
  t.equal(badCursor.statusCode, 400);
  t.equal(badCursor.json().error.code, 'invalid-cursor');
});

t.test('the CSV export: every submission, quoted, formula-safe, as a download', async (t) => {
  await submitContact('Line one\nline two, with "quotes"', ['=HYPERLINK("http://evil.example","x")', '+Lee']);
  // An answer to a field the form no longer has still gets its column, titled by its id.
  await saveSubmission(db, DEMO_WEBSITE_ID, {
    formId: CONTACT,
    data: { [field('message')]: '@SUM(A1)', 'old-field': '-5' },
    pagePath: '/contact',
  });
  const count = (await admin.request('GET', FORMS)).json().forms.find((f: { id: string }) => f.id === CONTACT)
    .submissionCount as number;
  const response = await admin.request('GET', `${FORMS}/${CONTACT}/submissions/export`);
  t.equal(response.statusCode, 200);
  t.match(response.headers['content-type'], /^text\/csv; charset=utf-8/);
  t.equal(response.headers['content-disposition'], 'attachment; filename="contact-us-submissions.csv"');
  t.equal(response.headers['cache-control'], 'no-store');
  t.ok(response.body.startsWith('\uFEFF'), 'a byte order mark for spreadsheets');
  const rows = readCsv(response.body.slice(1));
  const [header, ...data] = rows;
  t.equal(data.length, count, 'a row per submission');
  t.same(header!.slice(0, 4), ['Submitted on', 'Page', 'Name', 'Email Address']);
  t.equal(header!.at(-1), 'old-field');
  t.notOk(header!.includes('Your message'), 'no column for the section');
  const column = (title: string) => header!.indexOf(title);
  const newest = data[0]!;
  t.equal(newest[column('Message')], "'@SUM(A1)", 'a formula is text');
  t.equal(newest[column('old-field')], "'-5");
  const quoted = data[1]!;
  t.equal(quoted[column('Name')], `'=HYPERLINK("http://evil.example","x") +Lee`);
  t.equal(quoted[column('Message')], 'Line one\nline two, with "quotes"', 'line breaks, commas and quotes survive');
  t.match(quoted[0], /^\d{4}-\d\d-\d\dT/);
  t.equal(quoted[1], '/contact');
});

t.test('deleting one submission, then all of a form’s; other forms keep theirs', async (t) => {
  await db
    .insertInto('formSubmissions')
    .values({ websiteId: DEMO_WEBSITE_ID, id: 'b'.repeat(24), formId: NEWSLETTER, data: JSON.stringify({}) })
    .execute();
  const id = await submitContact('Delete me');
  const gone = await admin.request('DELETE', `${FORMS}/${CONTACT}/submissions/${id}`);
  t.same(gone.json(), { deleted: 1 });
  t.equal((await admin.request('GET', `${FORMS}/${CONTACT}/submissions/${id}`)).statusCode, 404);
  const again = await admin.request('DELETE', `${FORMS}/${CONTACT}/submissions/${id}`);
  t.equal(again.statusCode, 404, 'a second delete finds nothing');

  const viewer = await signedIn(DEMO_OWNERS.viewer);
  const refused = await viewer.request('DELETE', `${FORMS}/${CONTACT}/submissions`);
  t.equal(refused.statusCode, 403, 'a viewer reads but deletes nothing');
  const before = (await admin.request('GET', FORMS)).json().forms.find((f: { id: string }) => f.id === CONTACT)
    .submissionCount as number;
  t.ok(before > 0);
  const all = await admin.request('DELETE', `${FORMS}/${CONTACT}/submissions`);
  t.same(all.json(), { deleted: before });
  t.same((await admin.request('GET', `${FORMS}/${CONTACT}/submissions`)).json().submissions, []);
  const export_ = readCsv((await admin.request('GET', `${FORMS}/${CONTACT}/submissions/export`)).body.slice(1));
  t.equal(export_.length, 1, 'the export is its header alone');
  const newsletter = (await admin.request('GET', FORMS)).json().forms.find((f: { id: string }) => f.id === NEWSLETTER);
  t.equal(newsletter.submissionCount, 1, "the newsletter's submission stays");
});

t.test('the builder: a label changed shows on the site; a new field gets an id', async (t) => {
  const form = (await admin.request('GET', `${FORMS}/${CONTACT}`)).json();
  t.match(form, {
    id: CONTACT,
    name: 'Contact Us',
    notificationEmail: 'hello@example.com',
    submitButtonText: '',
    captchaEnabled: false,
    captchaTheme: 'light',
  });
  const message = form.fields.find((f: { id: string }) => f.id === field('message'));
  t.match(message, { type: 'textarea', title: 'Message', maxLength: 1000, required: true });

  const fields = form.fields.map((f: { id: string; title: string }) =>
    f.id === field('message') ? { ...f, title: 'Tell us everything' } : f,
  );
  fields.push({ type: 'date', title: 'Date of your visit', placeholder: 'not a date property', required: true });
  const saved = await editor.request('PUT', `${FORMS}/${CONTACT}`, {
    ...form,
    fields,
    submitButtonText: 'Send message',
  });
  t.equal(saved.statusCode, 200, saved.body);
  const added = saved.json().fields.at(-1);
  t.match(added.id, /^[0-9a-f]{24}$/, 'a new field gets a fresh id');
  t.same(
    added,
    { id: added.id, type: 'date', title: 'Date of your visit', required: true },
    'only its type’s properties',
  );
  t.same(
    saved
      .json()
      .fields.slice(0, -1)
      .map((f: { id: string }) => f.id),
    form.fields.map((f: { id: string }) => f.id),
    'the others keep their ids',
  );

  const page = await new Visitor(app).request('GET', '/contact');
  t.match(page.body, 'Tell us everything', 'the page shows the new label');
  t.notMatch(page.body, />Message</);
  t.match(page.body, 'Date of your visit');
  t.match(page.body, 'Send message', 'and the button’s text');
});

t.test('the builder refuses bad input with each field’s message and changes nothing', async (t) => {
  const form = (await admin.request('GET', `${FORMS}/${CONTACT}`)).json();
  const before = await formRow();
  const fields = structuredClone(form.fields);
  fields[0].title = ' ';
  const topic = fields.findIndex((f: { id: string }) => f.id === field('topic'));
  fields[topic].options = [];
  const interests = fields.findIndex((f: { id: string }) => f.id === field('interests'));
  fields[interests].options = ['Ceramics', 'Ceramics'];
  const hidden = fields.findIndex((f: { type: string }) => f.type === 'hidden');
  fields[hidden].key = 'has spaces';
  const message = fields.findIndex((f: { id: string }) => f.id === field('message'));
  fields[message].maxLength = 0;
  const bad = await admin.request('PUT', `${FORMS}/${CONTACT}`, {
    ...form,
    name: '',
    fields,
    notificationEmail: 'not an email',
    successRedirect: 'javascript:alert(1)',
  });
  t.equal(bad.statusCode, 400);
  t.same(bad.json().error.fields, {
    name: FORM_BUILDER_MESSAGES.nameMissing,
    'fields.0.title': FORM_BUILDER_MESSAGES.titleMissing,
    [`fields.${topic}.options`]: FORM_BUILDER_MESSAGES.optionsMissing,
    [`fields.${interests}.options`]: FORM_BUILDER_MESSAGES.optionRepeated,
    [`fields.${message}.maxLength`]: FORM_BUILDER_MESSAGES.maxLengthInvalid,
    [`fields.${hidden}.key`]: FORM_BUILDER_MESSAGES.keyInvalid,
    notificationEmail: 'Please enter a valid email',
    successRedirect: 'javascript:alert(1) is not a valid page URL',
  });

  // A field id of another form (ids are unique within the website) is refused.
  const stolen = await admin.request('PUT', `${FORMS}/${CONTACT}`, {
    ...form,
    fields: [...form.fields, { id: formFieldId('newsletter', 'email'), type: 'email', title: 'Email' }],
  });
  t.equal(stolen.statusCode, 400);
  t.same(stolen.json().error.fields, { [`fields.${form.fields.length}.id`]: FORM_BUILDER_MESSAGES.fieldNotInForm });
  const twice = await admin.request('PUT', `${FORMS}/${CONTACT}`, {
    ...form,
    fields: [...form.fields, form.fields[0]],
  });
  t.equal(twice.statusCode, 400, 'one id twice is refused');

  // The post-submit HTML is printed as it is: an editor, who may not change code injection, may not change it.
  const html = await editor.request('PUT', `${FORMS}/${CONTACT}`, { ...form, submissionHtml: '<script>x()</script>' });
  t.equal(html.statusCode, 400);
  t.same(html.json().error.fields, { submissionHtml: FORM_BUILDER_MESSAGES.htmlNeedsCodeInjection });
  t.same(await formRow(), before, 'nothing changed');

  const byAdmin = await admin.request('PUT', `${FORMS}/${CONTACT}`, { ...form, submissionHtml: '<p>Thanks!</p>' });
  t.equal(byAdmin.statusCode, 200);
  t.equal((await formRow()).submissionHtml, '<p>Thanks!</p>');
  t.equal((await admin.request('PUT', `${FORMS}/no-such-form`, form)).statusCode, 404);
});

t.test('the builder keeps storage keys it does not edit, and clears blank ones', async (t) => {
  await db
    .updateTable('forms')
    .set({ storage: JSON.stringify({ email: { address: 'hello@example.com' }, googleSheet: 'kept' }) })
    .where('websiteId', '=', DEMO_WEBSITE_ID)
    .where('id', '=', CONTACT)
    .execute();
  const form = (await admin.request('GET', `${FORMS}/${CONTACT}`)).json();
  const saved = await admin.request('PUT', `${FORMS}/${CONTACT}`, {
    ...form,
    notificationEmail: '',
    mailingList: 'Friends',
    captchaEnabled: true,
    captchaTheme: 'dark',
    captchaAlignment: 'center',
    disclaimerMessage: 'We keep it private.',
    successRedirect: '/thank-you',
  });
  t.equal(saved.statusCode, 200, saved.body);
  const row = await formRow();
  t.same(row.storage, { googleSheet: 'kept', mailingList: 'Friends' });
  t.match(row, {
    captchaEnabled: true,
    captchaTheme: 'dark',
    captchaAlignment: 'center',
    disclaimerMessage: 'We keep it private.',
    successRedirect: '/thank-you',
  });
});
