/**
 * What the page tells its analytics module (hydrate/analytics, issue 25): the
 * islands script carries the page's website, template, type, item and cookie
 * mode; the pages spec section 5 never counts carry nothing.
 */
import t from 'tap';
import { DEMO_WEBSITE_ID, demoId } from '../../api/seed/demo-ids.ts';
import { openDemoApp } from './demo-app.ts';

const { app } = await openDemoApp(t);

function analyticsOf(html: string): Record<string, unknown> | undefined {
  const attribute = /<script type="module" [^>]*data-analytics="([^"]*)"/.exec(html)?.[1];
  if (attribute === undefined) return undefined;
  return JSON.parse(attribute.replaceAll('&quot;', '"').replaceAll('&#39;', "'").replaceAll('&amp;', '&'));
}

const get = (url: string) => app.inject({ method: 'GET', url, headers: { host: 'localhost' } });

t.test('a product page names its website, template, page type, item and record type', async (t) => {
  const page = await get('/shop/stoneware-mug');
  t.equal(page.statusCode, 200);
  t.same(analyticsOf(page.body), {
    websiteId: DEMO_WEBSITE_ID,
    templateId: 'default',
    locale: 'en-US',
    pageType: 50,
    itemId: demoId('product', 'stoneware-mug'),
    collectionId: analyticsOf(page.body)?.collectionId,
    recordType: 11,
    restrictive: false,
  });
  t.type(analyticsOf(page.body)?.collectionId, 'string');
  t.equal(analyticsOf((await get('/cart')).body)?.pageType, 200);
});

t.test('not found and locked pages are not counted', async (t) => {
  const missing = await get('/no-such-page');
  t.equal(missing.statusCode, 404);
  t.equal(analyticsOf(missing.body), undefined);
  t.match(missing.body, /<script type="module"/, 'the islands still load');
  const locked = await get('/wholesale');
  t.equal(locked.statusCode, 401);
  t.equal(analyticsOf(locked.body), undefined);
});

t.test('a restrictive cookie policy, or a cloneable website, is told to the page', async (t) => {
  const { app, handle } = await openDemoApp(t);
  const read = async (url: string) =>
    analyticsOf((await app.inject({ method: 'GET', url, headers: { host: 'localhost' } })).body);
  await handle.db.updateTable('websiteSettings').set({ cookiePolicy: 'restrictive' }).execute();
  t.equal((await read('/about'))?.restrictive, true);
  await handle.db.updateTable('websiteSettings').set({ cookiePolicy: 'standard', cloneable: true }).execute();
  t.equal((await read('/contact'))?.restrictive, true);
  await t.rejects(
    handle.db
      .updateTable('websiteSettings')
      .set({ cookiePolicy: 'lax' as 'standard' })
      .execute(),
    'only the two policies',
  );
});
