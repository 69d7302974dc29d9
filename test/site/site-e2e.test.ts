import t from 'tap';
import { findCollectionByUrlId, findHomeCollection } from '../../api/repositories/collection-repository.ts';
import { listItems } from '../../api/repositories/item-repository.ts';
import { getNavigation, type NavigationNode } from '../../api/repositories/navigation-repository.ts';
import { DEMO_WEBSITE_ID } from '../../api/seed/seed-demo-site.ts';
import { openDemoApp } from './demo-app.ts';

const flatten = (nodes: NavigationNode[]): NavigationNode[] => nodes.flatMap((n) => [n, ...flatten(n.children)]);

t.test('the real server answers every navigation page and every product, with no template errors', async (t) => {
  const { app, handle, warnings } = await openDemoApp(t);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const base = address.replace('127.0.0.1', 'localhost');

  const home = await findHomeCollection(handle.db, DEMO_WEBSITE_ID);
  const urls = new Set<string>(['/']);
  for (const id of ['mainNav', 'secondaryNav']) {
    const navigation = await getNavigation(handle.db, DEMO_WEBSITE_ID, id);
    t.ok(navigation, `${id} exists`);
    for (const node of flatten(navigation?.items ?? [])) {
      if (node.collection) urls.add(node.collection.id === home?.id ? '/' : `/${node.collection.urlId}`);
    }
  }
  const shop = await findCollectionByUrlId(handle.db, DEMO_WEBSITE_ID, 'shop');
  const products = await listItems(handle.db, DEMO_WEBSITE_ID, shop!.id, { limit: 200 });
  t.ok(products.items.length >= 10, `${products.items.length} products`);
  for (const product of products.items) urls.add(`/shop/${product.urlId}`);

  for (const url of urls) {
    const response = await fetch(base + url);
    const html = await response.text();
    t.equal(response.status, 200, `${url} answers 200`);
    t.match(response.headers.get('content-type'), /text\/html/);
    t.match(html, /<main[^>]*id="main-content"/, `${url} has its main landmark`);
    t.equal(html.match(/<meta name="description"/g)?.length, 1, `${url} has one description`);
    // HTML allows sizes only beside a srcset; the demo's vector pictures have neither.
    const sizedAlone = (html.match(/<img [^>]*>/g) ?? []).filter(
      (img) => img.includes(' sizes=') && !img.includes(' srcset='),
    );
    t.same(sizedAlone, [], `${url}: no picture has sizes without a srcset`);
  }
  t.same(
    warnings.map((w) => w.template ?? w.msg),
    [],
    'no template errors or warnings were logged',
  );

  const homeSlug = await fetch(`${base}/${home!.urlId}`);
  t.equal(homeSlug.status, 404, "the home page answers at '/' only");

  const missing = await fetch(`${base}/no-such-page`);
  t.equal(missing.status, 404);
  t.match(await missing.text(), /not found/i, 'the not-found page');
});
