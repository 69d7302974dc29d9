import t from 'tap';
import { FIELD_PROPERTIES, FORM_FIELD_TYPES } from '../../shared/form-field-types.ts';
import { FORM_MESSAGES, formStatusMessage } from '../../shared/form-messages.ts';
import {
  characterCount,
  type FormFieldRule,
  hiddenFieldValue,
  isValidEmail,
  validateField,
  validateForm,
} from '../../shared/form-validation.ts';

const { required: REQUIRED, emailInvalid, overCharacterLimit, unparseableFields } = FORM_MESSAGES;

t.test('the spec messages, word for word', async (t) => {
  t.equal(REQUIRED, 'Required');
  t.equal(emailInvalid, 'Email is not valid. Email addresses should follow the format user@domain.com.');
  t.equal(overCharacterLimit, 'You have exceeded the character limit.');
  t.equal(FORM_MESSAGES.formInvalid, 'One or more fields is invalid, please check your entries.');
  t.equal(unparseableFields, 'Could not parse the form fields, please check your entries.');
});

t.test('isValidEmail: 3 to 256 characters, local@domain, a 2 to 4 letter top-level part', async (t) => {
  const cases: Array<[string, boolean]> = [
    ['ann@example.com', true],
    ['a.b+c@mail.example.co.uk', true],
    ['x@y.io', true],
    ['ann@example.info', true],
    ['ann@example.museum', false],
    ['ann@example.c', false],
    ['ann@example', false],
    ['ann.example.com', false],
    ['ann@@example.com', false],
    ['ann @example.com', false],
    ['@example.com', false],
    ['ann@-example.com', false],
    ['', false],
    [`${'a'.repeat(244)}@example.com`, true], // 256 characters
    [`${'a'.repeat(245)}@example.com`, false], // 257 characters
  ];
  for (const [text, valid] of cases) t.equal(isValidEmail(text), valid, JSON.stringify(text.slice(0, 30)));
});

t.test('characterCount counts code points', async (t) => {
  t.equal(characterCount('abc'), 3);
  t.equal(characterCount('☕️'), 2);
  t.equal(characterCount('😀😀'), 2);
});

t.test('validateField, per type', async (t) => {
  const field = (type: string, extra: Partial<FormFieldRule> = {}): FormFieldRule => ({ id: 'f', type, ...extra });
  const cases: Array<[string, FormFieldRule, unknown, unknown, string | null]> = [
    // [what, field, submitted, normalized value, message]
    ['required text, empty', field('text', { required: true }), '', '', REQUIRED],
    ['required text, blank', field('text', { required: true }), '   ', '   ', REQUIRED],
    ['required text, missing', field('text', { required: true }), undefined, '', REQUIRED],
    ['required text, filled', field('text', { required: true }), 'Hi', 'Hi', null],
    ['optional text, empty', field('text'), '', '', null],
    ['number as a number', field('number'), 12, '12', null],
    ['text as an object', field('text'), { a: 1 }, undefined, unparseableFields],
    ['password', field('password', { required: true }), '', '', REQUIRED],
    ['twitter', field('twitter', { required: true }), 'fernwood', 'fernwood', null],
    ['currency', field('currency', { required: true }), '12.50', '12.50', null],
    ['website', field('website', { required: true }), '', '', REQUIRED],
    ['optional email, empty', field('email'), '', '', null],
    ['required email, empty', field('email', { required: true }), '', '', REQUIRED],
    ['email, bad', field('email'), 'ann@', 'ann@', emailInvalid],
    ['email, too short', field('email'), 'a@', 'a@', emailInvalid],
    ['email, good with spaces', field('email'), ' ann@example.com ', ' ann@example.com ', null],
    ['textarea within the limit', field('textarea', { maxLength: 5 }), 'abcde', 'abcde', null],
    ['textarea over the limit', field('textarea', { maxLength: 5 }), 'abcdef', 'abcdef', overCharacterLimit],
    ['optional textarea blank', field('textarea', { maxLength: 5 }), '', '', null],
    ['required textarea blank', field('textarea', { maxLength: 5, required: true }), '', '', REQUIRED],
    ['textarea without a limit', field('textarea'), 'x'.repeat(5000), 'x'.repeat(5000), null],
    ['radio, empty', field('radio', { required: true, options: ['A', 'B'] }), '', '', REQUIRED],
    ['radio, chosen', field('radio', { required: true, options: ['A', 'B'] }), 'B', 'B', null],
    ['radio, not an option', field('radio', { options: ['A', 'B'] }), 'C', undefined, unparseableFields],
    ['select, empty', field('select', { required: true, options: ['A'] }), undefined, '', REQUIRED],
    ['select, chosen', field('select', { required: true, options: ['A'] }), 'A', 'A', null],
    ['checkbox, none', field('checkbox', { required: true, options: ['A', 'B'] }), [], [], REQUIRED],
    ['checkbox, two', field('checkbox', { required: true, options: ['A', 'B'] }), ['B', 'A'], ['B', 'A'], null],
    ['checkbox, twice', field('checkbox', { options: ['A'] }), ['A', 'A'], ['A'], null],
    ['checkbox, not a list', field('checkbox', { options: ['A'] }), 'A', undefined, unparseableFields],
    ['checkbox, not an option', field('checkbox', { options: ['A'] }), ['Z'], undefined, unparseableFields],
    ['name, both', field('name', { required: true }), ['Ann', 'Lee'], ['Ann', 'Lee'], null],
    ['name, first only', field('name', { required: true }), ['Ann', ''], ['Ann', ''], REQUIRED],
    ['name, missing', field('name', { required: true }), undefined, ['', ''], REQUIRED],
    ['name, optional and empty', field('name'), ['', ''], ['', ''], null],
    ['name, three parts', field('name'), ['a', 'b', 'c'], undefined, unparseableFields],
    [
      'address without line 2',
      field('address', { required: true }),
      ['1 Main St', '', 'Portland', 'ME', '04101', 'US'],
      ['1 Main St', '', 'Portland', 'ME', '04101', 'US'],
      null,
    ],
    [
      'address, no city',
      field('address', { required: true }),
      ['1 Main', '', '', 'ME', '1', 'US'],
      undefined,
      REQUIRED,
    ],
    ['date', field('date', { required: true }), ['11', '02', '2026'], ['11', '02', '2026'], null],
    ['date, no year', field('date', { required: true }), ['11', '02', ''], ['11', '02', ''], REQUIRED],
    ['time, AM/PM blank', field('time', { required: true }), ['9', '30', ''], ['9', '30', ''], null],
    ['phone of 3 parts', field('phone', { required: true }), ['207', '555', '0101'], ['', '207', '555', '0101'], null],
    ['phone of 4 parts', field('phone'), ['+1', '207', '555', '0101'], ['+1', '207', '555', '0101'], null],
    ['phone, blank line', field('phone', { required: true }), ['207', '555', ''], ['', '207', '555', ''], REQUIRED],
    ['phone of 2 parts', field('phone'), ['207', '555'], undefined, unparseableFields],
    ['phone of 5 parts', field('phone'), ['1', '2', '3', '4', '5'], undefined, unparseableFields],
    ['likert, required but empty', field('likert', { required: true, options: ['Q1'] }), {}, {}, null],
    ['likert, answered', field('likert', { options: ['Q1', 'Q2'] }), { Q1: '2' }, { Q1: '2' }, null],
    ['likert, number answer', field('likert', { options: ['Q1'] }), { Q1: -1 }, { Q1: '-1' }, null],
    ['likert, out of range', field('likert', { options: ['Q1'] }), { Q1: '3' }, undefined, unparseableFields],
    ['likert, unknown question', field('likert', { options: ['Q1'] }), { Q9: '1' }, undefined, unparseableFields],
    ['likert, a list', field('likert', { options: ['Q1'] }), ['1'], undefined, unparseableFields],
    ['hidden', field('hidden', { required: true }), '', '', null],
    ['section', field('section', { required: true }), 'anything', undefined, null],
  ];
  for (const [what, rule, raw, value, error] of cases) {
    const checked = validateField(rule, raw);
    t.equal(checked.error, error, `${what}: message`);
    if (value !== undefined || error === unparseableFields) t.same(checked.value, value, `${what}: value`);
  }
});

