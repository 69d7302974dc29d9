import t from 'tap';
import type { VisitorData } from '../../renderer/page-context/page-data.ts';
import { visitorDataKey } from '../../renderer/visitor-data-key.ts';

const key = (data: object) => visitorDataKey(data as VisitorData);

t.test('the same data gives the same key, made afresh or kept', async (t) => {
  const cart = { id: 'a', entries: [{ sku: 'MUG', quantity: 2 }] };
  t.equal(key({ cart }), key({ cart }), 'the same objects twice');
  t.equal(key({ cart }), key({ cart: structuredClone(cart) }), 'equal objects made apart');
});

t.test('whatever differs makes another key, where JSON would not tell', async (t) => {
  const keys = [
    key({ cart: { total: 1n } }),
    key({ cart: { total: 2n } }),
    key({ cart: { total: '1' } }),
    key({ cart: { uses: new Map([['d1', 1]]) } }),
    key({ cart: { uses: new Map([['d1', 2]]) } }),
    key({ cart: { uses: new Set(['d1']) } }),
    key({ cart: { at: new Date(1) } }),
    key({ cart: { at: new Date(2) } }),
    key({ cart: { note: undefined } }),
    key({ cart: { note: null } }),
    key({ cart: { note: 'null' } }),
    key({ cart: [1, 2] }),
    key({ cart: [2, 1] }),
  ];
  t.equal(new Set(keys).size, keys.length, 'every one apart');
});

t.test('a large object stands in its parent as its digest, and still tells apart', async (t) => {
  const cart = (lastQuantity: number) => ({
    lines: Array.from({ length: 40 }, (_, i) => ({ sku: `SKU-${i}`, quantity: i === 39 ? lastQuantity : 1 })),
  });
  t.equal(key({ cart: cart(1) }), key({ cart: cart(1) }), 'equal large objects made apart');
  t.not(key({ cart: cart(1) }), key({ cart: cart(2) }), 'a difference deep in a large object');
  t.not(key({ cart: cart(1), order: null }), key({ cart: cart(1) }), 'beside it');
});
