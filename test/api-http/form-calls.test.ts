/**
 * The site-form calls of spec section 7 through inject(): the submission key,
 * validation, saving (every message, a replayed key, a 429, malformed bodies
 * that never answer 500 and never leave half a submission) and the schema.
 */
import t from 'tap';
import { formFieldId, formId } from '../../api/seed/demo-ids.ts';
import { NEWSLETTER_SUBSCRIBE_EVENT } from '../../api/services/form-service.ts';
import { openDemoApp } from '../site/demo-app.ts';
import { Visitor } from './api-helpers.ts';

const { app, handle } = await openDemoApp(t, {
  server: { limits: { 'form-submit': { max: 4, windowMs: 60_000 } } },
});

const CONTACT = formId('contact');
const NEWSLETTER = formId('newsletter');
const field = (slug: string) => formFieldId('contact', slug);
const KEY_PATH = '/api/form/FormSubmissionKey';
const SAVE_PATH = '/api/form/SaveFormSubmission';
const validatePath = (id: string) => `/api/rest/forms/validate/${id}`;

const INVALID = 'One or more fields is invalid, please check your entries.';

/** A contact form every rule accepts. */
const goodContact = (): Record<string, unknown> => ({
  [field('name')]: ['Ann', 'Lee'],
  [field('email')]: 'ann@example.com',
  [field('phone')]: ['207', '555', '0101'],
  [field('topic')]: 'An order',
  [field('reply-by')]: 'Email',
  [field('interests')]: ['Ceramics'],
  [field('message')]: 'Where is my order?',
  [field('feedback')]: { 'The coffee tastes great': '2' },
  [field('source')]: 'contact-page',
});

const page = {
  pageTitle: 'Contact',
  pageId: 'page-1',
  contentSource: 'c',
  pagePath: '/contact',
  pagePermissionTypeValue: 1,
};

