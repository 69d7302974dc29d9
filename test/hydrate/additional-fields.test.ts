import { act } from 'react';
import t from 'tap';
import type { Form } from '../../api/db/schema.ts';
import { checkAdditionalFields, FIELD_REQUIRED_MESSAGE } from '../../hydrate/additional-fields-form.tsx';
import { renderFormFields } from '../../renderer/page-blocks/index.ts';
import { cartWith, createDomEnv, type DomEnv, settle } from './dom-env.ts';

// Short for speed, but long enough that a busy machine (three test files at once on two cores) does not
// outrun a step: at 40 ms, one stall between the click and the check saw "Added!" where "Adding…" was due.
const TIMINGS = { addedDelayMs: 250, addedHoldMs: 500, errorResetMs: 250 };

/** The demo's engraving form (api/seed/demo-forms.ts): an optional text field and a required radio group. */
const ENGRAVING = {
  id: 'form1',
  name: 'Engraving',
  fields: [
    {
      id: 'text1',
      type: 'text',
      title: 'Engraving text',
      description: 'Up to 20 letters.',
      placeholder: 'e.g. First Pour',
      required: false,
    },
    {
      id: 'face1',
      type: 'radio',
      title: 'Lettering',
      options: ['Serif capitals', 'Handwritten script'],
      required: true,
    },
  ],
  disclaimerMessage: 'Engraved scoops are made to order and cannot be returned.',
};

const attr = (value: unknown) => JSON.stringify(value).replaceAll('"', '&quot;');

/** The fields exactly as the product page prints them (renderer/page-blocks/form-fields-html.ts). */
const fieldsHtml = (form: { id: string; fields: unknown[] }) =>
  renderFormFields(form as unknown as Form, { domId: 'additional-fields-item1' }).html;

/** A product page's purchase area with a `.use-form` button, as templates/default/collections/products.item prints it. */
function productHtml(options: { template?: boolean; variants?: boolean } = {}) {
  const variants = options.variants
    ? `<div class="product-variants" data-item-id="item1" data-variants="${attr([
        { sku: 'SCOOP-S', unlimited: true, attributes: { Size: 'Small' } },
      ])}"><div class="variant-option"><select data-variant-option-name="Size"><option value="">Select Size</option><option value="Small">Small</option></select></div></div>`
    : '';
  const template =
    options.template === false
      ? ''
      : `<template data-additional-fields-form data-item-id="item1">${fieldsHtml(ENGRAVING)}</template>`;
  return `<main><article class="product" data-item-id="item1"><div class="product__purchase">${variants}
<div class="product-quantity-input" data-item-id="item1"><input aria-label="Quantity" type="number" value="2"></div>
<div class="sqs-add-to-cart-button-wrapper" data-animation-role="button"><div class="sqs-add-to-cart-button sqs-editable-button use-form" role="button" tabindex="0" data-dynamic-strings data-collection-id="col1" data-item-id="item1" data-product-type="1" data-use-custom-label="false" data-original-label="Add To Cart" data-form="${attr(ENGRAVING)}"><div class="sqs-add-to-cart-button-inner">Add To Cart</div></div></div>
${template}</div></article></main>`;
}

interface Test {
  teardown(fn: () => unknown): void;
}

/** The island reads values with FormData, which has to be the document's own. */
async function setup(t: Test, html = productHtml()): Promise<DomEnv> {
  const env = await createDomEnv(html);
  const saved = Object.getOwnPropertyDescriptor(globalThis, 'FormData');
  Object.defineProperty(globalThis, 'FormData', { value: env.window.FormData, configurable: true, writable: true });
  t.teardown(async () => {
    await env.close();
    if (saved) Object.defineProperty(globalThis, 'FormData', saved);
  });
  await env.mount({ timings: TIMINGS });
  return env;
}

const button = (env: DomEnv) => env.document.querySelector<HTMLElement>('.sqs-add-to-cart-button')!;
const dialog = (env: DomEnv) => env.document.querySelector<HTMLElement>('[role="dialog"]');
const alertMessage = (env: DomEnv) =>
  env.document.querySelector('[role="alert"] .sqs-add-to-cart-alert__message')?.textContent;
const alertTitle = (env: DomEnv) =>
  env.document.querySelector('[role="alert"] .sqs-add-to-cart-alert__title')?.textContent;
const active = (env: DomEnv) => env.document.activeElement;
const control = (env: DomEnv, id: string) => env.document.getElementById(id) as HTMLInputElement;
const TEXT_ID = 'additional-fields-item1-text1';
const SERIF_ID = 'additional-fields-item1-face1-0';

