import { act } from 'react';
import t from 'tap';
import { ISLANDS } from '../../hydrate/island-registry.ts';
import { createDomEnv, type DomEnv, settle, settleUntil } from './dom-env.ts';

const CART_PAGE_ISLAND = ISLANDS.named['cart-page']!;
// The island's code is a lazy chunk. Loaded here, React's import of it resolves at once;
// otherwise the first mount raced the file system, and on a busy machine lost to settle().
await import('../../hydrate/islands/cart-page.tsx');
const REGISTRY = { recordTypes: {}, blockTypes: {}, named: { 'cart-page': CART_PAGE_ISLAND } };
const MINIMUM = 'data-minimum-subtotal-cents="1000" data-minimum-subtotal-currency="USD"';

// The cart page as templates/default/pages/cart.page prints it.
function pageHtml(rootAttributes = MINIMUM) {
  return `<main><div class="container cart-page"><h1 class="page-title">Cart</h1>
<div id="sqs-cart-root" ${rootAttributes}></div>
<div class="cart-fallback"><div class="empty-state"><p>Your cart is empty.</p><p><a class="button" href="/">Continue shopping</a></p></div></div>
</div></main>`;
}

interface EntryOptions {
  quantity?: number;
  unit?: number;
  regular?: number;
  attributes?: Record<string, string>;
}

function entry(id: string, productName: string, options: EntryOptions = {}) {
  const quantity = options.quantity ?? 1;
  const unit = options.unit ?? 1900;
  return {
    id,
    itemId: `item-${id}`,
    variantId: `variant-${id}`,
    quantity,
    chosenVariant: { sku: `SKU-${id}`, attributes: options.attributes ?? {} },
    additionalFields: null,
    productType: 1,
    productName,
    fullUrl: `/shop/${id}`,
    currency: 'USD',
    unitPriceCents: String(unit),
    regularUnitPriceCents: String(options.regular ?? unit),
    onSale: options.regular !== undefined,
    lineTotalCents: String(unit * quantity),
    image: { id: `img-${id}`, assetUrl: `/content/demo/${id}.svg`, altText: productName, width: 800, height: 800 },
  };
}

type Entry = ReturnType<typeof entry>;

function cart(entries: Entry[], totals: { tax?: number; shipping?: number; discount?: number } = {}) {
  const subtotal = entries.reduce((sum, e) => sum + Number(e.lineTotalCents), 0);
  const { tax = 0, shipping = 0, discount = 0 } = totals;
  return {
    id: 'cart1',
    currency: 'USD',
    entries,
    subtotalCents: String(subtotal),
    taxCents: String(tax),
    shippingCostCents: String(shipping),
    discountCents: String(discount),
    grandTotalCents: String(subtotal + tax + shipping - discount),
    totalQuantity: entries.reduce((sum, e) => sum + e.quantity, 0),
  };
}

const BEANS = entry('beans', 'House Blend', { quantity: 2, attributes: { Size: '12 oz', Grind: 'Whole Bean' } });
const MUG = entry('mug', 'Stoneware Mug', { unit: 3200 });
const BOARD = entry('board', 'Walnut Board', { unit: 4200, regular: 5400 });
const NOTEBOOK = entry('notebook', "The Roaster's Notebook", { unit: 600 });

const q = <E extends Element = HTMLElement>(env: DomEnv, selector: string) => env.document.querySelector<E>(selector);
const root = (env: DomEnv) => q(env, '#sqs-cart-root')!;
const section = (env: DomEnv) => q(env, '.cart-page__cart')!;
const row = (env: DomEnv, id: string) => q(env, `[data-entry-id="${id}"]`)!;
const input = (env: DomEnv, id: string) => row(env, id).querySelector<HTMLInputElement>('input')!;
const button = (env: DomEnv, name: string) =>
  Array.from(env.document.querySelectorAll<HTMLButtonElement>('button')).find(
    (b) => b.getAttribute('aria-label') === name,
  )!;
