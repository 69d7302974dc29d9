import { act } from 'react';
import t from 'tap';
import { formatMinorUnits } from '../../domain/money/minor-units-text.ts';
import { announceCart } from '../../hydrate/cart-store.ts';
import { cartCountText, cartSpokenLabel } from '../../shared/cart-count.ts';
import { cartWith, createDomEnv, EMPTY_CART } from './dom-env.ts';

// The header as templates/default/header.region prints it for a visitor with one item.
const HEADER_WITH_CART = `<header><a class="header-icon-link cart-indicator" href="/cart" data-cart-indicator aria-label="One item in cart"><svg></svg><span class="sqs-cart-quantity">1</span></a></header><main></main>`;
const HEADER_WITHOUT_CART = `<header><a class="header-icon-link cart-indicator" href="/cart" data-cart-indicator aria-label="Cart"><svg></svg></a></header><main></main>`;

/** What a screen reader says for an element named by its content: its text without the aria-hidden parts. */
function spokenName(element: Element): string {
  const label = element.getAttribute('aria-label');
  if (label !== null) return label;
  const copy = element.cloneNode(true) as Element;
  for (const hidden of copy.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
  return (copy.textContent ?? '').replace(/\s+/g, ' ').trim();
}

t.test('labels follow the spec wording and the 100+ cap', async (t) => {
  t.equal(cartSpokenLabel(0), '0 items in cart');
  t.equal(cartSpokenLabel(1), 'One item in cart');
  t.equal(cartSpokenLabel(7), '7 items in cart');
  t.equal(cartSpokenLabel(100), '100 items in cart');
  t.equal(cartSpokenLabel(101), 'More than 100 items in cart');
  t.equal(cartCountText(100), '100');
  t.equal(cartCountText(101), '100+');
  t.equal(formatMinorUnits('1250', 'USD', 'en-US'), '$12.50');
  t.equal(formatMinorUnits('5', 'USD', 'en-US'), '$0.05');
  t.equal(formatMinorUnits('1500', 'JPY', 'en-US'), '¥1,500');
});

t.test('indicator: first sync marks it initialized and keeps label, count and empty marker in step', async (t) => {
  const env = await createDomEnv(HEADER_WITH_CART);
  t.teardown(() => env.close());
  env.replies.push({ status: 200, body: cartWith(3) });
  const link = env.document.querySelector<HTMLElement>('[data-cart-indicator]')!;
  await env.mount();

  t.equal(env.calls.length, 1, 'fetches the cart once on load');
  t.equal(env.calls[0]!.url, '/api/commerce/shopping-cart');
  t.equal(env.calls[0]!.method, 'GET');
  t.ok(link.hasAttribute('data-cart-initialized'), 'initialized after first sync');
  t.notOk(link.hasAttribute('data-cart-empty'));
  t.equal(link.getAttribute('aria-label'), null, 'named by its own text once the cart is known');
  t.equal(spokenName(link), '3 items in cart, subtotal $37.50', 'the spoken count, then the subtotal as seen');
  t.equal(link.querySelector('.cart-indicator__subtotal')!.textContent, '$37.50', 'the subtotal is shown');
  t.equal(link.querySelector('.sqs-cart-quantity')!.textContent, '3');
  t.ok(link.querySelector('svg'), 'the icon stays');
  t.equal(link.querySelectorAll('.sqs-cart-quantity').length, 1);

  await act(async () => announceCart(cartWith(1) as never, env.window as never));
  t.equal(spokenName(link), 'One item in cart, subtotal $12.50');
  t.equal(link.querySelector('.sqs-cart-quantity')!.textContent, '1');

  await env.announce(cartWith(250));
  t.match(spokenName(link), /^More than 100 items in cart, subtotal /);
  t.equal(link.querySelector('.sqs-cart-quantity')!.textContent, '100+');

  await env.announce(EMPTY_CART);
  t.ok(link.hasAttribute('data-cart-empty'), 'empty marker at 0');
  t.equal(spokenName(link), '0 items in cart', 'no subtotal for an empty cart');
  t.equal(link.querySelector('.cart-indicator__subtotal'), null);
  t.equal(link.querySelector('.sqs-cart-quantity')!.textContent, '0');
});

t.test('indicator without a server cart: no count until the first sync, then the empty marker', async (t) => {
  const env = await createDomEnv(HEADER_WITHOUT_CART);
  t.teardown(() => env.close());
  const link = env.document.querySelector<HTMLElement>('[data-cart-indicator]')!;
  await env.mount();
  t.ok(link.hasAttribute('data-cart-initialized'));
  t.ok(link.hasAttribute('data-cart-empty'));
  t.equal(spokenName(link), '0 items in cart');
});

t.test('pill: hidden at 0, shown above 0 with count and subtotal, 100+ above 100', async (t) => {
  const env = await createDomEnv(HEADER_WITHOUT_CART);
  t.teardown(() => env.close());
  await env.mount();
  const pill = env.document.querySelector<HTMLAnchorElement>('.sqs-cart-pill')!;
  t.ok(pill, 'the pill is added to pages with a header cart');
  const landmark = pill.closest('aside');
  t.equal(landmark?.getAttribute('aria-label'), 'Cart', 'inside a landmark of its own');
  t.ok(pill.hidden, 'hidden with an empty cart');
  t.ok(landmark?.hidden, 'and so is its landmark');
  t.equal(pill.getAttribute('href'), '/cart', 'opens the cart page');

  await env.announce(cartWith(2, '3800'));
  t.notOk(pill.hidden, 'shown above 0');
  t.notOk(landmark?.hidden);
  t.equal(pill.getAttribute('aria-label'), null, 'no label that would hide its visible text');
  t.equal(spokenName(pill), '2 items in cart, subtotal $38.00', 'its name holds the subtotal it shows');
  t.equal(pill.querySelector('.sqs-cart-pill__count')!.textContent, '2');
  t.equal(pill.querySelector('.sqs-cart-pill__subtotal')!.textContent, '$38.00');

  await env.announce(cartWith(101));
  t.equal(pill.querySelector('.sqs-cart-pill__count')!.textContent, '100+');
  t.match(spokenName(pill), /^More than 100 items in cart, subtotal /);

  await env.announce(EMPTY_CART);
  t.ok(pill.hidden, 'hidden again at 0');
});

t.test('no pill on the cart page', async (t) => {
  const env = await createDomEnv(`${HEADER_WITHOUT_CART}<div id="sqs-cart-root"></div>`);
  t.teardown(() => env.close());
  await env.mount();
  t.equal(env.document.querySelector('.sqs-cart-pill'), null);
});

t.test('no pill on /cart or the checkout pages, where it covered the summary', async (t) => {
  for (const url of [
    'https://shop.example/cart',
    'https://shop.example/checkout',
    'https://shop.example/checkout?cartToken=abc',
    'https://shop.example/checkout/order-confirmed?orderToken=x',
  ]) {
    const env = await createDomEnv(HEADER_WITHOUT_CART, undefined, url);
    await env.mount();
    t.equal(env.document.querySelector('[data-island="cart-pill"]'), null, url);
    await env.close();
  }
});

t.test('a failed cart read leaves an initialized, empty indicator', async (t) => {
  const env = await createDomEnv(HEADER_WITH_CART);
  t.teardown(() => env.close());
  env.replies.push({ status: 500, body: { error: { code: 'internal', message: 'Something went wrong' } } });
  await env.mount();
  const link = env.document.querySelector<HTMLElement>('[data-cart-indicator]')!;
  t.ok(link.hasAttribute('data-cart-initialized'));
  t.ok(link.hasAttribute('data-cart-empty'));
});
