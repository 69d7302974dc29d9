import { mock } from 'node:test';
import { act } from 'react';
import t from 'tap';
import { INSTALLMENT_PILL_ISLAND } from '../../hydrate/islands/installment-pill.tsx';
import { CONFIRM_MODAL_TEXT, type ConfirmModalResult, confirmModal } from '../../hydrate/modal/confirm-modal.tsx';
import { MODAL_RESIZE_DEBOUNCE_MS, VIEWPORT_HEIGHT_PROPERTY } from '../../hydrate/modal/modal-dialog.tsx';
import { createDomEnv, type DomEnv } from './dom-env.ts';

const CONTEXT = JSON.stringify({
  afterPayAvailable: true,
  afterPayMin: '100',
  afterPayMax: '200000',
  shopperLanguage: 'en-US',
  stripeAccountCountry: 'US',
}).replaceAll('"', '&quot;');

/** A product page's installment slot (templates/default/collections/products.item) and a button elsewhere on the page. */
const PAGE = `<main><button type="button" id="elsewhere">Elsewhere</button><div class="product__installments" data-installment-message data-item-id="item1" data-product-type="1" data-price-cents="2400" data-currency="USD" data-installment-context="${CONTEXT}"></div></main>`;

async function openPage(t: { teardown(fn: () => Promise<void>): void }, html = PAGE): Promise<DomEnv> {
  const env = await createDomEnv(html);
  t.teardown(() => env.close());
  await env.mount({
    registry: { recordTypes: {}, blockTypes: {}, named: { 'installment-pill': INSTALLMENT_PILL_ISLAND } },
  });
  return env;
}

const dialog = (env: DomEnv, role = 'dialog') => env.document.querySelector<HTMLElement>(`[role="${role}"]`);
const infoButton = (env: DomEnv) => env.document.querySelector<HTMLButtonElement>('.installment-pill__info')!;
const closeButton = (env: DomEnv) => env.document.querySelector<HTMLButtonElement>('[aria-label="Close"]')!;
const backdrop = (env: DomEnv) => env.document.querySelector<HTMLElement>('.modal-backdrop')!;
const active = (env: DomEnv) => env.document.activeElement;
const click = (element: HTMLElement) => act(async () => element.click());
const buttonNamed = (env: DomEnv, text: string) =>
  Array.from(env.document.querySelectorAll<HTMLButtonElement>('button')).find((b) => b.textContent === text)!;

/** Presses a key on the focused element; true when the dialog took the key (default prevented). */
async function press(env: DomEnv, key: string, shiftKey = false): Promise<boolean> {
  const event = new env.window.KeyboardEvent('keydown', { key, shiftKey, bubbles: true, cancelable: true });
  await act(async () => {
    (active(env) ?? env.document.body).dispatchEvent(event as unknown as Event);
  });
  return event.defaultPrevented;
}

async function openInfo(env: DomEnv): Promise<HTMLElement> {
  infoButton(env).focus();
  await click(infoButton(env));
  return dialog(env)!;
}

t.test('the info modal: labelled, modal, in the body, with focus inside', async (t) => {
  const env = await openPage(t);
  const panel = await openInfo(env);
  t.ok(panel, 'opens on the info button');
  t.equal(panel.getAttribute('aria-modal'), 'true');
  const title = env.document.getElementById(panel.getAttribute('aria-labelledby')!);
  t.equal(title?.textContent, 'Pay in 4 with Afterpay', 'labelled by its title');
  t.ok(panel.contains(title), 'the title is in the dialog');
  t.equal(backdrop(env).parentElement, env.document.body, 'rendered into document.body');
  t.notOk(env.document.querySelector('[data-installment-message]')!.contains(panel), 'not inside the slot');
  t.ok(panel.contains(active(env)), 'focus moved into the dialog');
  t.equal(active(env), closeButton(env), 'onto its first control');
  t.match(panel.textContent, /4 interest-free payments/);
  t.match(panel.textContent, /orders over \$1\.00 and up to \$2,000\.00/, 'the in-range limits');
  t.equal(env.calls.length, 0, 'no request: the content is local');
});

t.test('Tab and Shift+Tab stay in a dialog with one control', async (t) => {
  const env = await openPage(t);
  await openInfo(env);
  t.equal(await press(env, 'Tab'), true);
  t.equal(active(env), closeButton(env));
  t.equal(await press(env, 'Tab', true), true);
  t.equal(active(env), closeButton(env));
});