const alertBox = (env: DomEnv) => q(env, '[role="alert"]');
const status = (env: DomEnv) => q(env, '.cart-page__cart [role="status"]')!.textContent;
const totals = (env: DomEnv) =>
  Object.fromEntries(
    Array.from(env.document.querySelectorAll('.cart-page__totals div')).map((d) => [
      d.querySelector('dt')!.textContent,
      d.querySelector('dd')!.textContent,
    ]),
  );
const minimumNotice = (env: DomEnv) => q(env, '.cart-page__minimum')?.textContent ?? null;

/**
 * Types into the field as a visitor would. React loaded before these globals
 * existed, so it watches for edits on keyup rather than on the input event:
 * both are sent, as a browser would.
 */
function type(field: HTMLInputElement, value: string) {
  field.focus();
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')!.set!;
  setter.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
  field.dispatchEvent(new KeyboardEvent('keyup', { key: value.slice(-1), bubbles: true }));
}
const change = (field: HTMLElement) =>
  act(async () => {
    field.dispatchEvent(new Event('change', { bubbles: true }));
  });
const blur = (field: HTMLElement) =>
  act(async () => {
    field.blur();
  });
/** Keys go to the focused element. */
const press = (field: HTMLElement, key: string) =>
  act(async () => {
    field.focus();
    field.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
  });
const click = (element: HTMLElement) =>
  act(async () => {
    element.focus();
    element.click();
  });

/** Holds every fetch until `open()`, to look at the page while a call is in flight. */
function holdFetches() {
  const real = globalThis.fetch;
  let open!: () => void;
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  globalThis.fetch = async (...args: Parameters<typeof fetch>) => {
    await gate;
    return real(...args);
  };
  return async () => {
    open();
    globalThis.fetch = real;
    await settle();
  };
}

async function setup(t: Tap, initial: unknown, html = pageHtml()) {
  const env = await createDomEnv(html);
  t.teardown(() => env.close());
  env.replies.push({ status: 200, body: initial });
  await env.mount({ registry: REGISTRY });
  const announced: unknown[] = [];
  env.window.addEventListener('cart:updated', (event) => announced.push((event as unknown as CustomEvent).detail));
  return { env, announced };
}

type Tap = Parameters<
  Parameters<typeof t.test>[0] extends infer F ? (F extends (t: infer T) => unknown ? (t: T) => void : never) : never
>[0];

t.test('the island entry: the fixed root, kept empty by the template, filled by the island', async (t) => {
  t.equal(CART_PAGE_ISLAND.selector, '#sqs-cart-root');
  t.equal(CART_PAGE_ISLAND.container, undefined, 'renders into the root itself');
  const { env } = await setup(t, cart([MUG]));
  t.equal(env.calls[0]!.url, '/api/commerce/shopping-cart', 'loads the cart');
  t.ok(root(env).hasAttribute('data-island-mounted'));
  await settleUntil(() => root(env).firstElementChild);
  t.ok(root(env).firstElementChild, 'the root is no longer empty, so CSS hides the fallback');
  t.equal(q(env, '.cart-fallback + #sqs-cart-root'), null, 'the fallback still follows the root');
});