async function open(env: DomEnv): Promise<HTMLElement> {
  button(env).focus();
  await act(async () => button(env).click());
  return dialog(env)!;
}

async function submit(env: DomEnv): Promise<void> {
  const form = dialog(env)!.querySelector('form')!;
  await act(async () => {
    form.dispatchEvent(new env.window.Event('submit', { bubbles: true, cancelable: true }) as unknown as Event);
  });
}

t.test('activating a use-form button opens the form in the modal, focus on its first field', async (t) => {
  const env = await setup(t);
  const panel = await open(env);
  t.ok(panel, 'a dialog opens');
  t.equal(panel.getAttribute('aria-modal'), 'true');
  t.equal(panel.parentElement?.parentElement, env.document.body, 'in the body, over the page');
  t.equal(env.document.getElementById(panel.getAttribute('aria-labelledby')!)?.textContent, 'Engraving');
  t.ok(panel.querySelector('form[novalidate]'), 'the spec messages, not the browser bubbles');
  t.ok(panel.contains(control(env, TEXT_ID)), 'the server-rendered fields, from the template');
  t.equal(panel.querySelectorAll('input[type="radio"][name="face1"]').length, 2);
  t.equal(panel.querySelector('.form-disclaimer')?.textContent, ENGRAVING.disclaimerMessage);
  const submitButton = panel.querySelector<HTMLButtonElement>('button[type="submit"]')!;
  t.equal(submitButton.textContent, 'Add To Cart', "labelled like the product's button");
  t.equal(active(env), control(env, TEXT_ID), 'focus is inside, on the first field');
  t.equal(env.calls.length, 0, 'nothing is sent on opening');
  t.equal(
    env.document.querySelectorAll(`#${TEXT_ID}`).length,
    1,
    'the template stays inert: the only copy is in the dialog',
  );
});

t.test('a required field left empty shows Required in its slot and takes focus; nothing is sent', async (t) => {
  const env = await setup(t);
  const panel = await open(env);
  control(env, TEXT_ID).value = 'First Pour';
  await submit(env);
  t.ok(dialog(env), 'stays open');
  const radioField = panel.querySelector<HTMLElement>('[data-field-id="face1"]')!;
  const slot = radioField.querySelector<HTMLElement>('.field-error')!;
  t.equal(FIELD_REQUIRED_MESSAGE, 'Required', 'the spec wording (section 5)');
  t.equal(slot.textContent, 'Required');
  t.equal(slot.hidden, false);
  t.equal(radioField.getAttribute('aria-describedby'), slot.id, 'the group is described by its message');
  t.equal(control(env, SERIF_ID).getAttribute('aria-invalid'), 'true');
  const textSlot = panel.querySelector<HTMLElement>('[data-field-id="text1"] .field-error')!;
  t.equal(textSlot.textContent, '', 'an optional field has no message');
  t.equal(textSlot.hidden, true);
  t.equal(active(env), control(env, SERIF_ID), 'focus on the first invalid field');
  t.equal(env.calls.length, 0);

  control(env, SERIF_ID).checked = true;
  await act(async () => panel.querySelector<HTMLButtonElement>('button[type="submit"]')!.click());
  t.equal(dialog(env), null, 'once filled, the submit button sends it');
  await settle();
  t.equal(env.calls.length, 1);
});

t.test('submitting sends the values as a JSON string, closes, then Adding… → Added! → idle', async (t) => {
  const env = await setup(t);
  await open(env);
  control(env, TEXT_ID).value = 'First Pour';
  control(env, 'additional-fields-item1-face1-1').checked = true;
  env.replies.push({ status: 200, body: { shoppingCart: cartWith(2), newlyAdded: {} } });
  await submit(env);
  t.equal(dialog(env), null, 'the modal closes');
  t.equal(active(env), button(env), 'focus goes back to the add-to-cart button');
  await settle();
  t.equal(env.calls.length, 1);
  const call = env.calls[0]!;
  t.equal(call.url, '/api/commerce/shopping-cart/entries');
  t.equal(call.method, 'POST');
  const body = call.body as Record<string, unknown>;
  t.same({ ...body, additionalFields: undefined }, { itemId: 'item1', sku: null, quantity: 2 });
  t.type(body.additionalFields, 'string', 'spec section 7: a JSON string');
  t.same(JSON.parse(body.additionalFields as string), { text1: 'First Pour', face1: 'Handwritten script' });
  t.equal(button(env).textContent, 'Adding…');
  await settle(TIMINGS.addedDelayMs + 10);
  t.equal(button(env).textContent, 'Added!');
  await settle(TIMINGS.addedHoldMs + 10);
  t.equal(button(env).textContent, 'Add To Cart');
});