async function submissionCount(): Promise<number> {
  const row = await handle.db
    .selectFrom('formSubmissions')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function newKey(visitor: Visitor): Promise<string> {
  const response = await visitor.request('POST', KEY_PATH, '');
  return response.json().data.key;
}

t.test('FormSubmissionKey answers data.key, a new one each time', async (t) => {
  const visitor = new Visitor(app);
  const first = await visitor.request('POST', KEY_PATH, '');
  t.equal(first.statusCode, 200);
  t.match(first.json(), { data: { key: /^[A-Za-z0-9_-]{32}$/ } });
  t.equal(first.headers['cache-control'], 'no-store');
  t.not(await newKey(visitor), first.json().data.key);
  const other = new Visitor(app, 'nowhere.example');
  t.equal((await other.request('POST', KEY_PATH, '')).statusCode, 404, 'an unknown website has no keys');
});

t.test('validate answers 200, or 400 with each failing field and its message', async (t) => {
  const visitor = new Visitor(app);
  const good = await visitor.request('POST', validatePath(CONTACT), goodContact());
  t.equal(good.statusCode, 200);
  t.same(good.json(), { data: { valid: true } });

  const empty = await visitor.request('POST', validatePath(CONTACT), {});
  t.equal(empty.statusCode, 400);
  t.same(empty.json().error, {
    code: 'form-invalid',
    message: INVALID,
    fields: {
      [field('name')]: 'Required',
      [field('email')]: 'Required',
      [field('topic')]: 'Required',
      [field('message')]: 'Required',
    },
  });

  const bad = await visitor.request('POST', validatePath(CONTACT), {
    ...goodContact(),
    [field('email')]: 'ann@example',
    [field('message')]: 'x'.repeat(1001),
  });
  t.equal(bad.statusCode, 400);
  t.same(bad.json().error.fields, {
    [field('email')]: 'Email is not valid. Email addresses should follow the format user@domain.com.',
    [field('message')]: 'You have exceeded the character limit.',
  });

  const noBody = await visitor.request('POST', validatePath(CONTACT));
  t.equal(noBody.statusCode, 400, 'no body is an empty form');
  t.equal(noBody.json().error.code, 'form-invalid');

  const list = await visitor.request('POST', validatePath(CONTACT), [1, 2]);
  t.same(list.json().error, {
    code: 'form-fields-unparseable',
    message: 'Could not parse the form fields, please check your entries.',
  });

  const missing = await visitor.request('POST', validatePath('no-such-form'), {});
  t.equal(missing.statusCode, 404);
  t.same(missing.json().error, { code: 'form-not-found', message: 'This form has not been configured yet.' });
});

t.test('SaveFormSubmission stores the answers once per key', async (t) => {
  const visitor = new Visitor(app);
  const before = await submissionCount();
  const key = await newKey(visitor);
  const body = { key, formId: CONTACT, form: JSON.stringify(goodContact()), ...page };
  const saved = await visitor.request('POST', SAVE_PATH, body);
  t.equal(saved.statusCode, 200);
  const id = saved.json().data.id;
  t.match(id, /^[0-9a-f]{24}$/);
  const row = await handle.db.selectFrom('formSubmissions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  t.equal(row.formId, CONTACT);
  t.match(row, {
    pageTitle: 'Contact',
    pageId: 'page-1',
    contentSource: 'c',
    pagePath: '/contact',
    pagePermissionTypeValue: '1',
  });
  const events = handle.db
    .selectFrom('analyticsEvents')
    .select('payload')
    .where('eventName', '=', NEWSLETTER_SUBSCRIBE_EVENT);
  t.notOk(
    (await events.execute()).some((event) => event.payload.submissionId === id),
    'a website form records no subscribe event',
  );
  // The phone's blank country code is prepended; the section is not stored.
  t.same(row.data[field('phone')], ['', '207', '555', '0101']);
  t.notOk(field('details') in row.data);

  const mail = await handle.db
    .selectFrom('mailOutbox')
    .selectAll()
    .where('kind', '=', 'form-submission')
    .where('textBody', 'like', '%Where is my order?%')
    .execute();
  t.equal(mail.length, 1, "the owner's notification is queued");
  t.match(mail[0], {
    toAddress: 'hello@example.com',
    replyTo: 'ann@example.com',
    subject: 'New submission: Contact Us',
  });
  t.match(
    mail[0]!.textBody,
    /^Name: Ann Lee\nEmail Address: ann@example\.com\n[\s\S]*How are we doing\?: The coffee tastes great: Strongly Agree\n[\s\S]*Sent from \/contact\n$/,
  );

  const replay = await visitor.request('POST', SAVE_PATH, body);
  t.equal(replay.statusCode, 400, 'a replayed key is refused');
  t.same(replay.json().error, {
    code: 'form-key-refused',
    message: 'Error processing form submission. Please reload and try again.',
  });
  const unknown = await visitor.request('POST', SAVE_PATH, { ...body, key: 'made-up' });
  t.equal(unknown.json().error.code, 'form-key-refused', 'an unknown key is refused');
  t.equal(await submissionCount(), before + 1, 'one submission stored');
});

t.test('without a formId the form is found by its field ids', async (t) => {
  const visitor = new Visitor(app);
  const key = await newKey(visitor);
  const answers = { [formFieldId('newsletter', 'email')]: 'reader@example.com' };
  const saved = await visitor.request('POST', SAVE_PATH, { key, form: JSON.stringify(answers) });
  t.equal(saved.statusCode, 200);
  const row = await handle.db
    .selectFrom('formSubmissions')
    .selectAll()
    .where('id', '=', saved.json().data.id)
    .executeTakeFirstOrThrow();
  t.equal(row.formId, NEWSLETTER);
  const mailed = await handle.db
    .selectFrom('mailOutbox')
    .select(['kind', 'toAddress'])
    .where((eb) => eb.or([eb('textBody', 'like', '%reader@%'), eb('toAddress', '=', 'reader@example.com')]))
    .execute();
  t.same(
    mailed,
    [{ kind: 'mailing-list-welcome', toAddress: 'reader@example.com' }],
    'the newsletter form names no owner address, so no notice; the reader joins the mailing list and is welcomed',
  );
  const subscribed = await handle.db
    .selectFrom('analyticsEvents')
    .select('payload')
    .where('eventName', '=', NEWSLETTER_SUBSCRIBE_EVENT)
    .execute();
  t.match(
    subscribed.filter((event) => event.payload.submissionId === row.id),
    [{ payload: { formId: NEWSLETTER, mailingList: 'fernwood-letter' } }],
    'a newsletter sign-up records one subscribe event',
  );

  const stray = await visitor.request('POST', SAVE_PATH, { key: await newKey(visitor), form: '{"nope":"x"}' });
  t.equal(stray.statusCode, 404);
  t.equal(stray.json().error.message, 'This form has not been configured yet.');
});

t.test('a submission that fails the rules stores nothing and keeps its key', async (t) => {
  const visitor = new Visitor(app);
  const before = await submissionCount();
  const key = await newKey(visitor);
  const invalid = await visitor.request('POST', SAVE_PATH, {
    key,
    formId: CONTACT,
    form: JSON.stringify({ ...goodContact(), [field('email')]: '' }),
  });
  t.equal(invalid.statusCode, 400);
  t.same(invalid.json().error, { code: 'form-invalid', message: INVALID, fields: { [field('email')]: 'Required' } });
  t.equal(await submissionCount(), before);
  const fixed = await visitor.request('POST', SAVE_PATH, { key, formId: CONTACT, form: JSON.stringify(goodContact()) });
  t.equal(fixed.statusCode, 200, 'the same key works once the answers are fixed');
});

t.test('malformed bodies answer 4xx, never 500, and store nothing', async (t) => {
  const before = await submissionCount();
  const cases: Array<[string, unknown, number, string]> = [
    ['no body', undefined, 400, 'invalid-body'],
    ['no form', { key: 'k' }, 400, 'invalid-body'],
    ['form not text', { key: 'k', form: { a: 1 } }, 400, 'invalid-body'],
    ['form not JSON', { key: 'k', form: '{oops' }, 400, 'form-fields-unparseable'],
    ['form a list', { key: 'k', form: '[1]' }, 400, 'form-fields-unparseable'],
    ['form null', { key: 'k', form: 'null' }, 400, 'form-fields-unparseable'],
    ['form with NUL', { key: 'k', form: JSON.stringify({ a: '\u0000' }) }, 400, 'invalid-text'],
    ['form too deep', { key: 'k', form: `${'['.repeat(40)}${']'.repeat(40)}` }, 400, 'input-too-deep'],
    ['bad content source', { key: 'k', form: '{}', contentSource: 'x' }, 400, 'invalid-body'],
    ['unknown form id', { key: 'k', formId: 'nope', form: '{}' }, 404, 'form-not-found'],
    [
      'a field of the wrong shape',
      { key: 'k', formId: CONTACT, form: JSON.stringify({ [field('name')]: 'Ann' }) },
      400,
      'form-invalid',
    ],
  ];
  for (const [what, body, status, code] of cases) {
    // Each case from its own address: the form-submit limit is not what is tested here.
    const response = await new Visitor(app).request('POST', SAVE_PATH, body);
    t.equal(response.statusCode, status, `${what}: status`);
    t.equal(response.json().error.code, code, `${what}: code`);
  }
  const text = await new Visitor(app).request('POST', SAVE_PATH, 'key=k&form=%7B%7D', {
    'content-type': 'text/plain',
  });
  t.equal(text.statusCode, 400, 'a text body');
  const broken = await new Visitor(app).request('POST', SAVE_PATH, '{"key":', { 'content-type': 'application/json' });
  t.equal(broken.json().error.code, 'invalid-json');
  const shape = await new Visitor(app).request('POST', SAVE_PATH, {
    key: 'k',
    formId: CONTACT,
    form: JSON.stringify({ ...goodContact(), [field('phone')]: ['1', '2'] }),
  });
  t.same(shape.json().error.fields, {
    [field('phone')]: 'Could not parse the form fields, please check your entries.',
  });
  t.equal(await submissionCount(), before, 'nothing stored');
});

t.test('writes need the crumb', async (t) => {
  const visitor = new Visitor(app);
  const response = await visitor.request('POST', KEY_PATH, '', { 'x-csrf-token': 'wrong' });
  t.equal(response.statusCode, 403);
  t.equal(response.json().error.message, 'Your session has expired. Please reload the page and try again.');
});

t.test('submissions past the per-visitor limit answer 429 with the forms message', async (t) => {
  const visitor = new Visitor(app);
  const before = await submissionCount();
  for (let i = 0; i < 4; i++) {
    const key = await newKey(visitor);
    const saved = await visitor.request('POST', SAVE_PATH, {
      key,
      formId: CONTACT,
      form: JSON.stringify(goodContact()),
    });
    t.equal(saved.statusCode, 200, `submission ${i + 1}`);
  }
  const key = await newKey(visitor);
  const limited = await visitor.request('POST', SAVE_PATH, {
    key,
    formId: CONTACT,
    form: JSON.stringify(goodContact()),
  });
  t.equal(limited.statusCode, 429);
  t.match(limited.headers['retry-after'], /^\d+$/);
  t.same(limited.json().error, {
    code: 'form-rate-limited',
    message: 'Unable to submit form. Submission rate limit exceeded. Please try again later.',
  });
  t.equal(await submissionCount(), before + 4);
  const other = new Visitor(app);
  const fine = await other.request('POST', SAVE_PATH, {
    key: await newKey(other),
    formId: CONTACT,
    form: JSON.stringify(goodContact()),
  });
  t.equal(fine.statusCode, 200, 'another visitor is not limited');
});

t.test('GetTemplateSchema?type=form answers the builder field types and their properties', async (t) => {
  const visitor = new Visitor(app);
  const response = await visitor.request('GET', '/api/template/GetTemplateSchema?type=form');
  t.equal(response.statusCode, 200);
  const schema = response.json();
  t.equal(schema.type, 'form');
  t.equal(schema.fieldTypes.length, 19);
  t.same(
    schema.fieldTypes.find((f: { type: string }) => f.type === 'textarea'),
    {
      type: 'textarea',
      properties: ['description', 'placeholder', 'required', 'maxLength'],
      flaggedProperties: { maxLength: 'form-handler' },
    },
  );
  t.same(schema.fieldTypes.find((f: { type: string }) => f.type === 'hidden').properties, ['key', 'value']);
  t.same(schema.fieldsetSteps, { BUILD: 1, STORAGE: 2, ADVANCED: 3, CAPTCHA: 4, DISCLAIMER: 5 });
  t.same(schema.answerTypes, ['address', 'checkbox', 'date', 'likert', 'name', 'phone', 'time']);
  const other = await visitor.request('GET', '/api/template/GetTemplateSchema?type=page');
  t.equal(other.statusCode, 400);
  t.equal((await visitor.request('GET', '/api/template/GetTemplateSchema')).statusCode, 400);
});