t.test('loading, then the loaded list with prices, variant and totals', async (t) => {
  const env = await createDomEnv(pageHtml());
  t.teardown(() => env.close());
  const release = holdFetches();
  env.replies.push({ status: 200, body: cart([BEANS, MUG, BOARD]) });
  await env.mount({ registry: REGISTRY });

  t.equal(section(env).dataset.state, 'loading');
  t.equal(q(env, '.cart-page__loading')!.textContent, 'Loading your cart…');
  t.equal(q(env, '.cart-page__loading')!.getAttribute('aria-busy'), 'true');
  t.equal(section(env).getAttribute('aria-label'), 'Shopping cart', 'a labelled region');

  await release();
  t.equal(section(env).dataset.state, 'loaded');
  t.equal(q(env, '.cart-page__loading'), null);
  const list = q(env, 'ul.cart-page__list')!;
  t.equal(list.getAttribute('aria-label'), 'Items in your cart');
  t.equal(list.querySelectorAll('li').length, 3);
  t.equal(q(env, '.cart-page__layout')!.getAttribute('aria-busy'), null, 'not busy');

  const beans = row(env, 'beans');
  const link = beans.querySelector<HTMLAnchorElement>('.cart-page__name a')!;
  t.equal(link.textContent, 'House Blend');
  t.equal(link.getAttribute('href'), '/shop/beans');
  t.equal(beans.querySelector('.cart-page__variant')!.textContent, 'Size: 12 oz, Grind: Whole Bean');
  t.equal(beans.querySelector('img')!.getAttribute('src'), '/content/demo/beans.svg');
  t.equal(beans.querySelector('img')!.getAttribute('alt'), '', 'the name beside it says what it shows');
  t.equal(beans.querySelector('.cart-page__unit-price')!.textContent, '$19.00 each');
  t.equal(beans.querySelector('.cart-page__line-total')!.textContent, 'Line total $38.00');
  t.equal(input(env, 'beans').value, '2');
  t.equal(row(env, 'mug').querySelector('.cart-page__variant'), null, 'no variant line without attributes');

  const board = row(env, 'board').querySelector('.cart-page__unit-price')!;
  t.equal(board.textContent, 'Sale price $42.00 Regular price $54.00 each');
  t.equal(board.querySelector('s.original-price')!.textContent, 'Regular price $54.00');

  const field = input(env, 'beans');
  const label = env.document.querySelector(`label[for="${field.id}"]`)!;
  t.equal(label.textContent, 'Quantity, House Blend', 'the field has its own label');
  t.same([field.type, field.min, field.max, field.step], ['number', '1', '9999', '1']);
  t.ok(button(env, 'Decrease quantity of House Blend'));
  t.ok(button(env, 'Increase quantity of House Blend'));
  t.ok(button(env, 'Remove House Blend'));

  t.same(totals(env), {
    Items: '4',
    Subtotal: '$112.00',
    Shipping: 'Calculated at checkout',
    Tax: 'Calculated at checkout',
    'Estimated total': '$112.00',
  });
  t.equal(q(env, '.cart-page__summary h2')!.textContent, 'Order summary');
  t.equal(minimumNotice(env), null, 'above the minimum: no notice');
});

t.test('totals with discount, shipping and tax from the cart', async (t) => {
  const { env } = await setup(t, cart([MUG], { discount: 500, shipping: 800, tax: 250 }));
  t.same(totals(env), {
    Items: '1',
    Subtotal: '$32.00',
    Discount: '-$5.00',
    Shipping: '$8.00',
    Tax: '$2.50',
    Total: '$37.50',
  });
});

t.test('quantity change: typed, recalculating while in flight, then announced', async (t) => {
  const { env, announced } = await setup(t, cart([BEANS, MUG]));
  const field = input(env, 'beans');
  await act(async () => type(field, '3'));
  t.equal(field.value, '3');
  t.equal(env.calls.length, 1, 'typing alone sends nothing');

  const release = holdFetches();
  const updated = cart([{ ...BEANS, quantity: 3, lineTotalCents: '5700' }, MUG]);
  env.replies.push({ status: 200, body: { shoppingCart: updated } });
  await change(field);
  await blur(field);

  t.equal(section(env).dataset.state, 'recalculating');
  t.equal(q(env, '.cart-page__layout')!.getAttribute('aria-busy'), 'true');
  t.equal(row(env, 'beans').getAttribute('aria-busy'), 'true');
  t.ok(field.readOnly, 'the field waits');
  t.equal(button(env, 'Increase quantity of House Blend').getAttribute('aria-disabled'), 'true');
  t.equal(button(env, 'Remove House Blend').getAttribute('aria-disabled'), 'true');
  t.equal(button(env, 'Remove Stoneware Mug').getAttribute('aria-disabled'), null, 'other entries stay usable');
  t.equal(row(env, 'mug').getAttribute('aria-busy'), null);
  t.equal(q(env, 'ul.cart-page__list')!.children.length, 2, 'the list stays');

  await release();
  t.equal(env.calls.length, 2, 'change then blur sends once');
  const call = env.calls[1]!;
  t.equal(call.url, '/api/commerce/shopping-cart/entries/beans');
  t.equal(call.method, 'PUT');
  t.same(call.body, { quantity: 3 });
  t.equal(call.headers['X-CSRF-Token'], '0123456789abcdef0123456789abcdef', 'echoes the crumb');
  t.same(announced, [updated], 'announces the new cart for the header');
  t.equal(section(env).dataset.state, 'loaded');
  t.equal(q(env, '.cart-page__layout')!.getAttribute('aria-busy'), null);
  t.notOk(field.readOnly);
  t.equal(field.value, '3');
  t.equal(row(env, 'beans').querySelector('.cart-page__line-total')!.textContent, 'Line total $57.00');
  t.equal(totals(env).Subtotal, '$89.00');
  t.equal(status(env), 'Quantity of House Blend updated to 3', 'said politely');
  t.equal(alertBox(env), null);
});

