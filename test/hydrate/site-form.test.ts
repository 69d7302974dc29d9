/**
 * The form island on the server's own markup: the contact form and the
 * newsletter form as the golden pages print them (fixtures/pages), so the
 * island is checked against what the renderer really sends.
 */
import { readFileSync } from 'node:fs';
import { act } from 'react';
import t from 'tap';
import { formFieldId, formId } from '../../api/seed/demo-ids.ts';
import { FORM_MESSAGES } from '../../shared/form-messages.ts';
import { createDomEnv, type DomEnv, settle } from './dom-env.ts';

const page = (name: string) => readFileSync(new URL(`../../fixtures/pages/${name}.html`, import.meta.url), 'utf8');

/** The block's <form> … </form> out of a golden page. */
function formHtml(name: string, id: string): string {
  const html = page(name);
  const start = html.lastIndexOf('<form', html.indexOf(`data-form-id="${id}"`));
  return html.slice(start, html.indexOf('</form>', start) + '</form>'.length);
}

const CONTACT = formHtml('contact', formId('contact'));
const NEWSLETTER = `<div class="newsletter">${formHtml('home', formId('newsletter'))}</div>`;
const contact = (slug: string) => formFieldId('contact', slug);

interface Test {
  teardown(fn: () => unknown): void;
}

async function setup(t: Test, html = CONTACT, navigations: string[] = []) {
  const env = await createDomEnv(`<main>${html}</main>`);
  t.teardown(() => env.close());
  env.document.title = 'Contact — Fernwood';
  env.document.body.id = 'collection-abc123';
  await env.mount({ navigate: (url) => navigations.push(url) });
  // The island is a chunk of its own; wait for it like a browser would.
  for (let i = 0; i < 50 && !env.document.querySelector('.form-island > *'); i++) await settle(5);
  return env;
}

const form = (env: DomEnv) => env.document.querySelector<HTMLFormElement>('form[data-form-id]');
const field = (env: DomEnv, id: string) => env.document.querySelector<HTMLElement>(`[data-field-id="${id}"]`)!;
const errorOf = (env: DomEnv, id: string) => {
  const slot = field(env, id).querySelector<HTMLElement>('.field-error')!;
  return slot.hidden ? null : slot.textContent;
};
const control = <T extends HTMLElement = HTMLInputElement>(env: DomEnv, id: string, nth = 0) =>
  field(env, id).querySelectorAll<T>('input:not([type="hidden"]), select, textarea')[nth]!;
const text = (env: DomEnv, selector: string) => {
  const element = env.document.querySelector<HTMLElement>(selector);
  return element && !element.hidden ? element.textContent : null;
};
const posts = (env: DomEnv) => env.calls.filter((call) => call.method === 'POST');

async function submit(env: DomEnv) {
  await act(async () => {
    form(env)!.dispatchEvent(new env.window.Event('submit', { bubbles: true, cancelable: true }) as unknown as Event);
  });
  await settle();
}

async function type(env: DomEnv, element: HTMLInputElement | HTMLTextAreaElement, value: string) {
  await act(async () => {
    element.value = value;
    element.dispatchEvent(new env.window.Event('input', { bubbles: true }) as unknown as Event);
  });
}

async function fillValid(env: DomEnv) {
  await type(env, control(env, contact('name'), 0), 'Ada');
  await type(env, control(env, contact('name'), 1), 'Lovelace');
  await type(env, control(env, contact('email')), 'ada@example.com');
  control<HTMLSelectElement>(env, contact('topic')).value = 'An order';
  await type(env, control<HTMLTextAreaElement>(env, contact('message')), 'Where is my order?');
}

t.test('an empty form is checked before anything is sent', async (t) => {
  const env = await setup(t);
  await submit(env);
  t.same(posts(env), [], 'nothing sent');
  for (const slug of ['name', 'email', 'topic', 'message']) t.equal(errorOf(env, contact(slug)), 'Required', slug);
  t.equal(errorOf(env, contact('phone')), null, 'an optional field has no message');
  t.equal(text(env, '.form-status'), FORM_MESSAGES.formInvalid);
  t.equal(
    text(env, '[data-form-notice="above"]'),
    'Your form has encountered a problem. Please scroll down to review.',
  );
  t.equal(text(env, '[data-form-notice="below"]'), 'Your form has encountered a problem. Please scroll up to review.');
  t.equal(control(env, contact('email')).getAttribute('aria-invalid'), 'true');
  t.match(control(env, contact('email')).getAttribute('aria-describedby'), `${contact('email')}-error`);
  t.equal(env.document.activeElement, control(env, contact('name'), 0), 'focus on the first problem');
});