t.test('Escape closes and gives focus back to the info button', async (t) => {
  const env = await openPage(t);
  await openInfo(env);
  t.equal(await press(env, 'Escape'), true);
  t.equal(dialog(env), null, 'closed');
  t.equal(active(env), infoButton(env), 'focus is back on the opener');
  t.equal(await press(env, 'Escape'), false, 'a closed dialog takes no keys');
  await openInfo(env);
  t.ok(dialog(env), 'opens again');
});

t.test('a backdrop click closes; clicks inside the panel do not', async (t) => {
  const env = await openPage(t);
  const panel = await openInfo(env);
  await click(panel.querySelector('p')!);
  t.ok(dialog(env), 'a click on the text keeps it open');
  await click(panel);
  t.ok(dialog(env), 'a click on the panel keeps it open');

  // A text selection that starts in the panel and ends over the backdrop.
  await act(async () => {
    panel
      .querySelector('p')!
      .dispatchEvent(new env.window.MouseEvent('mousedown', { bubbles: true }) as unknown as Event);
  });
  await click(backdrop(env));
  t.ok(dialog(env), 'a drag out of the panel is not an outside click');

  await click(backdrop(env));
  t.equal(dialog(env), null, 'an outside click closes it');
  t.equal(active(env), infoButton(env), 'focus is back on the opener');
});

t.test('the close button closes', async (t) => {
  const env = await openPage(t);
  await openInfo(env);
  t.equal(closeButton(env).textContent, '×');
  t.equal(closeButton(env).getAttribute('type'), 'button');
  await click(closeButton(env));
  t.equal(dialog(env), null);
  t.equal(active(env), infoButton(env));
});

t.test('focus that wanders out is brought back', async (t) => {
  const env = await openPage(t);
  await openInfo(env);
  await act(async () => env.document.getElementById('elsewhere')!.focus());
  t.ok(dialog(env)!.contains(active(env)));
});

t.test('the panel fits the window again 100 ms after the last resize', async (t) => {
  t.equal(MODAL_RESIZE_DEBOUNCE_MS, 100, 'the spec value');
  const env = await openPage(t);
  let height = 700;
  let reads = 0;
  Object.defineProperty(env.window, 'innerHeight', {
    configurable: true,
    get: () => {
      reads += 1;
      return height;
    },
  });
  const panel = await openInfo(env);
  const fitted = () => panel.style.getPropertyValue(VIEWPORT_HEIGHT_PROPERTY);
  t.equal(fitted(), '700px', 'sized on open');
  t.equal(reads, 1);

  // A clock the test moves: on a busy machine 50 ms of real waiting was sometimes over 100.
  mock.timers.enable({ apis: ['setTimeout'] });
  t.teardown(() => mock.timers.reset());
  const advance = (ms: number) =>
    act(async () => {
      mock.timers.tick(ms);
    });
  height = 500;
  const resize = () => env.window.dispatchEvent(new env.window.Event('resize'));
  resize();
  resize();
  resize();
  await advance(50);
  resize();
  await advance(99);
  t.equal(reads, 1, 'nothing recomputed while resizes keep coming');
  t.equal(fitted(), '700px');
  await advance(1);
  t.equal(reads, 2, 'one recompute for the burst, 100 ms after its last resize');
  t.equal(fitted(), '500px');

  height = 400;
  resize();
  await click(closeButton(env));
  await advance(MODAL_RESIZE_DEBOUNCE_MS + 20);
  t.equal(reads, 2, 'a closed dialog stops listening');
});

// ------------------------------------------------------------------ confirm modal

/** Opens a confirm modal; the answer comes boxed, since awaiting a promise of it would wait for the answer. */
async function ask(options: Parameters<typeof confirmModal>[0]): Promise<{ answer: ConfirmModalResult }> {
  let answer!: ConfirmModalResult;
  await act(async () => {
    answer = confirmModal(options);
  });
  return { answer };
}

/**
 * The answer if it has come, undefined while the dialog is still open. The
 * dialog answers inside its event handlers, which act() has run by the time a
 * click or key press returns, so no waiting is needed: of two promises given to
 * race(), an already settled answer wins over the marker queued after it.
 */
async function outcome(answer: Promise<boolean>): Promise<boolean | undefined> {
  const open = Symbol('open');
  const first = await Promise.race([answer, Promise.resolve(open)]);
  return first === open ? undefined : first;
}

const REMOVE = { title: 'Remove item', message: 'Remove the stoneware mug from your cart?' };

