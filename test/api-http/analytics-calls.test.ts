/**
 * The analytics and performance calls of spec section 7 through inject():
 * each is checked, answered 204 and its events stored a moment later in the
 * day's partition; bad bodies are refused and store nothing; the two calls
 * the spec gives a crumb refuse a call without one; beacons neither need a
 * crumb nor count against the API's write limit; bots are kept apart; pages
 * under the config path are never counted.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import t from 'tap';
import { partitionDay, partitionDays } from '../../api/analytics/event-partitions.ts';
import { DEMO_WEBSITE_ID } from '../../api/seed/demo-ids.ts';
import { openDemoApp } from '../site/demo-app.ts';
import { CRUMB, HOST } from './api-helpers.ts';

const { app, handle } = await openDemoApp(t, {
  server: { limits: { analytics: { max: 25, windowMs: 60_000 }, 'api-write': { max: 3, windowMs: 60_000 } } },
});
const db = handle.db;
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

let addresses = 0;
function beacon(url: string, payload: string, contentType: string, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url,
    remoteAddress: headers['x-address'] ?? `10.9.0.${++addresses}`,
    headers: { host: HOST, 'content-type': contentType, 'user-agent': BROWSER, ...headers },
    payload,
  });
}
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

/** The stored events of a kind, once `count` of them are there (the writer batches for up to a second). */
async function stored(kind: string, count: number) {
  for (let waited = 0; ; waited += 20) {
    const rows = await db
      .selectFrom('visitorEvents')
      .selectAll()
      .where('websiteId', '=', DEMO_WEBSITE_ID)
      .where('kind', '=', kind)
      .orderBy('occurredAt')
      .execute();
    if (rows.length >= count || waited > 5_000) return rows;
    await sleep(20);
  }
}

const hitData = {
  userAgent: BROWSER,
  clientDate: Date.now(),
  viewportInnerWidth: 1280,
  viewportInnerHeight: 800,
  screenWidth: 1920,
  screenHeight: 1080,
  websiteId: DEMO_WEBSITE_ID,
  templateId: 'default',
  website_locale: 'en-US',
  url: 'http://localhost/shop/stoneware-mug?x=1',
  title: 'Stoneware Mug',
  itemId: 'abc',
  recordType: 11,
  collectionId: 'def',
};

t.test(
  'a census hit is answered 204 and stored in the day partition, with the visitor and the page path',
  async (t) => {
    const response = await beacon(
      '/api/census/RecordHit',
      form({ event: 'view', data: JSON.stringify(hitData), ss_cvr: 'visitor-1' }),
      'application/x-www-form-urlencoded',
    );
    t.equal(response.statusCode, 204);
    const [hit] = await stored('hit', 1);
    t.ok(hit);
    t.equal(hit!.name, 'view');
    t.equal(hit!.pagePath, '/shop/stoneware-mug');
    t.equal(hit!.visitorId, 'visitor-1');
    t.equal(hit!.bot, false);
    t.equal(hit!.data.title, 'Stoneware Mug');
    t.ok((await partitionDays(db)).includes(partitionDay(new Date())), 'the day has its partition');
  },
);

t.test('bad census bodies are refused and store nothing', async (t) => {
  const before = (await stored('hit', 0)).length;
  const cases: Array<[string, number]> = [
    [form({ event: 'view', data: '{not json' }), 400],
    [form({ event: 'view', data: '[1,2]' }), 400],
    [form({ event: 'view', data: JSON.stringify({ ...hitData, password: 'x' }) }), 400],
    [form({ event: '', data: '{}' }), 400],
    [form({ data: '{}' }), 400],
    [form({ event: 'view', data: JSON.stringify({ title: 'x'.repeat(9_000) }) }), 400],
  ];
  for (const [payload, status] of cases) {
    const response = await beacon('/api/census/RecordHit', payload, 'application/x-www-form-urlencoded');
    t.equal(response.statusCode, status, payload.slice(0, 60));
    t.type(response.json().error.message, 'string');
  }
  await sleep(1_200);
  t.equal((await stored('hit', 0)).length, before);
});

