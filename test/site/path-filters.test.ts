/**
 * A collection filtered in the path, as packages by other authors link it
 * (Furlong2Furlong/squarewells: /journal/tag/pour-over,
 * /journal/category/Brewing): the same page as the filter in the query.
 */
import t from 'tap';
import { pathFilter } from '../../renderer/routing/resolve-route.ts';
import { openDemoApp } from './demo-app.ts';

t.test('which paths are filters', async (t) => {
  t.same(pathFilter('/journal/tag/house%20blend'), { pathname: '/journal', name: 'tag', value: 'house blend' });
  t.same(pathFilter('/journal/category/Brewing/'), { pathname: '/journal', name: 'category', value: 'Brewing' });
  t.equal(pathFilter('/journal/tag'), undefined, 'an item called tag');
  t.equal(pathFilter('/journal/author/ann'), undefined);
  t.equal(pathFilter('/journal/tag/a/b'), undefined);
  t.equal(pathFilter('/Journal!/tag/a'), undefined, 'not a collection path');
  t.equal(pathFilter('/journal/tag/%E0%A4%A'), undefined, 'not decodable');
});

t.test('/journal/tag/x and /journal/category/x answer as ?tag=x and ?category=x', async (t) => {
  const { app } = await openDemoApp(t);
  const get = (url: string) => app.inject({ method: 'GET', url, headers: { host: 'localhost' } });
  for (const [path, query] of [
    ['/journal/tag/pour-over', '/journal?tag=pour-over'],
    ['/journal/tag/house%20blend', '/journal?tag=house%20blend'],
    ['/journal/category/Brewing', '/journal?category=Brewing'],
  ] as const) {
    const [byPath, byQuery] = await Promise.all([get(path), get(query)]);
    t.equal(byPath.statusCode, 200, path);
    t.equal(byPath.body, byQuery.body, `${path} is ${query}`);
  }
  const all = await get('/journal');
  t.not((await get('/journal/tag/pour-over')).body, all.body, 'the filter applies');
  t.equal((await get('/no-such-collection/tag/x')).statusCode, 404);
});