t.test('confirm: an alert dialog with the safe answer focused; confirm resolves true and closes', async (t) => {
  const env = await openPage(t);
  const opener = env.document.getElementById('elsewhere')!;
  opener.focus();
  const { answer } = await ask({ ...REMOVE, confirmText: 'Remove' });
  const panel = dialog(env, 'alertdialog')!;
  t.ok(panel, 'opens at once');
  t.equal(panel.getAttribute('aria-modal'), 'true');
  t.equal(env.document.getElementById(panel.getAttribute('aria-labelledby')!)?.textContent, 'Remove item');
  t.equal(env.document.getElementById(panel.getAttribute('aria-describedby')!)?.textContent, REMOVE.message);
  t.equal(active(env), buttonNamed(env, CONFIRM_MODAL_TEXT.cancel), 'Cancel has focus');

  // Close, Cancel, Remove: Tab wraps from the last to the first and back.
  t.equal(await press(env, 'Tab'), false, 'inside the list the browser moves focus');
  buttonNamed(env, 'Remove').focus();
  t.equal(await press(env, 'Tab'), true);
  t.equal(active(env), closeButton(env), 'Tab from the last control wraps to the first');
  t.equal(await press(env, 'Tab', true), true);
  t.equal(active(env), buttonNamed(env, 'Remove'), 'Shift+Tab from the first wraps to the last');

  await click(buttonNamed(env, 'Remove'));
  t.equal(await answer, true);
  t.equal(dialog(env, 'alertdialog'), null, 'closed by itself');
  t.equal(env.document.querySelector('[data-confirm-modal]'), null, 'its root is gone');
  t.equal(active(env), opener, 'focus is back where it was');
});

t.test('confirm: cancel, Escape, the backdrop and the close button resolve false', async (t) => {
  const env = await openPage(t);
  const ways: Record<string, () => Promise<unknown>> = {
    cancel: () => click(buttonNamed(env, 'Cancel')),
    Escape: () => press(env, 'Escape'),
    backdrop: () => click(backdrop(env)),
    'close button': () => click(closeButton(env)),
  };
  for (const [name, dismiss] of Object.entries(ways)) {
    const { answer } = await ask(REMOVE);
    await dismiss();
    t.equal(await answer, false, name);
    t.equal(dialog(env, 'alertdialog'), null, `${name}: closed`);
  }
});

t.test('confirm: not cancellable leaves only the confirm answer', async (t) => {
  const env = await openPage(t);
  const { answer } = await ask({ ...REMOVE, cancellable: false, confirmText: 'OK' });
  t.equal(env.document.querySelector('[aria-label="Close"]'), null, 'no close button');
  t.equal(buttonNamed(env, 'Cancel'), undefined, 'no cancel button');
  t.equal(active(env), buttonNamed(env, 'OK'));
  await press(env, 'Escape');
  await click(backdrop(env));
  t.equal(await outcome(answer), undefined, 'Escape and the backdrop do nothing');
  t.ok(dialog(env, 'alertdialog'));
  await click(buttonNamed(env, 'OK'));
  t.equal(await outcome(answer), true, 'an answer that has come is seen at once');
  t.equal(dialog(env, 'alertdialog'), null);
});

t.test('confirm: without autoClose it stays open after the answer until close()', async (t) => {
  const env = await openPage(t);
  const { answer } = await ask({ ...REMOVE, autoClose: false });
  await click(buttonNamed(env, 'Confirm'));
  t.equal(await answer, true);
  t.ok(dialog(env, 'alertdialog'), 'still open');
  await click(buttonNamed(env, 'Cancel'));
  t.equal(await answer, true, 'the first answer stands');
  await act(async () => answer.close());
  t.equal(dialog(env, 'alertdialog'), null, 'closed by its owner');

  const { answer: unanswered } = await ask(REMOVE);
  await act(async () => unanswered.close());
  t.equal(await unanswered, false, 'closed unanswered is a no');
});

t.test('confirm over the info modal: only the innermost dialog answers keys', async (t) => {
  const env = await openPage(t);
  await openInfo(env);
  const { answer } = await ask(REMOVE);
  await press(env, 'Escape');
  t.equal(await answer, false);
  t.ok(dialog(env), 'the info modal is still open');
  t.ok(dialog(env)!.contains(active(env)), 'and has focus back');
  await press(env, 'Escape');
  t.equal(dialog(env), null);
  t.equal(active(env), infoButton(env));
});
