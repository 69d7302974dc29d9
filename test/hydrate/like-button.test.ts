/**
 * The like island (hydrate/islands/like-button.tsx) on the post page's own
 * markup (the golden page) and on the like-button formatter's span that
 * other templates print: it asks whether this visitor has liked, then a
 * press likes or takes the like back with the crumb, and a failure is said
 * in the status next to the button.
 */
import { readFileSync } from 'node:fs';
import { act } from 'react';
import t from 'tap';
import { createDomEnv, type DomEnv, settle, settleUntil } from './dom-env.ts';

const golden = readFileSync(new URL('../../fixtures/pages/journal--notes-from-huila.html', import.meta.url), 'utf8');
const LIKE = /<div class="like" data-like-button[\s\S]*?<\/span><\/div>/.exec(golden)?.[0] ?? '';
const ITEM = /data-item-id="([0-9a-f]+)"/.exec(LIKE)?.[1] ?? '';
const FORMATTER = `<span class="sqs-simple-like" data-item-id="${ITEM}" data-like-count="21">
    <span class="like-icon"></span>
    <span class="like-count"></span>
  </span>`;
const PATH = `/api/content/items/${ITEM}/like`;

interface Test {
  teardown(fn: () => unknown): void;
}

async function setup(t: Test, html: string, state: { likeCount: number; liked: boolean }) {
  const env = await createDomEnv(`<main>${html}</main>`);
  t.teardown(() => env.close());
  env.replies.push({ status: 200, body: state });
  await env.mount();
  await settleUntil(() => button(env)?.dataset.likeState === 'ready');
  return env;
}

const button = (env: DomEnv) => env.document.querySelector<HTMLButtonElement>('button.like-button');
const count = (env: DomEnv) => env.document.querySelector('.like-button__count')?.textContent;
const status = (env: DomEnv) => env.document.querySelector('.like-button__error')?.textContent;

async function press(env: DomEnv) {
  await act(async () => button(env)!.click());
  await settle();
}

t.test('the golden post has one like button with the count, not pressed', async (t) => {
  t.ok(ITEM, 'the post page prints the like button');
  t.match(LIKE, /<button type="button" class="like-button" aria-pressed="false">/);
  t.match(LIKE, /<span class="like-button__count">21<\/span><span class="visually-hidden"> likes<\/span>/);
});

for (const [name, html] of [
  ['the template block', LIKE],
  ["the formatter's span", FORMATTER],
] as const) {
  t.test(`${name}: liked state read, then a press likes and takes back`, async (t) => {
    const env = await setup(t, html, { likeCount: 22, liked: false });
    t.same(env.calls[0], { url: PATH, method: 'GET', headers: { accept: 'application/json' }, body: undefined });
    t.equal(button(env)!.getAttribute('aria-pressed'), 'false');
    t.equal(count(env), '22', "the server's count now");

    env.replies.push({ status: 200, body: { likeCount: 23, liked: true } });
    await press(env);
    const put = env.calls[1]!;
    t.equal(put.method, 'PUT');
    t.equal(put.url, PATH);
    t.equal(put.headers['X-CSRF-Token'], '0123456789abcdef0123456789abcdef', 'with the crumb');
    t.equal(button(env)!.getAttribute('aria-pressed'), 'true');
    t.equal(count(env), '23');

    env.replies.push({ status: 200, body: { likeCount: 22, liked: false } });
    await press(env);
    t.equal(env.calls[2]!.method, 'DELETE');
    t.equal(button(env)!.getAttribute('aria-pressed'), 'false');
    t.equal(count(env), '22');
    t.equal(env.document.querySelectorAll('button.like-button').length, 1, 'one button');
  });
}

t.test('a visitor who has liked sees the button pressed', async (t) => {
  const env = await setup(t, LIKE, { likeCount: 21, liked: true });
  t.equal(button(env)!.getAttribute('aria-pressed'), 'true');
});

t.test('a failed press says why and leaves the state as it was', async (t) => {
  const env = await setup(t, LIKE, { likeCount: 21, liked: false });
  env.replies.push({ status: 429, body: { error: { code: 'rate-limited', message: 'x' } } });
  await press(env);
  t.equal(status(env), 'Please try again in a few seconds.');
  t.equal(button(env)!.getAttribute('aria-pressed'), 'false');
  t.equal(count(env), '21');

  env.replies.push({ status: 200, body: { likeCount: 22, liked: true } });
  await press(env);
  t.equal(status(env), '', 'the next press clears it');
  t.equal(button(env)!.getAttribute('aria-pressed'), 'true');
});