t.test('a bad email and a message over the limit', async (t) => {
  const env = await setup(t);
  await fillValid(env);
  await type(env, control(env, contact('email')), 'ada@example');
  const message = control<HTMLTextAreaElement>(env, contact('message'));
  const counter = () => env.document.getElementById(message.dataset.counterId!)!;
  const live = () => env.document.querySelector('.form-island [aria-live]')!.textContent;
  await type(env, message, 'x'.repeat(1001));
  t.equal(counter().textContent, '1001 / 1000');
  t.ok(counter().hasAttribute('data-over-limit'), 'the counter is flagged');
  t.equal(live(), FORM_MESSAGES.overCharacterLimit, 'going over is read out once');
  await type(env, message, 'x'.repeat(1002));
  t.equal(live(), FORM_MESSAGES.overCharacterLimit, 'not again for each key');

  await submit(env);
  t.same(posts(env), []);
  t.equal(errorOf(env, contact('email')), FORM_MESSAGES.emailInvalid);
  t.equal(errorOf(env, contact('message')), 'You have exceeded the character limit.');
  t.equal(errorOf(env, contact('name')), null, 'fixed fields lose their message');
  t.notOk(control(env, contact('name')).hasAttribute('aria-invalid'));
  t.equal(env.document.activeElement, control(env, contact('email')));

  await type(env, message, 'x'.repeat(12));
  t.equal(counter().textContent, '12 / 1000');
  t.notOk(counter().hasAttribute('data-over-limit'));
  t.equal(live(), '');
});

t.test('a valid form goes through: Submitting…, then the submission text in place of the form', async (t) => {
  const env = await setup(t);
  await fillValid(env);
  env.replies.push({ status: 200, body: { data: { valid: true } } }, { status: 200, body: { data: { key: 'k1' } } });
  env.replies.push({ status: 200, body: { data: { id: 's1' } } });
  const real = globalThis.fetch;
  let open!: () => void;
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  globalThis.fetch = async (...args: Parameters<typeof fetch>) => {
    await gate;
    return real(...args);
  };
  await submit(env);
  const button = env.document.querySelector<HTMLButtonElement>('.form-submit')!;
  t.equal(button.textContent, 'Submitting…');
  t.ok(button.disabled, 'locked');
  await submit(env);
  open();
  globalThis.fetch = real;
  await settle();
  await settle();

  const [validate, key, save] = posts(env);
  t.equal(posts(env).length, 3, 'one submission, though submitted twice');
  t.equal(validate?.url, `/api/rest/forms/validate/${formId('contact')}`);
  t.equal(key?.url, '/api/form/FormSubmissionKey');
  t.equal(save?.url, '/api/form/SaveFormSubmission');
  t.equal(save?.headers['X-CSRF-Token'], '0123456789abcdef0123456789abcdef');
  const body = save?.body as Record<string, string>;
  t.match(body, { key: 'k1', formId: formId('contact'), pageTitle: 'Contact — Fernwood', pageId: 'abc123' });
  t.match(body, { contentSource: 'c', pagePath: '/products/mug' });
  const sent = JSON.parse(body.form!);
  t.same(sent[contact('name')], ['Ada', 'Lovelace']);
  t.equal(sent[contact('source')], 'contact-page', 'hidden fields go too');
  t.same(sent[contact('phone')], ['', '', '', ''], 'parts in the spec’s shape');

  t.equal(form(env), null, 'the form is replaced');
  const success = env.document.querySelector<HTMLElement>('.form-submitted')!;
  t.match(success.textContent, 'Thank you! We read every message ourselves');
  t.ok(success.querySelector('a[href="/journal"]'), 'with the post-submit HTML');
  t.equal(env.document.activeElement, success, 'focused, and so scrolled to');
});