t.test('a failed change says why and puts the old quantity back', async (t) => {
  const { env, announced } = await setup(t, cart([BEANS]));
  const field = input(env, 'beans');
  env.replies.push({
    status: 409,
    body: { error: { code: 'out-of-stock', message: 'Sorry, we do not have enough of that item available.' } },
  });
  await act(async () => type(field, '40'));
  await press(field, 'Enter');
  await settle();
  t.equal(alertBox(env)!.querySelector('.cart-page__alert-title')!.textContent, 'Unable to update quantity');
  t.equal(
    alertBox(env)!.querySelector('.cart-page__alert-message')!.textContent,
    'Sorry, we do not have enough of that item available.',
  );
  t.equal(field.value, '2', 'the previous quantity is back');
  t.same(announced, [], 'nothing changed, nothing announced');
  t.equal(section(env).dataset.state, 'loaded');

  env.replies.push({ status: 500, body: {} });
  await click(button(env, 'Increase quantity of House Blend'));
  await settle();
  t.equal(alertBox(env)!.querySelector('.cart-page__alert-title')!.textContent, 'Unable to update quantity');
  t.equal(alertBox(env)!.querySelector('.cart-page__alert-message'), null, 'no server words, just the title');
  t.equal(field.value, '2');
});

t.test('offline: the connection message under the title', async (t) => {
  const { env } = await setup(t, cart([BEANS, MUG]));
  env.replies.push(new TypeError('Failed to fetch'));
  await click(button(env, 'Decrease quantity of House Blend'));
  await settle();
  t.equal(alertBox(env)!.querySelector('.cart-page__alert-title')!.textContent, 'Unable to update quantity');
  t.equal(
    alertBox(env)!.querySelector('.cart-page__alert-message')!.textContent,
    'Please check your internet connection.',
  );
  t.equal(input(env, 'beans').value, '2');

  env.replies.push(new TypeError('Failed to fetch'));
  await click(button(env, 'Remove Stoneware Mug'));
  await settle();
  t.equal(alertBox(env)!.querySelector('.cart-page__alert-title')!.textContent, 'Unable to remove item');
  t.equal(
    alertBox(env)!.querySelector('.cart-page__alert-message')!.textContent,
    'Please check your internet connection.',
  );
  t.ok(row(env, 'mug'), 'the entry stays');
});

t.test('− and + buttons step by one within 1..9999', async (t) => {
  const { env } = await setup(t, cart([MUG, { ...BEANS, quantity: 9999 }]));
  const decrease = button(env, 'Decrease quantity of Stoneware Mug');
  t.equal(decrease.getAttribute('aria-disabled'), 'true', 'cannot go below 1');
  await click(decrease);
  await settle();
  t.equal(env.calls.length, 1, 'nothing sent');
  t.equal(button(env, 'Increase quantity of House Blend').getAttribute('aria-disabled'), 'true', 'nor above 9999');

  const release = holdFetches();
  const increased = cart([
    { ...MUG, quantity: 2, lineTotalCents: '6400' },
    { ...BEANS, quantity: 9999 },
  ]);
  env.replies.push({ status: 200, body: { shoppingCart: increased } });
  const increase = button(env, 'Increase quantity of Stoneware Mug');
  await click(increase);
  t.equal(input(env, 'mug').value, '2', 'shows the new quantity at once');
  await click(increase);
  await release();
  t.equal(env.calls.length, 2, 'a second press while changing sends nothing');
  t.same(env.calls[1]!.body, { quantity: 2 });
  t.equal(input(env, 'mug').value, '2');
  t.equal(button(env, 'Decrease quantity of Stoneware Mug').getAttribute('aria-disabled'), null);
});

