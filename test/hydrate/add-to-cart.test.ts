import { act } from 'react';
import t from 'tap';
import { cartWith, createDomEnv, type DomEnv, settle } from './dom-env.ts';

// Short for speed, but long enough that a busy machine (three test files at once on two cores) does not
// outrun a step: at 40 ms, one stall between the click and the check saw "Added!" where "Adding…" was due.
const TIMINGS = { addedDelayMs: 250, addedHoldMs: 500, errorResetMs: 250 };
const VARIANTS = [
  { sku: 'MUG-S-BLUE', unlimited: false, qtyInStock: 5, attributes: { Size: 'Small', Color: 'Blue' } },
  { sku: 'MUG-L-BLUE', unlimited: false, qtyInStock: 0, attributes: { Size: 'Large', Color: 'Blue' } },
  { sku: 'MUG-S-RED', unlimited: true, qtyInStock: 0, attributes: { Size: 'Small', Color: 'Red' } },
];
const attr = (value: unknown) => JSON.stringify(value).replaceAll('"', '&quot;');

function productHtml(options: { variants?: boolean; productType?: number; buttonAttributes?: string } = {}) {
  const variants =
    options.variants === false
      ? ''
      : `<div class="product-variants" data-item-id="item1" data-variants="${attr(VARIANTS)}">
  <div class="variant-option"><select aria-label="Select Size" data-variant-option-name="Size"><option value="">Select Size</option><option value="Small">Small</option><option value="Large">Large</option></select>
    <div class="variant-radiobtn-wrapper" data-variant-option-name="Size"><input type="radio" class="variant-radiobtn" value="Small" name="variant-option-Size"/><input type="radio" class="variant-radiobtn" value="Large" name="variant-option-Size"/></div></div>
  <div class="variant-option"><select aria-label="Select Color" data-variant-option-name="Color"><option value="">Select Color</option><option value="Blue">Blue</option><option value="Red">Red</option></select></div>
</div>`;
  return `<article class="product" data-item-id="item1"><div class="product__purchase">${variants}
<div class="product-quantity-input" data-item-id="item1"><input aria-label="Quantity" type="number" value="1"></div>
<div class="sqs-add-to-cart-button-wrapper" data-animation-role="button"><div class="sqs-add-to-cart-button sqs-editable-button" role="button" tabindex="0" data-dynamic-strings data-collection-id="col1" data-item-id="item1" data-product-type="${options.productType ?? 1}" data-use-custom-label="false" ${options.buttonAttributes ?? ''} data-original-label="Add To Cart"><div class="sqs-add-to-cart-button-inner">Add To Cart</div></div></div>
</div></article>`;
}

const button = (env: DomEnv) => env.document.querySelector<HTMLElement>('.sqs-add-to-cart-button')!;
const label = (env: DomEnv) => button(env).textContent;
const alert = (env: DomEnv) => env.document.querySelector<HTMLElement>('[role="alert"]');
const click = (env: DomEnv) => act(async () => button(env).click());
const choose = (env: DomEnv, option: string, value: string) => {
  const select = env.document.querySelector<HTMLSelectElement>(`select[data-variant-option-name="${option}"]`)!;
  select.value = value;
};

async function setup(t: Test, html = productHtml(), navigations: string[] = []) {
  const env = await createDomEnv(html);
  t.teardown(() => env.close());
  await env.mount({ timings: TIMINGS, navigate: (url) => navigations.push(url) });
  return env;
}

type Test = Parameters<
  Parameters<typeof t.test>[0] extends infer F ? (F extends (t: infer T) => unknown ? (t: T) => void : never) : never
>[0];