t.test('a 400 from the server shows each field’s message', async (t) => {
  const env = await setup(t);
  await fillValid(env);
  env.replies.push({
    status: 400,
    body: {
      error: { code: 'form-invalid', message: FORM_MESSAGES.formInvalid, fields: { [contact('email')]: 'Nope' } },
    },
  });
  await submit(env);
  t.equal(errorOf(env, contact('email')), 'Nope');
  t.equal(text(env, '.form-status'), FORM_MESSAGES.formInvalid);
  t.equal(env.document.activeElement, control(env, contact('email')));
  const button = env.document.querySelector<HTMLButtonElement>('.form-submit')!;
  t.equal(button.textContent, 'Submit', 'unlocked');
  t.notOk(button.disabled);
});

t.test('other failures show the status messages of spec section 8', async (t) => {
  const cases: Array<[string, Array<{ status: number; body: unknown } | Error>, string]> = [
    ['401', [{ status: 401, body: {} }], 'Unable to submit form. Please try again later.'],
    ['404', [{ status: 404, body: { error: { message: 'x' } } }], 'This form has not been configured yet.'],
    [
      '429 on save',
      [
        { status: 200, body: {} },
        { status: 200, body: { data: { key: 'k' } } },
        { status: 429, body: {} },
      ],
      'Unable to submit form. Submission rate limit exceeded. Please try again later.',
    ],
    ['500', [{ status: 500, body: {} }], 'Unable to send form. Please try again later.'],
    ['403 with text', [{ status: 403, body: { error: { message: 'Session expired.' } } }], 'Session expired.'],
    ['503 without text', [{ status: 503, body: 'down' }], 'Unknown error, please try again later.'],
    ['network', [new Error('offline')], 'Unknown error, please try again later.'],
    [
      'no key',
      [
        { status: 200, body: {} },
        { status: 200, body: { data: {} } },
      ],
      'Could not get a form submission key, please try again later.',
    ],
  ];
  for (const [name, replies, message] of cases) {
    await t.test(name, async (t) => {
      const env = await setup(t);
      await fillValid(env);
      env.replies.push(...replies);
      await submit(env);
      await settle();
      t.equal(text(env, '.form-status'), message);
      t.match(text(env, '[data-form-notice="above"]'), 'scroll down');
      t.equal(env.document.activeElement, env.document.querySelector('.form-submit'), 'focus back on the button');
      t.ok(form(env), 'the form stays');
    });
  }
});

t.test('a newsletter form has no notices', async (t) => {
  const env = await setup(t, NEWSLETTER);
  const email = control(env, formFieldId('newsletter', 'email'));
  await type(env, email, 'nope');
  await submit(env);
  t.equal(errorOf(env, formFieldId('newsletter', 'email')), FORM_MESSAGES.emailInvalid);
  t.equal(text(env, '.form-status'), FORM_MESSAGES.formInvalid);
  t.notOk(env.document.querySelector('[data-form-notice]:not([hidden])'), 'no notices');

  await type(env, email, 'ada@example.com');
  env.replies.push({ status: 200, body: {} }, { status: 200, body: { data: { key: 'k' } } });
  env.replies.push({ status: 200, body: { data: { id: 's' } } });
  await submit(env);
  await settle();
  t.match(env.document.querySelector('.newsletter .form-submitted')?.textContent, "You're on the list.");
});

t.test('a success redirect leaves the page, still locked', async (t) => {
  const navigations: string[] = [];
  const redirecting = await setup(
    t,
    NEWSLETTER.replace('<form ', '<form data-success-redirect="/thanks" '),
    navigations,
  );
  await type(redirecting, control(redirecting, formFieldId('newsletter', 'email')), 'ada@example.com');
  redirecting.replies.push({ status: 200, body: {} }, { status: 200, body: { data: { key: 'k' } } });
  redirecting.replies.push({ status: 200, body: { data: { id: 's' } } });
  await submit(redirecting);
  await settle();
  t.same(navigations, ['/thanks']);
  t.equal(redirecting.document.querySelector('.form-submit')?.textContent, 'Submitting…', 'locked while leaving');
});

t.test('a form with a captcha sends nothing until the challenge is done', async (t) => {
  const env = await setup(
    t,
    CONTACT.replace('</form>', '<div class="captcha-container" data-sitekey="site-key-1"></div></form>'),
  );
  await fillValid(env);
  await submit(env);
  t.equal(text(env, '.form-status'), FORM_MESSAGES.captchaMissing);
  t.same(posts(env), [], 'nothing sent');
});