t.test('remove: focus moves to the next entry, else the previous, else the empty-state link', async (t) => {
  const { env, announced } = await setup(t, cart([BEANS, MUG, BOARD]));

  env.replies.push({ status: 200, body: { shoppingCart: cart([BEANS, BOARD]) } });
  await click(button(env, 'Remove Stoneware Mug'));
  await settle();
  t.equal(env.calls[1]!.method, 'DELETE');
  t.equal(env.calls[1]!.url, '/api/commerce/shopping-cart/entries/mug');
  t.equal(row(env, 'mug'), null);
  t.equal(env.document.activeElement, button(env, 'Remove Walnut Board'), 'the next one');
  t.equal(status(env), 'Stoneware Mug removed');
  t.equal(announced.length, 1);

  env.replies.push({ status: 200, body: { shoppingCart: cart([BEANS]) } });
  await click(button(env, 'Remove Walnut Board'));
  await settle();
  t.equal(env.document.activeElement, button(env, 'Remove House Blend'), 'the previous one when it was last');

  env.replies.push({ status: 200, body: { shoppingCart: cart([]) } });
  await click(button(env, 'Remove House Blend'));
  await settle();
  const link = q<HTMLAnchorElement>(env, '.empty-state a')!;
  t.equal(env.document.activeElement, link, 'the empty-state link when none is left');
  t.equal(status(env), 'House Blend removed');
  t.equal(announced.length, 3);
});

t.test('a failed remove keeps the entry and says so', async (t) => {
  const { env, announced } = await setup(t, cart([BEANS]));
  env.replies.push({
    status: 404,
    body: { error: { code: 'entry-not-found', message: 'That item is no longer in your cart.' } },
  });
  const remove = button(env, 'Remove House Blend');
  await click(remove);
  await settle();
  t.equal(alertBox(env)!.querySelector('.cart-page__alert-title')!.textContent, 'Unable to remove item');
  t.equal(
    alertBox(env)!.querySelector('.cart-page__alert-message')!.textContent,
    'That item is no longer in your cart.',
  );
  t.ok(row(env, 'beans'));
  t.equal(env.document.activeElement, remove, 'focus stays where it was');
  t.same(announced, []);

  env.replies.push({ status: 200, body: { shoppingCart: cart([{ ...BEANS, quantity: 3, lineTotalCents: '5700' }]) } });
  await click(button(env, 'Increase quantity of House Blend'));
  await settle();
  t.equal(alertBox(env), null, 'the next change clears the alert');
});

t.test('the minimum subtotal notice follows the subtotal', async (t) => {
  const { env } = await setup(t, cart([NOTEBOOK]));
  t.equal(minimumNotice(env), 'To check out, your order subtotal must be $10.00 or more.');
  t.ok(q(env, '.cart-page__summary .cart-page__minimum'), 'in the summary');
  t.equal(q(env, '.cart-page__cart a[href*="checkout"]'), null, 'no checkout link yet');

  env.replies.push({
    status: 200,
    body: { shoppingCart: cart([{ ...NOTEBOOK, quantity: 2, lineTotalCents: '1200' }]) },
  });
  await click(button(env, "Increase quantity of The Roaster's Notebook"));
  await settle();
  t.equal(minimumNotice(env), null, 'gone at or above the minimum');

  await env.announce(cart([{ ...NOTEBOOK, quantity: 1 }]));
  t.equal(minimumNotice(env), 'To check out, your order subtotal must be $10.00 or more.', 'back when it drops');
});

t.test('no minimum notice when the store sets none', async (t) => {
  const { env } = await setup(t, cart([NOTEBOOK]), pageHtml(''));
  t.equal(minimumNotice(env), null);
  t.equal(totals(env).Subtotal, '$6.00');
});