t.test('validation messages come before any request', async (t) => {
  const env = await setup(t);
  const posts = () => env.calls.filter((c) => c.method === 'POST').length;

  await click(env);
  t.equal(alert(env)?.querySelector('.sqs-add-to-cart-alert__title')?.textContent, 'Unable to Add Item');
  t.equal(
    alert(env)?.querySelector('.sqs-add-to-cart-alert__message')?.textContent,
    'Please select the Size and Color options.',
  );
  t.equal(label(env), 'Add To Cart', 'stays idle');

  choose(env, 'Size', 'Small');
  await click(env);
  t.equal(alert(env)?.querySelector('.sqs-add-to-cart-alert__message')?.textContent, 'Please select the Color option.');

  choose(env, 'Size', 'Large');
  choose(env, 'Color', 'Blue');
  await click(env);
  t.equal(
    alert(env)?.querySelector('.sqs-add-to-cart-alert__message')?.textContent,
    'Sorry, we do not have enough of that item available.',
  );

  choose(env, 'Size', 'Small');
  env.document.querySelector<HTMLInputElement>('.product-quantity-input input')!.value = '1.5';
  await click(env);
  t.equal(
    alert(env)?.querySelector('.sqs-add-to-cart-alert__message')?.textContent,
    'Quantity must be a whole number.',
  );
  env.document.querySelector<HTMLInputElement>('.product-quantity-input input')!.value = 'x';
  await click(env);
  t.equal(alert(env)?.querySelector('.sqs-add-to-cart-alert__message')?.textContent, 'Quantity must be a number.');
  t.equal(posts(), 0);

  await act(async () => alert(env)!.querySelector('button')!.click());
  t.equal(alert(env), null, 'the alert can be dismissed');
});

t.test('a radio choice counts as selected; gift cards ask for a denomination', async (t) => {
  const env = await setup(t, productHtml({ productType: 4 }));
  await click(env);
  t.equal(
    alert(env)?.querySelector('.sqs-add-to-cart-alert__message')?.textContent,
    'Select a denomination for the Gift Card',
  );
  env.document.querySelector<HTMLInputElement>('input[type="radio"][value="Large"]')!.checked = true;
  choose(env, 'Color', 'Red');
  await click(env);
  t.equal(
    alert(env)?.querySelector('.sqs-add-to-cart-alert__message')?.textContent,
    'Sorry, that item variant is unavailable. Please select another variant.',
  );
});

t.test('success: Adding… → Added! about 1 s later → idle 2 s later, and cart:updated', async (t) => {
  const env = await setup(t);
  const pill = env.document.querySelector<HTMLElement>('.sqs-cart-pill');
  t.equal(pill, null, 'no header cart on this page, so no pill');
  const events: unknown[] = [];
  env.window.addEventListener('cart:updated', (event) => events.push((event as unknown as CustomEvent).detail));

  choose(env, 'Size', 'Small');
  choose(env, 'Color', 'Red');
  env.document.querySelector<HTMLInputElement>('.product-quantity-input input')!.value = '2';
  let resolveFetch!: () => void;
  const gate = new Promise<void>((resolve) => {
    resolveFetch = resolve;
  });
  const realFetch = globalThis.fetch;
  globalThis.fetch = async (...args: Parameters<typeof fetch>) => {
    await gate;
    return realFetch(...args);
  };
  env.replies.push({ status: 200, body: { shoppingCart: cartWith(2), newlyAdded: {} } });
  await click(env);
  t.equal(label(env), 'Adding…');
  t.equal(button(env).getAttribute('aria-disabled'), 'true');
  await click(env);
  resolveFetch();
  await settle();
  t.equal(env.calls.length, 1, 'a second click while adding sends nothing');
  const call = env.calls[0]!;
  t.equal(call.url, '/api/commerce/shopping-cart/entries');
  t.equal(call.method, 'POST');
  t.equal(call.headers['X-CSRF-Token'], '0123456789abcdef0123456789abcdef', 'echoes the crumb');
  t.same(call.body, { itemId: 'item1', sku: 'MUG-S-RED', quantity: 2, additionalFields: null });
  t.same(events, [cartWith(2)], 'announces the new cart');
  t.equal(label(env), 'Adding…', 'still adding right after success');

  await settle(TIMINGS.addedDelayMs + 10);
  t.equal(label(env), 'Added!');
  await settle(TIMINGS.addedHoldMs + 10);
  t.equal(label(env), 'Add To Cart');
  t.equal(button(env).getAttribute('aria-disabled'), null);
  t.equal(button(env).dataset.itemId, 'item1', 'keeps the server data attributes');
  t.equal(alert(env), null);
});

