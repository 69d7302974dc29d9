import t from 'tap';
import type { ShoppingCart } from '../../api/repositories/cart-repository.ts';
import type { ProductFacts } from '../../api/repositories/checkout-rules-repository.ts';
import type { PricedCart } from '../../api/services/cart-pricing-service.ts';
import type { CheckoutRules, Discount } from '../../domain/checkout/checkout-rules.ts';
import { pricedCartKept } from '../../renderer/page-context/priced-cart-memo.ts';

const HOUR = 3_600_000;
const NOW = Date.parse('2026-11-27T12:00:00Z');

const cart = (giftCards: string[] = []) => ({ id: 'cart', giftCards }) as unknown as ShoppingCart;
const facts = () => ({ weights: new Map(), categories: new Map() }) as ProductFacts;
const rules = (discounts: Partial<Discount>[] = []) =>
  ({
    zones: [],
    rates: [],
    taxRates: [],
    discounts: discounts.map((discount) => ({ startsOn: null, endsOn: null, ...discount })),
    tax: {},
  }) as unknown as CheckoutRules;

/** A pricing that counts its calls, each answer an object of its own. */
function counter() {
  let calls = 0;
  return {
    price: () => Promise.resolve({ call: ++calls } as unknown as PricedCart),
    get calls() {
      return calls;
    },
  };
}

t.test('the same cart, rules and facts are priced once', async (t) => {
  const [one, r, f, pricing] = [cart(), rules(), facts(), counter()];
  const first = await pricedCartKept(one, r, f, NOW, pricing.price);
  t.equal(await pricedCartKept(one, r, f, NOW + 24 * HOUR, pricing.price), first);
  t.equal(pricing.calls, 1);
});

t.test('another cart, rules or facts object is priced again', async (t) => {
  const [one, r, f, pricing] = [cart(), rules(), facts(), counter()];
  await pricedCartKept(one, r, f, NOW, pricing.price);
  await pricedCartKept(cart(), r, f, NOW, pricing.price);
  await pricedCartKept(one, rules(), f, NOW, pricing.price);
  await pricedCartKept(one, r, facts(), NOW, pricing.price);
  t.equal(pricing.calls, 4);
});

t.test('a discount starting or ending prices the cart again from that instant', async (t) => {
  const [one, f, pricing] = [cart(), facts(), counter()];
  const r = rules([
    { startsOn: new Date(NOW + HOUR), endsOn: new Date(NOW + 3 * HOUR) },
    { startsOn: new Date(NOW - HOUR), endsOn: null },
  ]);
  await pricedCartKept(one, r, f, NOW, pricing.price);
  await pricedCartKept(one, r, f, NOW + HOUR - 1, pricing.price);
  t.equal(pricing.calls, 1, 'kept until the start');
  await pricedCartKept(one, r, f, NOW + HOUR, pricing.price);
  t.equal(pricing.calls, 2, 'priced again as it starts');
  await pricedCartKept(one, r, f, NOW + 2 * HOUR, pricing.price);
  t.equal(pricing.calls, 2, 'kept until the end');
  await pricedCartKept(one, r, f, NOW + 3 * HOUR, pricing.price);
  t.equal(pricing.calls, 3, 'priced again as it ends');
});

t.test('a cart with gift cards is priced every time: their balances move without it', async (t) => {
  const [one, r, f, pricing] = [cart(['card']), rules(), facts(), counter()];
  await pricedCartKept(one, r, f, NOW, pricing.price);
  await pricedCartKept(one, r, f, NOW, pricing.price);
  t.equal(pricing.calls, 2);
});

t.test('a pricing that failed is not kept', async (t) => {
  const [one, r, f] = [cart(), rules(), facts()];
  await t.rejects(pricedCartKept(one, r, f, NOW, () => Promise.reject(new Error('database gone'))));
  const pricing = counter();
  await pricedCartKept(one, r, f, NOW, pricing.price);
  t.equal(pricing.calls, 1);
});
