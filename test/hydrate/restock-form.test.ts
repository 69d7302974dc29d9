/**
 * The restock island on the server's own markup: the sold-out product's
 * sign-up widgets as the golden page prints them (fixtures/pages), so the
 * island is checked against what the renderer really sends.
 */
import { readFileSync } from 'node:fs';
import { act } from 'react';
import t from 'tap';
import { RESTOCK_SIGN_UP_PATH } from '../../hydrate/islands/restock-form.tsx';
import { RESTOCK_MESSAGES } from '../../shared/restock-messages.ts';
import { createDomEnv, type DomEnv, settle } from './dom-env.ts';

const golden = readFileSync(new URL('../../fixtures/pages/shop--speckled-serving-bowl.html', import.meta.url), 'utf8');
const start = golden.indexOf('<div class="product__restock"');
// Up to the next section, as the gallery's test cuts its markup: the parser drops the closing tags left over.
const end = golden.indexOf('<section class="product__description"', start);
/** The widgets of the sold-out bowl, the first variant's shown as if chosen. */
const WIDGETS = golden.slice(start, end).replace(' hidden>', '>');
const CUSTOM_TEXT = "You're on the list! We'll email you as soon as it's back.";

interface Test {
  teardown(fn: () => unknown): void;
}

async function setup(t: Test, html = WIDGETS) {
  const env = await createDomEnv(`<main>${html}</main>`);
  t.teardown(() => env.close());
  await env.mount();
  // The island is a chunk of its own; wait for it like a browser would.
  for (let i = 0; i < 50 && !env.document.querySelector('.product-restock-island > *'); i++) await settle(5);
  return env;
}

const widget = (env: DomEnv) => env.document.querySelector<HTMLElement>('.product-restock-notification')!;
const email = (env: DomEnv) => widget(env).querySelector<HTMLInputElement>('input[name="email"]')!;
const message = (env: DomEnv) => widget(env).querySelector<HTMLElement>('.product-restock-message')!;
const posts = (env: DomEnv) => env.calls.filter((call) => call.method === 'POST');

async function submit(env: DomEnv, address: string) {
  await act(async () => {
    email(env).value = address;
    widget(env)
      .querySelector('form')!
      .dispatchEvent(new env.window.Event('submit', { bubbles: true, cancelable: true }) as unknown as Event);
  });
  await settle();
}

t.test('the golden page has one widget per sold-out variant, hidden until chosen', async (t) => {
  t.equal(golden.slice(start, end).match(/class="product-restock-notification"[^>]* hidden>/g)?.length, 2);
});

t.test('the email field gets a name and the island a message slot', async (t) => {
  const env = await setup(t);
  const input = email(env);
  t.equal(input.getAttribute('aria-label'), 'Your Email');
  t.equal(input.type, 'email');
  t.equal(input.getAttribute('autocomplete'), 'email');
  const described = input.getAttribute('aria-describedby')!.split(' ');
  t.equal(env.document.getElementById(described[0]!)?.className, 'product-restock-cta');
  t.equal(described[1], message(env).id);
  t.equal(message(env).textContent, '');
});

t.test('a blank and an invalid email are refused before anything is sent', async (t) => {
  const env = await setup(t);
  await submit(env, '   ');
  t.equal(message(env).textContent, RESTOCK_MESSAGES.emailBlank);
  t.equal(email(env).getAttribute('aria-invalid'), 'true');
  t.equal(env.document.activeElement, email(env), 'focus on the field');
  await submit(env, 'ada@example');
  t.equal(message(env).textContent, RESTOCK_MESSAGES.emailInvalid);
  t.same(posts(env), [], 'nothing sent');
});

t.test('a valid email signs up; only the call to action and the success text stay', async (t) => {
  const env = await setup(t);
  env.replies.push({ status: 200, body: { id: 'signup-1' } });
  const shown = widget(env);
  const join = shown.querySelector<HTMLInputElement>('input[name="isJoinMailingList"]')!;
  await act(async () => {
    join.checked = true;
  });
  await submit(env, ' ada@example.com ');
  const [call] = posts(env);
  t.equal(call?.url, RESTOCK_SIGN_UP_PATH);
  t.same(call?.body, {
    productId: shown.dataset.productId,
    variantId: shown.dataset.variantId,
    siteVisitorEmail: 'ada@example.com',
    isJoinMailingList: true,
  });
  t.equal(call?.headers['X-CSRF-Token'], '0123456789abcdef0123456789abcdef');
  t.equal(shown.querySelector('form'), null, 'the form is gone');
  t.equal(shown.querySelector('.product-restock-mailing-list'), null, 'so is the checkbox');
  t.ok(shown.querySelector('.product-restock-cta'), 'the call to action stays');
  t.equal(message(env).textContent, CUSTOM_TEXT, "the store's own success text");
  t.equal(env.document.activeElement, message(env), 'focus on the success text');
});

t.test("without the store's own text the success text is the spec's", async (t) => {
  const env = await setup(t, WIDGETS.replace(/data-restock-success-text="[^"]*"/, 'data-restock-success-text=""'));
  env.replies.push({ status: 200, body: { id: 'signup-1' } });
  await submit(env, 'ada@example.com');
  t.equal(message(env).textContent, RESTOCK_MESSAGES.signedUp);
});

t.test("a refused sign-up shows the answer's message and keeps the form", async (t) => {
  const env = await setup(t);
  env.replies.push({
    status: 409,
    body: { error: { code: 'restock-in-stock', message: 'This item is back in stock.' } },
  });
  await act(async () => {
    widget(env).querySelector<HTMLInputElement>('input[name="isJoinMailingList"]')!.checked = false;
  });
  await submit(env, 'ada@example.com');
  t.equal(message(env).textContent, 'This item is back in stock.');
  t.match(posts(env)[0]?.body, { isJoinMailingList: false });
  t.ok(widget(env).querySelector('form'), 'the form stays for another try');
  t.notOk(widget(env).querySelector<HTMLInputElement>('input[type="submit"]')!.disabled, 'and can be sent again');
});

t.test('a site with a captcha key asks for the challenge first', async (t) => {
  const env = await setup(t, WIDGETS.replace('data-captcha-site-key=""', 'data-captcha-site-key="site-key-1"'));
  await submit(env, 'ada@example.com');
  t.equal(message(env).textContent, 'Complete CAPTCHA before submitting.');
  t.same(posts(env), [], 'nothing sent');
});

t.test('the widget is marked ready once the island listens to its form', async (t) => {
  const env = await setup(t);
  t.ok(widget(env).hasAttribute('data-restock-ready'));
});