t.test('empty cart: the same wording and link as the fallback', async (t) => {
  const { env } = await setup(t, cart([]));
  t.equal(section(env).dataset.state, 'loaded');
  const empty = q(env, '.cart-page__cart .empty-state')!;
  t.equal(empty.querySelector('p')!.textContent, 'Your cart is empty.');
  const link = empty.querySelector<HTMLAnchorElement>('a')!;
  t.equal(link.textContent, 'Continue shopping');
  t.equal(link.getAttribute('href'), '/');
  t.equal(q(env, '.cart-page__summary'), null);
});

t.test('a cart announced elsewhere shows here', async (t) => {
  const { env } = await setup(t, cart([MUG]));
  await env.announce(cart([MUG, BEANS]));
  t.equal(q(env, 'ul.cart-page__list')!.children.length, 2);
  t.equal(totals(env).Items, '3');
  await env.announce(cart([]));
  t.ok(q(env, '.cart-page__cart .empty-state'));
});

t.test('keyboard: Enter commits, bad input is refused, every control is a native one', async (t) => {
  const { env } = await setup(t, cart([BEANS, MUG]));
  const controls = Array.from(root(env).querySelectorAll<HTMLElement>('button, input, a'));
  t.ok(controls.length >= 10);
  t.ok(
    controls.every((c) => c.getAttribute('tabindex') === null),
    'all in the tab order, none with a custom tabindex',
  );
  t.ok(
    Array.from(root(env).querySelectorAll('button')).every((b) => b.getAttribute('type') === 'button'),
    'buttons, so Enter and Space press them',
  );

  const field = input(env, 'beans');
  await act(async () => type(field, '1.5'));
  await press(field, 'Enter');
  t.equal(alertBox(env)!.querySelector('.cart-page__alert-title')!.textContent, 'Unable to update quantity');
  t.equal(alertBox(env)!.querySelector('.cart-page__alert-message')!.textContent, 'Quantity must be a whole number.');
  t.equal(field.value, '2');
  t.equal(env.calls.length, 1, 'nothing sent');

  await act(async () => type(field, ''));
  await blur(field);
  t.equal(field.value, '2', 'a blank field goes back quietly');
  t.equal(env.calls.length, 1);

  await act(async () => type(field, '2'));
  await press(field, 'Enter');
  t.equal(env.calls.length, 1, 'the same quantity sends nothing');

  const release = holdFetches();
  env.replies.push({ status: 200, body: { shoppingCart: cart([{ ...BEANS, quantity: 3 }, MUG]) } });
  const increase = button(env, 'Increase quantity of House Blend');
  await click(increase);
  t.equal(increase.getAttribute('aria-disabled'), 'true');
  t.equal(env.document.activeElement, increase, 'focus stays on a waiting button (aria-disabled, not disabled)');
  await press(increase, 'Enter');
  await release();
  t.equal(env.document.activeElement, increase);
  t.equal(input(env, 'beans').value, '3');
});

t.test('overlapping changes: an older answer does not replace a newer cart', async (t) => {
  const { env, announced } = await setup(t, cart([BEANS, MUG]));
  const real = globalThis.fetch;
  const gates: (() => void)[] = [];
  globalThis.fetch = async (...args: Parameters<typeof fetch>) => {
    await new Promise<void>((resolve) => gates.push(resolve));
    return real(...args);
  };
  const first = cart([{ ...BEANS, quantity: 3 }, MUG]);
  const second = cart([
    { ...BEANS, quantity: 3 },
    { ...MUG, quantity: 2, lineTotalCents: '6400' },
  ]);
  // Replies go to calls in the order they reach the server: the later change answers first here.
  env.replies.push({ status: 200, body: { shoppingCart: second } }, { status: 200, body: { shoppingCart: first } });
  await click(button(env, 'Increase quantity of House Blend'));
  await click(button(env, 'Increase quantity of Stoneware Mug'));
  t.equal(gates.length, 2, 'both entries change at once');
  gates[1]!();
  await settle();
  gates[0]!();
  await settle();
  globalThis.fetch = real;
  t.same(announced, [second], 'only the newer cart');
  t.equal(input(env, 'mug').value, '2');
  t.equal(section(env).dataset.state, 'loaded');
});