t.test('pages under the config path are never counted; bots are stored apart', async (t) => {
  const config = await beacon(
    '/api/census/RecordHit',
    form({ event: 'view', data: JSON.stringify({ ...hitData, url: 'http://localhost/config/settings' }) }),
    'application/x-www-form-urlencoded',
  );
  t.equal(config.statusCode, 204);
  const bot = await beacon(
    '/api/census/RecordHit',
    form({ event: 'view', data: JSON.stringify({ ...hitData, url: 'http://localhost/about' }) }),
    'application/x-www-form-urlencoded',
    { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
  );
  t.equal(bot.statusCode, 204);
  const hits = await stored('hit', 2);
  t.notOk(
    hits.some((h) => h.pagePath?.startsWith('/config')),
    'the config page is not stored',
  );
  t.same(
    hits.filter((h) => h.pagePath === '/about').map((h) => h.bot),
    [true],
  );
});

t.test('clicks, renders, overlays, form renders and quick views', async (t) => {
  const json = 'application/json';
  t.equal(
    (await beacon('/api/census/button-click', JSON.stringify({ blockId: 'b1', label: 'Buy' }), json)).statusCode,
    204,
  );
  t.equal((await beacon('/api/census/button-render', JSON.stringify({ blockId: 'b1' }), json)).statusCode, 204);
  t.equal((await beacon('/api/census/overlay', JSON.stringify({ action: 'shown' }), json)).statusCode, 204);
  t.equal(
    (await beacon('/api/census/form-render', JSON.stringify({ formId: 'f1', visitorCookie: 'visitor-2' }), json))
      .statusCode,
    204,
  );
  t.equal((await beacon('/api/census/RecordQuickView/item-7', '', json)).statusCode, 204);
  t.equal(
    (await beacon('/api/census/button-click', JSON.stringify({ nested: { no: 1 } }), json)).statusCode,
    400,
    'only flat values',
  );
  t.equal((await beacon('/api/census/form-render', JSON.stringify({}), json)).statusCode, 400, 'formId is required');
  const [formRender] = await stored('form-render', 1);
  t.equal(formRender?.visitorId, 'visitor-2');
  t.equal(formRender?.data.formId, 'f1');
  t.equal((await stored('quick-view', 1))[0]?.data.itemId, 'item-7');
  t.equal((await stored('button-click', 1)).length, 1);
});

t.test('performance: a page load id, then its records with time values rounded and bad ones dropped', async (t) => {
  const settings = await app.inject({ method: 'GET', url: '/api/1/performance/settings', headers: { host: HOST } });
  t.equal(settings.statusCode, 200);
  const { pageLoadId } = settings.json();
  t.type(pageLoadId, 'string');
  const records = [
    {
      app: 'site',
      event: 'web-vitals',
      pageLoadId,
      ts: Date.now(),
      data: { lcp: 1234.6, cls: 0.034, fcp: -5, ttfb: 3e9 },
    },
  ];
  t.equal((await beacon('/api/1/performance/records', JSON.stringify(records), 'application/json')).statusCode, 204);
  const [record] = await stored('performance', 1);
  t.same(record?.data, { app: 'site', pageLoadId, ts: records[0]!.ts, lcp: 1235, cls: 0.034 });
  t.equal((await beacon('/api/1/performance/records', '[]', 'application/json')).statusCode, 400, 'an empty list');
  const tooMany = Array.from({ length: 101 }, () => records[0]);
  t.equal((await beacon('/api/1/performance/records', JSON.stringify(tooMany), 'application/json')).statusCode, 400);
});

t.test('JavaScript errors and recorded events need the crumb; stacks are bounded', async (t) => {
  const report = [
    { message: 'x is undefined', stack: 'at f (islands.js:1:2)', url: 'http://localhost/cart', line: 1, column: 2 },
  ];
  const withoutCrumb = await beacon('/api/events/RecordJavascriptErrors', JSON.stringify(report), 'application/json');
  t.equal(withoutCrumb.statusCode, 403);
  const crumbHeaders = { cookie: `crumb=${CRUMB}`, 'x-csrf-token': CRUMB };
  const ok = await beacon(
    '/api/events/RecordJavascriptErrors',
    JSON.stringify(report),
    'application/json',
    crumbHeaders,
  );
  t.equal(ok.statusCode, 204);
  const long = [{ ...report[0], stack: 'x'.repeat(5_001) }];
  t.equal(
    (await beacon('/api/events/RecordJavascriptErrors', JSON.stringify(long), 'application/json', crumbHeaders))
      .statusCode,
    400,
  );
  const [error] = await stored('javascript-error', 1);
  t.equal(error?.name, 'x is undefined');
  t.equal(error?.pagePath, '/cart');

  const event = form({
    crumb: CRUMB,
    event: 'product_page_visit',
    data: JSON.stringify({ page_path: '/shop/mug', object_identifier: 'p1' }),
  });
  t.equal(
    (await beacon('/api/events/RecordEvent', event, 'application/x-www-form-urlencoded')).statusCode,
    403,
    'no crumb cookie',
  );
  t.equal(
    (await beacon('/api/events/RecordEvent', event, 'application/x-www-form-urlencoded', { cookie: `crumb=${CRUMB}` }))
      .statusCode,
    202,
  );
  const [recorded] = await stored('event', 1);
  t.equal(recorded?.name, 'product_page_visit');
  t.equal(recorded?.pagePath, '/shop/mug');
});

t.test('beacons have a limit of their own, not the write limit', async (t) => {
  const address = '10.9.9.9';
  const statuses: number[] = [];
  for (let i = 0; i < 26; i++) {
    const response = await beacon('/api/census/button-click', JSON.stringify({ i }), 'application/json', {
      'x-address': address,
    });
    statuses.push(response.statusCode);
  }
  t.same(statuses.slice(0, 25), Array(25).fill(204), 'more than the 3 writes a minute this app allows');
  t.equal(statuses[25], 429);
});
