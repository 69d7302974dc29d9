/**
 * The site-form calls (api/http/form-routes.ts): a submission key, checking
 * answers, saving a submission with its answers as JSON text inside the JSON
 * body (so NUL, surrogates, depth and size go inside that text too), keys
 * that are not keys or were used already, unknown form ids, and the form
 * builder's schema with odd types. Saves count against the per-address
 * form-submit limit: each case's visitor has a budget under it, except the
 * run of saves from one address whose point is the limit (429 is the answer).
 */
import type { FormFacts, SiteFacts } from '../discover-site.ts';
import {
  deepJson,
  HOSTILE_STRINGS,
  type Hostile,
  MALFORMED_JSON,
  SCRIPT_TAG,
  URL_VALUES,
  WRONG_TYPES,
} from '../hostile-values.ts';
import type { CaseContext, InputClass, PreparedRequest, ProbeCase } from '../probe-case.ts';
import type { Visitor } from '../visitors.ts';
import { jsonText, probeCase, read, write } from './request-helpers.ts';
import { API_PATHS, ROUTES } from './routes.ts';

/** A form's answers as the island sends them: field id → value, a list for a field in parts. */
export function validAnswers(form: FormFacts): Record<string, string | string[]> {
  return Object.fromEntries(
    form.fields.map((f) => [f.name, f.list || f.values.length > 1 ? f.values : (f.values[0] ?? '')]),
  );
}

/** Texts for the `form` field: JSON of the answers, spoiled inside the text. */
function formTexts(form: FormFacts | undefined): Hostile<string>[] {
  const first = form?.fields[0]?.name ?? 'field';
  const answers = form ? validAnswers(form) : {};
  const texts: Hostile<string>[] = [
    { value: '{"a":"\\u0000"}', inputClass: 'nul-surrogate' },
    { value: '{"\\u0000":"x"}', inputClass: 'nul-surrogate' },
    { value: `{"${first}":"\\ud800"}`, inputClass: 'nul-surrogate' },
    { value: `{"${first}":"x\\udfffy"}`, inputClass: 'nul-surrogate' },
    { value: `{"${first}":"\u0000"}`, inputClass: 'nul-surrogate' },
    { value: `{"${first}":["\\ud800","\\u0000"]}`, inputClass: 'nul-surrogate' },
    { value: '\ufeff{}', inputClass: 'nul-surrogate' },
    { value: deepJson(10_000, 'object'), inputClass: 'deep-json' },
    { value: `{"${first}":${deepJson(10_000, 'array')}}`, inputClass: 'deep-json' },
    { value: `{"${first}":${deepJson(40, 'array')}}`, inputClass: 'deep-json' },
    { value: deepJson(49_000, 'array'), inputClass: 'deep-json' },
    { value: `{"${first}":"${'x'.repeat(99_000)}"}`, inputClass: 'huge-body' },
    { value: `{${Array.from({ length: 10_000 }, (_, i) => `"k${i}":${i}`).join(',')}}`, inputClass: 'huge-body' },
    { value: `{"${'k'.repeat(50_000)}":1}`, inputClass: 'huge-body' },
    { value: `{"${first}":${JSON.stringify(Array.from({ length: 5000 }, () => 'x'))}}`, inputClass: 'huge-body' },
    { value: jsonText({ ...answers, [first]: SCRIPT_TAG }), inputClass: 'script' },
    { value: `{${JSON.stringify(SCRIPT_TAG)}:"x"}`, inputClass: 'script' },
    { value: jsonText({ ...answers, [first]: "' or 1=1 --" }), inputClass: 'sql' },
    { value: `{"${first}":1e309}`, inputClass: 'number-limits' },
    { value: `{"${first}":123456789012345678901234567890}`, inputClass: 'number-limits' },
    { value: '{"__proto__":{"polluted":true}}', inputClass: 'wrong-type' },
    { value: `{"constructor":{"prototype":{"x":1}},"${first}":"x"}`, inputClass: 'wrong-type' },
    { value: '{}', inputClass: 'wrong-type' },
    { value: '[]', inputClass: 'wrong-type' },
    { value: 'null', inputClass: 'wrong-type' },
    { value: '"text"', inputClass: 'wrong-type' },
    { value: '1', inputClass: 'wrong-type' },
    { value: '', inputClass: 'wrong-type' },
    { value: `{"${first}":{"a":1}}`, inputClass: 'wrong-type' },
    { value: `{"${first}":null}`, inputClass: 'wrong-type' },
    { value: `{"${first}":true}`, inputClass: 'wrong-type' },
    { value: '{"nope":"x"}', inputClass: 'wrong-type' },
    { value: '{', inputClass: 'malformed-json' },
    { value: "{'a':1}", inputClass: 'malformed-json' },
    { value: '{"a":1}{"b":2}', inputClass: 'malformed-json' },
  ];
  // Each field in turn with a value that breaks things most.
  for (const field of form?.fields ?? []) {
    texts.push({ value: jsonText({ ...answers, [field.name]: 'a\u0000b' }), inputClass: 'nul-surrogate' });
    texts.push({
      value: jsonText({ ...answers, [field.name]: ['x', '\ud800', 'A'.repeat(10_000)] }),
      inputClass: 'wrong-type',
    });
  }
  return texts;
}

