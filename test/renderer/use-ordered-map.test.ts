import t from 'tap';
import { UseOrderedMap } from '../../renderer/use-ordered-map.ts';

const keys = (map: UseOrderedMap<string, number>) => [...map.entries()].map(([key]) => key);

t.test('keys come oldest used first; a use moves a key to the end once it is in the older half', async (t) => {
  const map = new UseOrderedMap<string, number>();
  for (const [i, key] of ['a', 'b', 'c', 'd'].entries()) map.set(key, i);
  t.equal(map.use('d'), 3);
  t.equal(map.use('c'), 2);
  t.same(keys(map), ['a', 'b', 'c', 'd'], 'the newer half stays put');
  t.equal(map.use('a'), 0);
  t.same(keys(map), ['b', 'c', 'd', 'a'], 'the oldest goes to the end');
  t.equal(map.peek('b'), 1);
  t.same(keys(map), ['b', 'c', 'd', 'a'], 'a peek is not a use');
  t.equal(map.use('missing'), undefined);

  // A key used over and over while others come and go stays among the newer half.
  for (let i = 0; i < 100; i++) {
    map.set(`n${i}`, i);
    map.use('a');
    map.delete(keys(map)[0]!);
  }
  t.equal(map.size, 4);
  t.ok(keys(map).includes('a'), `${keys(map)}`);

  map.set('a', 9);
  t.equal(keys(map).at(-1), 'a', 'a set puts the key at the end');
  t.equal(map.peek('a'), 9);
  for (const [key] of map.entries()) map.delete(key);
  t.equal(map.size, 0, 'deleting while walking the entries');
});
