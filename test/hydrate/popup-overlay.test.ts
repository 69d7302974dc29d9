/**
 * The popup overlay island (page type 104) on the markup the server really
 * prints for it (templates/sections/popup-overlay.html, rendered here with
 * the same context builder the renderer uses): when it shows, by the spec's
 * local-storage keys date-closed, version and submitted, and how it behaves
 * as a modal dialog and a sign-up form.
 */
import { act } from 'react';
import t from 'tap';
import type { Form } from '../../api/db/schema.ts';
import { popupOverlayContext } from '../../renderer/page-context/popup-overlay-json.ts';
import { renderSection } from '../../renderer/page-sections/section-templates.ts';
import { POPUP_STORAGE_KEYS, PROMO_POPUP_CAPTCHA_ACTION } from '../../shared/popup-overlay.ts';
import { createDomEnv, type DomEnv, settle, settleUntil } from './dom-env.ts';

const DAY_MS = 86_400_000;

// The island is a chunk of its own (hydrate/island-registry.ts); loaded here once, as a browser would have it cached.
await import('../../hydrate/islands/popup-overlay.tsx');

const NEWSLETTER: Form = {
  websiteId: 'w1',
  id: 'form-letter',
  name: 'The Letter',
  isNewsletter: true,
  fields: [{ id: 'field-email', type: 'email', title: 'Email Address', required: true }],
  submissionMessage: "You're on the list.",
  submissionHtml: '',
  successRedirect: null,
  disclaimerMessage: 'One letter a month.',
  captchaEnabled: false,
  captchaTheme: 'light',
  captchaAlignment: 'center',
  storage: {},
};

function popupHtml(options: { version?: number; closedDays?: number; siteKey?: string } = {}): string {
  const fragment = popupOverlayContext(
    {
      enabled: true,
      version: options.version ?? 2,
      headline: 'Join the letter',
      body: 'New roasts first.',
      action: 'newsletter',
      formId: NEWSLETTER.id,
      delaySeconds: 0,
      closedDays: options.closedDays ?? 7,
    },
    { website: { siteTitle: 'Shop' }, websiteSettings: {}, captchaSiteKey: options.siteKey ?? null },
    NEWSLETTER,
    undefined,
  );
  const rendered = renderSection('popup-overlay', fragment?.context, { locale: 'en-US', timeZone: 'UTC', now: 0 });
  if (rendered.errors.length > 0) throw new Error(JSON.stringify(rendered.errors));
  return rendered.output;
}

interface Test {
  teardown(fn: () => unknown): void;
}

/** A page with a button before the popup, storage as given, islands mounted and the popup's chunk loaded. */
async function page(
  t: Test,
  stored: Record<string, string> = {},
  html = popupHtml(),
  /** Whether the popup is to show: then the page is ready once it has, however busy the machine. */
  shows = true,
): Promise<DomEnv> {
  const env = await createDomEnv(`<main><button type="button" id="elsewhere">Elsewhere</button></main>${html}`);
  t.teardown(() => env.close());
  env.window.localStorage.clear();
  for (const [key, value] of Object.entries(stored)) env.window.localStorage.setItem(key, value);
  env.document.getElementById('elsewhere')!.focus();
  await env.mount();
  // The island's chunk (loaded once, at the top of this file) and its delay, 0 s here.
  if (shows) await settleUntil(() => !env.document.querySelector<HTMLElement>('[data-island="popup-overlay"]')?.hidden);
  else await settle(20);
  return env;
}

const popup = (env: DomEnv) => env.document.querySelector<HTMLElement>('[data-island="popup-overlay"]')!;
const dialog = (env: DomEnv) => popup(env).querySelector<HTMLElement>('[role="dialog"]')!;
const stored = (env: DomEnv, key: string) => env.window.localStorage.getItem(key);

async function press(env: DomEnv, key: string, shiftKey = false): Promise<boolean> {
  const event = new env.window.KeyboardEvent('keydown', { key, shiftKey, bubbles: true, cancelable: true });
  await act(async () => {
    (env.document.activeElement ?? env.document.body).dispatchEvent(event as unknown as Event);
  });
  return event.defaultPrevented;
}

t.test('the server sends it hidden, as a labelled modal dialog', async (t) => {
  const html = popupHtml({ siteKey: 'site-key' });
  t.match(html, /data-island="popup-overlay"[^>]* hidden>/);
  t.match(html, /role="dialog" aria-modal="true" aria-labelledby="sqs-popup-overlay-headline"/);
  t.match(html, /<h2 class="sqs-popup-overlay__headline" id="sqs-popup-overlay-headline">Join the letter<\/h2>/);
  t.match(html, `data-captcha-action="${PROMO_POPUP_CAPTCHA_ACTION}"`, "the captcha's action");
  t.match(html, /class="captcha-container[^"]*" data-sitekey="site-key"/);
  t.notMatch(popupHtml(), 'captcha-container', 'no captcha without a site key');
  t.notMatch(html, /data-form-id=/, 'not marked as a form block, which another island would take');
});

t.test('a first visit: shown, focus in the dialog, the version remembered', async (t) => {
  const env = await page(t);
  t.equal(popup(env).hidden, false, 'shown after the delay');
  t.ok(dialog(env).contains(env.document.activeElement), 'focus moved in');
  t.equal(env.document.activeElement?.getAttribute('aria-label'), 'Close', 'on its first control');
  t.equal(stored(env, POPUP_STORAGE_KEYS.version), '2');
  t.equal(stored(env, POPUP_STORAGE_KEYS.dateClosed), null);
});