const post = (
  ctx: CaseContext,
  visitor: Visitor,
  path: string,
  body: string | Buffer | undefined,
  options: Parameters<typeof write>[5] = {},
): PreparedRequest => ({ request: write(ctx.host, visitor, 'POST', path, body, options), visitor });

export function formCases(site: SiteFacts): ProbeCase[] {
  const cases: ProbeCase[] = [];
  const forms = site.forms;
  const contact = [...forms].sort((a, b) => b.fields.length - a.fields.length)[0];

  // FormSubmissionKey: no body is what the island sends; anything else is ignored or refused.
  const keyBodies: [InputClass, string | undefined, Parameters<typeof write>[5]][] = [
    ['baseline', undefined, {}],
    ['baseline', '{}', {}],
    ['malformed-json', '{', {}],
    ['wrong-type', '[1,2]', {}],
    ['deep-json', deepJson(10_000, 'array'), {}],
    ['huge-body', 'x'.repeat(2 * 1024 * 1024), { contentType: 'text/plain' }],
    ['crumb', undefined, { crumbHeader: null }],
    ['crumb', undefined, { crumbHeader: 'forged' }],
    ['cookie', undefined, { cookie: null }],
    ['content-type', 'a=b', { contentType: 'application/x-www-form-urlencoded', crumbHeader: null }],
  ];
  for (const [inputClass, body, options] of keyBodies) {
    cases.push(
      probeCase(ROUTES.formKey, inputClass, async (ctx) =>
        post(ctx, await ctx.visitors.forWrite('api-write'), API_PATHS.formKey, body, options),
      ),
    );
  }

  // validate/:formId: each form with good answers, then spoiled ones; ids that name no form.
  const validate = (inputClass: InputClass, formId: string, body: string | Buffer | undefined) =>
    cases.push(
      probeCase(ROUTES.formValidate, inputClass, async (ctx) =>
        post(ctx, await ctx.visitors.forWrite('api-write'), API_PATHS.formValidate(formId), body),
      ),
    );
  for (const form of forms) {
    const answers = validAnswers(form);
    validate('baseline', form.formId, jsonText(answers));
    validate('baseline', form.formId, undefined);
    for (const field of form.fields) {
      validate('nul-surrogate', form.formId, jsonText({ ...answers, [field.name]: '\ud800\u0000' }));
      validate('wrong-type', form.formId, jsonText({ ...answers, [field.name]: { a: [1] } }));
    }
    HOSTILE_STRINGS.forEach(({ value, inputClass }, i) => {
      const field = form.fields[i % Math.max(1, form.fields.length)]?.name ?? 'x';
      validate(inputClass, form.formId, jsonText({ ...answers, [field]: value }));
    });
    for (const { value, inputClass } of WRONG_TYPES) validate(inputClass, form.formId, jsonText(value));
    for (const { value, inputClass } of MALFORMED_JSON) validate(inputClass, form.formId, value);
    validate('deep-json', form.formId, deepJson(100_000, 'array'));
    validate('deep-json', form.formId, deepJson(10_000, 'object'));
    validate('huge-body', form.formId, jsonText({ [form.fields[0]?.name ?? 'x']: 'x'.repeat(2 * 1024 * 1024) }));
  }
  for (const { value, inputClass } of URL_VALUES) if (value !== '') validate(inputClass, value, '{}');
  validate('wrong-type', '000000000000000000000000', '{}');

  // SaveFormSubmission: a fresh key each, with one part spoiled.
  const save = (inputClass: InputClass, body: (key: string | undefined) => string | Buffer, key: 'fresh' | 'used') =>
    cases.push(
      probeCase(ROUTES.formSave, inputClass, async (ctx) => {
        const value = key === 'fresh' ? await ctx.freshFormKey() : await ctx.usedFormKey();
        const visitor = await ctx.visitors.forWrite('api-write', 'form-submit');
        return post(ctx, visitor, API_PATHS.formSave, body(value));
      }),
    );
  const saveBody = (form: FormFacts | undefined, key: string | undefined, change: Record<string, unknown> = {}) =>
    jsonText({
      key: key ?? '',
      ...(form ? { formId: form.formId, form: jsonText(validAnswers(form)) } : { form: '{}' }),
      pageTitle: 'Contact',
      pagePath: form?.page ?? '/',
      contentSource: 'c',
      ...change,
    });
  for (const form of forms) {
    save('baseline', (key) => saveBody(form, key), 'fresh');
    save('baseline', (key) => saveBody(form, key, { formId: undefined }), 'fresh');
    // A key already used: refused, and nothing stored twice.
    save('baseline', (key) => saveBody(form, key), 'used');
  }
  for (const { value, inputClass } of formTexts(contact)) {
    save(inputClass, (key) => saveBody(contact, key, { form: value }), 'fresh');
  }
  // The key itself, and the other fields, with values of the wrong kind.
  const keyValues: Hostile<unknown>[] = [
    ...HOSTILE_STRINGS.filter((h) => h.inputClass !== 'script' || h.value.startsWith('<')),
    ...WRONG_TYPES.slice(0, 6),
  ].filter((_, i) => i % 2 === 0);
  for (const { value, inputClass } of keyValues)
    save(inputClass, () => saveBody(contact, undefined, { key: value }), 'fresh');
  const others: [InputClass, Record<string, unknown>][] = [
    ['wrong-type', { formId: 'nope' }],
    ['wrong-type', { formId: '000000000000000000000000' }],
    ['wrong-type', { formId: forms.find((f) => f !== contact)?.formId ?? 'x' }],
    ['nul-surrogate', { formId: '\u0000' }],
    ['number-limits', { formId: 'A'.repeat(65) }],
    ['wrong-type', { formId: ['a'] }],
    ['wrong-type', { form: { a: 1 } }],
    ['wrong-type', { form: null }],
    ['wrong-type', { contentSource: 'x' }],
    ['wrong-type', { pagePermissionTypeValue: { a: 1 } }],
    ['number-limits', { pagePermissionTypeValue: 1e308 }],
    ['script', { pageTitle: SCRIPT_TAG, pagePath: `/${SCRIPT_TAG}` }],
    ['nul-surrogate', { pageTitle: 'a\u0000\ud800', pageId: '\udfff', pagePath: '\u0000' }],
    ['huge-body', { pagePath: 'x'.repeat(2084), pageTitle: 'x'.repeat(1001) }],
    ['wrong-type', { captchaKey: { a: 1 } }],
    ['nul-surrogate', { captchaKey: '\u0000\ud800' }],
    ['huge-body', { captchaKey: 'x'.repeat(4001) }],
  ];
  for (const [inputClass, change] of others) save(inputClass, (key) => saveBody(contact, key, change), 'fresh');
  for (const { value, inputClass } of MALFORMED_JSON.filter((_, i) => i % 2 === 0))
    save(inputClass, () => value, 'fresh');
  save('deep-json', () => deepJson(100_000, 'array'), 'fresh');
  save('huge-body', (key) => saveBody(contact, key, { form: 'x'.repeat(2 * 1024 * 1024) }), 'fresh');

  // One address past its limit: 429 is the right answer for the last of these.
  let flooder: Promise<Visitor> | undefined;
  for (let i = 0; i < 13; i++) {
    cases.push(
      probeCase(ROUTES.formSave, 'rate-limit', async (ctx) => {
        flooder ??= ctx.visitors.stranger();
        return post(ctx, await flooder, API_PATHS.formSave, saveBody(contact, 'not-a-key'));
      }),
    );
  }

  // The form builder's schema: only type=form is a type.
  const types: [InputClass, string][] = [
    ['baseline', '?type=form'],
    ['wrong-type', ''],
    ['wrong-type', '?type='],
    ['wrong-type', '?type=FORM'],
    ['wrong-type', '?type=form&type=form'],
    ['wrong-type', '?type[]=form'],
    ['wrong-type', '?type[a]=form'],
    ['wrong-type', '?type=page'],
    ['wrong-type', '?type=form%20'],
    ['nul-surrogate', '?type=form%00'],
    ...URL_VALUES.map((h): [InputClass, string] => [h.inputClass, `?type=${h.value}`]),
  ];
  for (const [inputClass, query] of types) {
    cases.push(
      probeCase(ROUTES.templateSchema, inputClass, (ctx) => ({
        request: read(ctx.host, `${API_PATHS.templateSchema}${query}`),
      })),
    );
  }
  return cases;
}
