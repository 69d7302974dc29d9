import t from 'tap';
import type { ShoppingCart } from '../../api/repositories/cart-repository.ts';
import { CartMemo } from '../../renderer/page-context/cart-memo.ts';

const cart = (id: string) => ({ id }) as ShoppingCart;

t.test('a cart is read once per key, and again when its key moves', async (t) => {
  const memo = new CartMemo();
  let reads = 0;
  const read = (id: string) => async () => {
    reads++;
    return cart(id);
  };
  t.equal((await memo.get('a', 'v1|0.0', read('a')))?.id, 'a');
  await memo.get('a', 'v1|0.0', read('a'));
  t.equal(reads, 1, 'the same versions: kept');
  await memo.get('a', 'v1|0.1', read('a'));
  t.equal(reads, 2, 'the cart changed: read again');
  await memo.get('a', 'v2|0.1', read('a'));
  t.equal(reads, 3, 'the content changed: read again');
  t.equal(memo.size, 1, 'one entry per cart');
});

t.test('a failed read is not kept', async (t) => {
  const memo = new CartMemo();
  await t.rejects(
    memo.get('a', 'k', async () => {
      throw new Error('database gone');
    }),
  );
  t.equal((await memo.get('a', 'k', async () => cart('a')))?.id, 'a');
});

t.test('at most maxCarts are kept, the least recently used out first', async (t) => {
  const memo = new CartMemo(2);
  let reads = 0;
  const read = async () => {
    reads++;
    return cart('x');
  };
  await memo.get('a', 'k', read);
  await memo.get('b', 'k', read);
  await memo.get('a', 'k', read);
  await memo.get('c', 'k', read);
  t.equal(memo.size, 2);
  t.equal(reads, 3);
  await memo.get('a', 'k', read);
  t.equal(reads, 3, 'a was used last, so b left');
  await memo.get('b', 'k', read);
  t.equal(reads, 4);
});
