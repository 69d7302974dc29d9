/**
 * Store creation through the owner API (spec sections 3, 4, 7 and 8), as the
 * admin app's dialog runs it: the product collection, its root category, the
 * site layout, the navigation update with the store first, and the new store
 * in the site's menu on the next page; a store left unfinished is removed;
 * another website's id in the path is refused. Then the analytics dashboard
 * call over a visit the census recorded.
 */
import t from 'tap';
import { DEMO_WEBSITE_ID } from '../../api/seed/demo-ids.ts';
import { DEMO_OWNERS } from '../../api/seed/demo-owners.ts';
import { NO_MAIN_NAVIGATION } from '../../shared/store-creation.ts';
import { openDemoApp } from '../site/demo-app.ts';
import { OwnerClient } from './owner-helpers.ts';

const { app, handle } = await openDemoApp(t);
const PRODUCTS = `/api/content-service/product/1.1/websites/${DEMO_WEBSITE_ID}/products`;

async function signedIn(owner: { email: string; password: string }): Promise<OwnerClient> {
  const client = new OwnerClient(app);
  const response = await client.ownerSignIn(owner.email, owner.password);
  if (response.statusCode !== 200) throw new Error(`sign-in: ${response.body}`);
  return client;
}

const admin = await signedIn(DEMO_OWNERS.admin);

t.test("the spec's sequence makes a store that the site's menu shows first", async (t) => {
  const created = await admin.request('POST', PRODUCTS, {
    navigationTitle: 'Winter Market',
    title: 'Winter Market',
    urlId: 'winter-market',
    description: 'Seasonal goods',
    enabled: true,
  });
  t.equal(created.statusCode, 201, created.body);
  const store = created.json();
  t.equal(store.urlId, 'winter-market');
  const root = await admin.request('POST', `${PRODUCTS}/${store.id}/categories`, {
    displayName: 'Winter Market',
    parentCategoryId: '',
    type: 'ROOT',
    pageRendering: 'LIST_VIEW',
    displayIndex: 1,
  });
  t.equal(root.statusCode, 201, root.body);
  const layout = await admin.request('GET', '/api/commondata/GetSiteLayout');
  t.equal(layout.statusCode, 200);
  const main = (layout.json() as { identifier: string; links: unknown[] }[]).find((l) => l.identifier === 'mainNav')!;
  t.ok(main);
  const update = await admin.request('POST', '/api/widget/UpdateNavigation', {
    fieldName: 'mainNav',
    templateId: 'default',
    navigation: {
      items: [{ collectionId: store.id, externalLink: null, memberAreaId: null, items: [] }, ...main.links],
    },
  });
  t.equal(update.statusCode, 204, update.body);
  const home = await app.inject({ method: 'GET', url: '/', headers: { host: 'localhost' } });
  t.match(home.body, /href="\/winter-market"/, "the new store is in the site's menu");
  const storePage = await app.inject({ method: 'GET', url: '/winter-market', headers: { host: 'localhost' } });
  t.equal(storePage.statusCode, 200, 'and its page answers');
});

t.test('refusals: bad input, a second root, no such navigation, another website', async (t) => {
  const bad = await admin.request('POST', PRODUCTS, { navigationTitle: '', title: '', description: '', enabled: true });
  t.equal(bad.statusCode, 400);
  t.type(bad.json().error.fields?.title, 'string');
  const notEnabled = await admin.request('POST', PRODUCTS, {
    navigationTitle: 'X',
    title: 'X',
    description: '',
    enabled: false,
  });
  t.equal(notEnabled.statusCode, 400, 'enabled is always true');
  const missing = await admin.request('POST', '/api/widget/UpdateNavigation', {
    fieldName: 'topNav',
    navigation: { items: [] },
  });
  t.equal(missing.statusCode, 404);
  t.equal(missing.json().error.message, NO_MAIN_NAVIGATION);
  const elsewhere = await admin.request('POST', PRODUCTS.replace(DEMO_WEBSITE_ID, '0123456789abcdef01234567'), {
    navigationTitle: 'X',
    title: 'X',
    description: '',
    enabled: true,
  });
  t.equal(elsewhere.statusCode, 404);
});

t.test('a store the dialog could not finish is removed; one with products is not', async (t) => {
  const created = (
    await admin.request('POST', PRODUCTS, { navigationTitle: 'Half', title: 'Half', description: '', enabled: true })
  ).json();
  t.equal((await admin.request('DELETE', `${PRODUCTS}/${created.id}`)).statusCode, 204);
  const gone = await app.inject({ method: 'GET', url: `/${created.urlId}`, headers: { host: 'localhost' } });
  t.equal(gone.statusCode, 404, `/${created.urlId} is gone`);
  const shop = await handle.db
    .selectFrom('collections')
    .select('id')
    .where('websiteId', '=', DEMO_WEBSITE_ID)
    .where('urlId', '=', 'shop')
    .executeTakeFirstOrThrow();
  const withProducts = await admin.request('DELETE', `${PRODUCTS}/${shop.id}`);
  t.equal(withProducts.statusCode, 409, 'the demo store has products');
  t.equal(withProducts.json().error.code, 'store-not-empty');
});

t.test('the viewer sees the layout but may not create a store', async (t) => {
  const viewer = await signedIn(DEMO_OWNERS.viewer);
  t.equal((await viewer.request('GET', '/api/commondata/GetSiteLayout')).statusCode, 200);
  const refused = await viewer.request('POST', PRODUCTS, {
    navigationTitle: 'V',
    title: 'V',
    description: '',
    enabled: true,
  });
  t.equal(refused.statusCode, 403);
});

t.test('the dashboards show a visit the census recorded', async (t) => {
  const today = new Date().toISOString().slice(0, 10);
  const hit = await app.inject({
    method: 'POST',
    url: '/api/census/RecordHit',
    headers: {
      host: 'localhost',
      'content-type': 'application/x-www-form-urlencoded',
      'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0 Safari/537.36',
    },
    payload: new URLSearchParams({
      event: 'view',
      data: JSON.stringify({ url: 'http://localhost/about', viewportInnerWidth: 390, sessionId: 's1' }),
      ss_cvr: 'visitor-1',
    }).toString(),
  });
  t.equal(hit.statusCode, 204);
  let dashboard: Record<string, unknown> = {};
  for (let waited = 0; waited < 5_000; waited += 100) {
    const response = await admin.request('GET', `/api/owner/analytics?from=${today}&to=${today}`);
    t.equal(response.statusCode, 200);
    dashboard = response.json();
    if ((dashboard.topPages as unknown[]).length > 0) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  t.same(dashboard.topPages, [{ path: '/about', views: 1 }]);
  t.same(dashboard.devices, [{ value: 'phone', views: 1 }]);
  t.same(dashboard.traffic, [{ period: today, visits: 1, visitors: 1, views: 1 }]);
  const bad = await admin.request('GET', '/api/owner/analytics?from=2026-11-10&to=2026-11-01');
  t.equal(bad.statusCode, 400);
});