t.test('Escape cancels: nothing is sent, and the next opening starts afresh', async (t) => {
  const env = await setup(t);
  await open(env);
  control(env, TEXT_ID).value = 'Half typed';
  const event = new env.window.KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true });
  await act(async () => {
    active(env)!.dispatchEvent(event as unknown as Event);
  });
  t.equal(dialog(env), null, 'closed');
  t.equal(active(env), button(env), 'focus is back on the button');
  await settle(TIMINGS.addedDelayMs + 10);
  t.equal(env.calls.length, 0, 'nothing sent');
  t.equal(button(env).textContent, 'Add To Cart', 'still idle');

  await open(env);
  t.equal(control(env, TEXT_ID).value, '', 'a fresh copy of the fields');
  await act(async () => dialog(env)!.querySelector<HTMLButtonElement>('[aria-label="Close"]')!.click());
  t.equal(dialog(env), null, 'the close button cancels too');
  t.equal(env.calls.length, 0);
});

t.test('the purchase is checked before the form opens', async (t) => {
  const env = await setup(t, productHtml({ variants: true }));
  await open(env);
  t.equal(dialog(env), null, 'no form while an option is missing');
  t.equal(alertMessage(env), 'Please select the Size option.');
  env.document.querySelector<HTMLSelectElement>('select[data-variant-option-name="Size"]')!.value = 'Small';
  await open(env);
  t.ok(dialog(env), 'opens once the purchase is complete');
  t.equal(alertMessage(env), undefined, 'the old alert is gone');
  control(env, SERIF_ID).checked = true;
  await submit(env);
  await settle();
  t.equal((env.calls[0]!.body as { sku: unknown }).sku, 'SCOOP-S', 'the chosen variant goes with the fields');
});

t.test('without its template the form cannot open: the add-to-cart alert says so', async (t) => {
  const env = await setup(t, productHtml({ template: false }));
  await open(env);
  t.equal(dialog(env), null);
  t.equal(alertTitle(env), 'Unable to Add Item');
  t.equal(alertMessage(env), 'Unable to open form');
  t.equal(env.calls.length, 0, 'and nothing is added without the fields');
});

t.test('unreadable form JSON is reported the same way', async (t) => {
  const env = await setup(t, productHtml().replace(/data-form="[^"]*"/, 'data-form="{not json"'));
  await open(env);
  t.equal(dialog(env), null);
  t.equal(alertMessage(env), 'Unable to open form');
});

t.test('values take the submission shapes: lists for parts and checkboxes, likert by statement', async (t) => {
  const form = {
    id: 'form2',
    fields: [
      { id: 'who', type: 'name', title: 'Name', required: true },
      { id: 'gifts', type: 'checkbox', title: 'Gift wrap', options: ['Box', 'Ribbon', 'Card'], required: true },
      { id: 'part', type: 'section', title: 'More' },
      { id: 'tel', type: 'phone', title: 'Phone', required: false },
      { id: 'size', type: 'select', title: 'Size', options: ['S', 'L'], required: false },
      { id: 'how', type: 'likert', title: 'How', options: ['Tasty', 'Fast'] },
      { id: 'src', type: 'hidden', title: 'src', key: 'src', value: 'product' },
    ],
  };
  const env = await setup(t, `<form novalidate>${fieldsHtml(form)}</form>`);
  const element = env.document.querySelector('form')!;
  const byId = (id: string) => env.document.getElementById(`additional-fields-item1-${id}`) as HTMLInputElement;

  t.equal(checkAdditionalFields(element), null, 'empty required fields stop it');
  const messages = Array.from(element.querySelectorAll('.field-error'), (slot) => slot.textContent);
  t.same(messages, ['Required', 'Required', '', '', ''], 'name and the checkbox group are required');
  t.equal(active(env), byId('who-first'), 'focus on the first part of the first invalid field');

  byId('who-first').value = 'Ada';
  byId('who-last').value = 'Lovelace';
  byId('gifts-0').checked = true;
  byId('gifts-2').checked = true;
  byId('tel-area').value = '207';
  byId('size').value = 'L';
  byId('how-1-4').checked = true;
  t.same(checkAdditionalFields(element), {
    who: ['Ada', 'Lovelace'],
    gifts: ['Box', 'Card'],
    tel: ['', '207', '', ''],
    size: 'L',
    how: { Tasty: '', Fast: '2' },
    src: 'product',
  });
  t.same(
    Array.from(element.querySelectorAll('.field-error'), (slot) => slot.textContent),
    ['', '', '', '', ''],
    'messages clear once fixed',
  );
  t.equal(element.querySelector('[aria-invalid]'), null);
});