t.test('server errors: 429 wording, server messages, idle 1 s later', async (t) => {
  const env = await setup(t, productHtml({ variants: false }));
  env.replies.push({ status: 429, body: { error: { code: 'rate-limited', message: 'Too many' } } });
  await click(env);
  await settle();
  t.equal(env.calls[0]!.body && (env.calls[0]!.body as { sku: unknown }).sku, null, 'no sku without variants');
  t.equal(alert(env)?.querySelector('.sqs-add-to-cart-alert__title')?.textContent, 'Unable to Add Item');
  t.equal(
    alert(env)?.querySelector('.sqs-add-to-cart-alert__message')?.textContent,
    'Please try again in a few seconds.',
  );
  t.equal(label(env), 'Adding…');
  await settle(TIMINGS.errorResetMs + 10);
  t.equal(label(env), 'Add To Cart', 'idle after the error delay');

  env.replies.push({
    status: 403,
    body: {
      error: { code: 'crumb-failed', message: 'Your session has expired. Please reload the page and try again.' },
    },
  });
  await click(env);
  await settle();
  t.equal(
    alert(env)?.querySelector('.sqs-add-to-cart-alert__message')?.textContent,
    'Your session has expired. Please reload the page and try again.',
  );
  await settle(TIMINGS.errorResetMs + 10);

  env.replies.push(new TypeError('offline'));
  await click(env);
  await settle();
  t.equal(
    alert(env)?.querySelector('.sqs-add-to-cart-alert__message')?.textContent,
    'Please check your internet connection.',
  );
});

const alertTitle = (env: DomEnv) => alert(env)?.querySelector('.sqs-add-to-cart-alert__title')?.textContent;

t.test('a subscription gets a cart of its own and goes to checkout with its token', async (t) => {
  const navigations: string[] = [];
  const env = await setup(
    t,
    productHtml({ variants: false, buttonAttributes: 'data-is-subscription="true"' }),
    navigations,
  );
  env.replies.push({ status: 200, body: { cartToken: 'abc123' } });
  await click(env);
  await settle();
  t.equal(env.calls[0]!.url, '/api/3/commerce/cart/subscription');
  t.same(
    env.calls[0]!.body,
    { itemId: 'item1', sku: null, qty: 1, additionalFields: null },
    'qty, as the call names it',
  );
  t.same(navigations, ['/checkout?cartToken=abc123']);
  t.equal(label(env), 'Adding…', 'stays busy while the checkout loads');

  const failing = await setup(t, productHtml({ variants: false, buttonAttributes: 'data-is-subscription="true"' }));
  failing.replies.push({ status: 400, body: { error: { code: 'not-subscribable', message: 'Not subscribable' } } });
  await click(failing);
  await settle();
  t.equal(alertTitle(failing), 'Unable to Purchase Item');
});

t.test('express checkout and gift cards go to checkout after the add', async (t) => {
  const navigations: string[] = [];
  const env = await setup(
    t,
    productHtml({ variants: false, buttonAttributes: 'data-express-checkout="true"' }),
    navigations,
  );
  env.replies.push({ status: 200, body: { shoppingCart: cartWith(1), newlyAdded: {} } });
  await click(env);
  await settle();
  t.equal(env.calls[0]!.url, '/api/commerce/shopping-cart/entries');
  t.same(navigations, ['/checkout']);

  const giftNavigations: string[] = [];
  const gift = await setup(t, productHtml({ productType: 4 }), giftNavigations);
  await click(gift);
  t.equal(alertTitle(gift), 'Unable to purchase Gift Card', 'the gift card title, for a missing denomination too');
  choose(gift, 'Size', 'Small');
  choose(gift, 'Color', 'Red');
  gift.replies.push({ status: 409, body: { error: { code: 'insufficient-stock', message: 'Sold out' } } });
  await click(gift);
  await settle();
  t.equal(alertTitle(gift), 'Unable to purchase Gift Card');
  t.same(giftNavigations, [], 'a failed purchase stays on the page');
  await settle(TIMINGS.errorResetMs + 10);
  gift.replies.push({ status: 200, body: { shoppingCart: cartWith(1), newlyAdded: {} } });
  await click(gift);
  await settle();
  t.same(giftNavigations, ['/checkout']);
});
