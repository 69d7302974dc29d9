import { Window } from 'happy-dom';
import t from 'tap';
import { cartEntries, focusCandidates, variantText } from '../../hydrate/cart-page/cart-entries.ts';
import { minimumSubtotalMessage } from '../../hydrate/cart-page/cart-page-text.ts';
import { isBelowMinimum, readMinimumSubtotal } from '../../hydrate/cart-page/minimum-subtotal.ts';
import { parseQuantityInput } from '../../hydrate/cart-page/quantity-input.ts';

t.test('parseQuantityInput: whole numbers pass, the rest get the spec section 5 wording', async (t) => {
  const cases: [string, ReturnType<typeof parseQuantityInput>][] = [
    ['3', { ok: true, quantity: 3 }],
    [' 12 ', { ok: true, quantity: 12 }],
    ['007', { ok: true, quantity: 7 }],
    ['1e2', { ok: true, quantity: 100 }],
    // The range is the server's to refuse, in its own words.
    ['0', { ok: true, quantity: 0 }],
    ['10000', { ok: true, quantity: 10000 }],
    ['', { ok: false, message: null }],
    ['   ', { ok: false, message: null }],
    ['1.5', { ok: false, message: 'Quantity must be a whole number.' }],
    ['abc', { ok: false, message: 'Quantity must be a number.' }],
    ['Infinity', { ok: false, message: 'Quantity must be a number.' }],
  ];
  for (const [raw, expected] of cases) t.same(parseQuantityInput(raw), expected, JSON.stringify(raw));
});

t.test('isBelowMinimum compares minor units exactly, in one currency', async (t) => {
  const usd = { cents: '1000', currency: 'USD' };
  const cases: [string, string, typeof usd | null, boolean][] = [
    ['600', 'USD', usd, true],
    ['999', 'USD', usd, true],
    ['1000', 'USD', usd, false],
    ['1001', 'USD', usd, false],
    ['0', 'USD', usd, true],
    ['600', 'EUR', usd, false],
    ['600', 'USD', null, false],
    ['not money', 'USD', usd, false],
    // Beyond what a double holds exactly.
    ['9007199254740993', 'USD', { cents: '9007199254740994', currency: 'USD' }, true],
  ];
  for (const [subtotal, currency, minimum, expected] of cases) {
    t.equal(isBelowMinimum(subtotal, currency, minimum), expected, `${subtotal} ${currency}`);
  }
});

t.test('readMinimumSubtotal reads the root data attributes, ignoring unusable ones', async (t) => {
  const window = new Window();
  t.teardown(() => window.happyDOM.close());
  const root = (attributes: string) => {
    window.document.body.innerHTML = `<div id="sqs-cart-root" ${attributes}></div>`;
    return window.document.getElementById('sqs-cart-root') as unknown as HTMLElement;
  };
  t.same(readMinimumSubtotal(root('data-minimum-subtotal-cents="1000" data-minimum-subtotal-currency="USD"')), {
    cents: '1000',
    currency: 'USD',
  });
  t.equal(readMinimumSubtotal(root('')), null, 'none set');
  t.equal(readMinimumSubtotal(root('data-minimum-subtotal-cents="0" data-minimum-subtotal-currency="USD"')), null);
  t.equal(readMinimumSubtotal(root('data-minimum-subtotal-cents="10.00" data-minimum-subtotal-currency="USD"')), null);
  t.equal(readMinimumSubtotal(root('data-minimum-subtotal-cents="1000"')), null, 'no currency');
});

t.test('focusCandidates: the next entry, then the previous one', async (t) => {
  t.same(focusCandidates(['a', 'b', 'c'], 'b'), ['c', 'a']);
  t.same(focusCandidates(['a', 'b', 'c'], 'c'), ['b']);
  t.same(focusCandidates(['a', 'b', 'c'], 'a'), ['b']);
  t.same(focusCandidates(['a'], 'a'), []);
  t.same(focusCandidates(['a'], 'x'), []);
});

t.test('cartEntries keeps entries the page can show; variantText names each option', async (t) => {
  const good = {
    id: 'e1',
    quantity: 2,
    productName: 'House Blend',
    currency: 'USD',
    unitPriceCents: '1900',
    lineTotalCents: '3800',
    chosenVariant: { sku: 'X', attributes: { Size: '12 oz', Grind: 'Whole Bean' } },
  };
  const entries = cartEntries({
    totalQuantity: 2,
    subtotalCents: '3800',
    currency: 'USD',
    entries: [good, null, 'x', { id: 'e2' }, { ...good, quantity: '2' }],
  });
  t.same(
    entries.map((e) => e.id),
    ['e1'],
  );
  t.same(cartEntries(null), []);
  t.equal(variantText(entries[0]!), 'Size: 12 oz, Grind: Whole Bean');
  t.equal(variantText({ ...entries[0]!, chosenVariant: undefined as never }), '');
});

t.test('the minimum notice wording (spec section 8)', async (t) => {
  t.equal(minimumSubtotalMessage('$10.00'), 'To check out, your order subtotal must be $10.00 or more.');
});