t.test('Escape closes it, remembers when, and gives focus back', async (t) => {
  const env = await page(t);
  const before = Date.now();
  t.equal(await press(env, 'Escape'), true, 'the key is taken');
  t.equal(popup(env).hidden, true);
  t.ok(Number(stored(env, POPUP_STORAGE_KEYS.dateClosed)) >= before, 'date-closed is the time it was closed');
  t.equal(env.document.activeElement?.id, 'elsewhere', 'focus back where it was');
});

t.test('the close button and a click outside the panel close it; a click inside does not', async (t) => {
  const env = await page(t);
  await act(async () => dialog(env).querySelector<HTMLElement>('.sqs-popup-overlay__body')!.click());
  t.equal(popup(env).hidden, false, 'inside: still open');
  await act(async () => popup(env).click());
  t.equal(popup(env).hidden, true, 'the backdrop closes it');

  const again = await page(t);
  await act(async () => dialog(again).querySelector<HTMLElement>('[data-popup-close]')!.click());
  t.equal(popup(again).hidden, true, 'the close button closes it');
});

t.test('Tab and Shift+Tab wrap inside the dialog', async (t) => {
  const env = await page(t);
  const controls = Array.from(dialog(env).querySelectorAll<HTMLElement>('button, input'));
  controls.at(-1)!.focus();
  t.equal(await press(env, 'Tab'), true);
  t.equal(env.document.activeElement, controls[0], 'from the last to the first');
  t.equal(await press(env, 'Tab', true), true);
  t.equal(env.document.activeElement, controls.at(-1), 'from the first back to the last');
});

t.test('date-closed keeps it away for the given days, then it shows again', async (t) => {
  const recent = await page(t, { version: '2', 'date-closed': String(Date.now() - 2 * DAY_MS) }, undefined, false);
  t.equal(popup(recent).hidden, true, 'closed two days ago, seven to wait: hidden');
  t.equal(recent.document.activeElement?.id, 'elsewhere', 'focus left alone');
  const old = await page(t, { version: '2', 'date-closed': String(Date.now() - 8 * DAY_MS) });
  t.equal(popup(old).hidden, false, 'closed eight days ago: shown');
});

t.test('submitted: never again for this version; a higher version shows it and forgets the old answers', async (t) => {
  const same = await page(t, { version: '2', submitted: 'true' }, undefined, false);
  t.equal(popup(same).hidden, true, 'signed up to version 2: hidden');
  const newer = await page(t, { version: '1', submitted: 'true', 'date-closed': String(Date.now()) });
  t.equal(popup(newer).hidden, false, 'version 2 is newer than the one seen: shown');
  t.equal(stored(newer, POPUP_STORAGE_KEYS.version), '2');
  t.equal(stored(newer, POPUP_STORAGE_KEYS.submitted), null, 'submitted forgotten');
  t.equal(stored(newer, POPUP_STORAGE_KEYS.dateClosed), null, 'date-closed forgotten');
});

t.test('a sign-up: checked, sent through the form calls, then submitted is remembered', async (t) => {
  const env = await page(t);
  const form = dialog(env).querySelector<HTMLFormElement>('form')!;
  const email = form.querySelector<HTMLInputElement>('input[type="email"]')!;
  const submit = async () => {
    await act(async () => {
      form.dispatchEvent(new env.window.Event('submit', { bubbles: true, cancelable: true }) as unknown as Event);
    });
    await settle(10);
  };
  email.value = 'nope';
  await submit();
  t.equal(env.calls.length, 0, 'nothing sent');
  t.equal(email.getAttribute('aria-invalid'), 'true');
  t.equal(env.document.activeElement, email, 'focus on the field');

  env.replies.push({ status: 200, body: { data: { valid: true } } }, { status: 200, body: { data: { key: 'k1' } } });
  env.replies.push({ status: 200, body: { data: { id: 's1' } } });
  email.value = 'ada@example.com';
  await submit();
  t.same(
    env.calls.map((call) => call.url),
    ['/api/rest/forms/validate/form-letter', '/api/form/FormSubmissionKey', '/api/form/SaveFormSubmission'],
  );
  t.match(env.calls[2]?.body, {
    key: 'k1',
    formId: 'form-letter',
    form: JSON.stringify({ 'field-email': 'ada@example.com' }),
  });
  t.equal(stored(env, POPUP_STORAGE_KEYS.submitted), 'true');
  const done = dialog(env).querySelector<HTMLElement>('.form-submitted')!;
  t.match(done.textContent, "You're on the list.");
  t.equal(env.document.activeElement, done, 'focus on the success text');
  t.equal(popup(env).hidden, false, 'still open to read it');
});

t.test('a failed sign-up shows the message and can be sent again', async (t) => {
  const env = await page(t);
  const form = dialog(env).querySelector<HTMLFormElement>('form')!;
  form.querySelector<HTMLInputElement>('input[type="email"]')!.value = 'ada@example.com';
  env.replies.push({ status: 500, body: { error: { code: 'x', message: 'Broken' } } });
  await act(async () => {
    form.dispatchEvent(new env.window.Event('submit', { bubbles: true, cancelable: true }) as unknown as Event);
  });
  await settle(10);
  t.not(form.querySelector('.form-status')?.textContent, '', 'a message in the status');
  t.equal(form.querySelector<HTMLButtonElement>('.form-submit')?.disabled, false, 'the button unlocked');
  t.equal(stored(env, POPUP_STORAGE_KEYS.submitted), null);
});
