/** The cart island's checkout button: a link to /checkout, or an inert button naming the minimum as its reason. */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import t from 'tap';
import { CartSummary } from '../../hydrate/cart-page/cart-summary.tsx';

const cart = (subtotalCents: string) => ({
  totalQuantity: 1,
  subtotalCents,
  grandTotalCents: subtotalCents,
  taxCents: '0',
  shippingCostCents: '0',
  discountCents: '0',
  currency: 'USD',
  entries: [],
});
const MINIMUM = { cents: '1000', currency: 'USD' };

const summary = (subtotalCents: string, minimum: typeof MINIMUM | null = MINIMUM) =>
  renderToStaticMarkup(createElement(CartSummary, { cart: cart(subtotalCents), minimum, locale: 'en-US' }));

t.test('at or above the minimum the summary links to checkout', async (t) => {
  for (const html of [summary('1000'), summary('600', null)]) {
    t.match(html, /<a class="button cart-page__checkout" href="\/checkout">Check out<\/a>/);
    t.notMatch(html, /aria-disabled/);
  }
});

t.test('below the minimum the button is there, inert, and described by the notice', async (t) => {
  const html = summary('600');
  t.notMatch(html, /href="\/checkout"/, 'not a link');
  const button =
    /<button type="button" class="button cart-page__checkout" aria-disabled="true" aria-describedby="([^"]+)">Check out<\/button>/.exec(
      html,
    );
  t.ok(button, 'an aria-disabled button');
  t.match(
    html,
    new RegExp(
      `<p id="${button![1]}" class="cart-page__minimum">To check out, your order subtotal must be \\$10\\.00 or more\\.</p>`,
    ),
    'naming the notice as its description',
  );
});