t.test('validateForm: every field, sections skipped, unknown ids dropped', async (t) => {
  const fields: unknown[] = [
    { id: 'name', type: 'name', required: true },
    { id: 'email', type: 'email', required: true },
    { id: 'part', type: 'section', title: 'More' },
    { id: 'message', type: 'textarea', maxLength: 10, required: true },
    { id: 'feedback', type: 'likert', options: ['Good'], required: true },
    { id: 'source', type: 'hidden', key: 'source', value: 'contact' },
    { id: 'odd', type: 'hologram', required: true },
    'not a field',
  ];
  const bad = validateForm(fields, { email: 'nope', message: 'x'.repeat(11), extra: 'dropped', part: 'x' });
  t.equal(bad.ok, false);
  t.equal(bad.message, 'One or more fields is invalid, please check your entries.');
  t.same(bad.errors, { name: REQUIRED, email: emailInvalid, message: overCharacterLimit });

  const good = validateForm(fields, {
    name: ['Ann', 'Lee'],
    email: 'ann@example.com',
    message: 'Hello',
    source: 'newsletter',
    extra: 'dropped',
  });
  t.equal(good.ok, true);
  t.equal(good.message, null);
  t.same(good.errors, {});
  t.same(good.values, {
    name: ['Ann', 'Lee'],
    email: 'ann@example.com',
    message: 'Hello',
    feedback: {},
    source: 'newsletter',
  });
  t.same(validateForm([{ id: '__proto__', type: 'text', required: true }], JSON.parse('{"__proto__":"x"}')).errors, {});
});

t.test('hiddenFieldValue: the query string by the field name, else its own value', async (t) => {
  const field = { key: 'source', title: 'Source', value: 'page' };
  t.equal(hiddenFieldValue(field, new URLSearchParams('source=mail')), 'mail');
  t.equal(hiddenFieldValue(field, new URLSearchParams('other=1')), 'page');
  t.equal(hiddenFieldValue(field, undefined), 'page');
  t.equal(hiddenFieldValue({ title: 'ref' }, new URLSearchParams('ref=x')), 'x');
  t.equal(hiddenFieldValue({}, new URLSearchParams('ref=x')), '');
});

t.test('formStatusMessage: section 8 by status', async (t) => {
  t.equal(formStatusMessage(401), 'Unable to submit form. Please try again later.');
  t.equal(formStatusMessage(404), 'This form has not been configured yet.');
  t.equal(formStatusMessage(429), 'Unable to submit form. Submission rate limit exceeded. Please try again later.');
  t.equal(formStatusMessage(500), 'Unable to send form. Please try again later.');
  t.equal(formStatusMessage(400, 'Bad thing'), 'Bad thing');
  t.equal(formStatusMessage(503, ''), 'Unknown error, please try again later.');
});

t.test('every builder field type has its editable properties', async (t) => {
  for (const type of FORM_FIELD_TYPES) t.ok(FIELD_PROPERTIES[type].length > 0, type);
  t.same(FIELD_PROPERTIES.hidden, ['key', 'value']);
  t.same(FIELD_PROPERTIES.phone, ['description', 'showCountryCode', 'required']);
});
