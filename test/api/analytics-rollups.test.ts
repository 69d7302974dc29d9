/**
 * Visitor events rolled up by day (api/analytics/rollups.ts) and the
 * dashboards' queries over them (dashboard-queries.ts): traffic by day and
 * week, top pages, devices by the 432/433 px breakpoint, referrers, the
 * funnel, web vitals' p75 with the spec's ratings, errors by message; bots
 * left out; a refresh rebuilds only days with new events; old partitions go.
 */
import t from 'tap';
import {
  breakdown,
  funnel,
  javascriptErrors,
  topPages,
  traffic,
  vitalRating,
  webVitals,
} from '../../api/analytics/dashboard-queries.ts';
import { dropExpiredPartitions, partitionDays } from '../../api/analytics/event-partitions.ts';
import { EventWriter } from '../../api/analytics/event-writer.ts';
import { refreshRollups } from '../../api/analytics/rollups.ts';
import type { VisitorEvent } from '../../api/analytics/visitor-event.ts';
import { buildWebsite } from './helpers/build-site.ts';
import { openTestDatabase } from './helpers/test-database.ts';

const { db } = await openTestDatabase(t);
const { websiteId } = await buildWebsite(db);
const writer = new EventWriter(db, { retentionDays: 400, warn: (m, e) => t.fail(`${m}: ${String(e)}`) });

const DAY1 = '2026-11-02';
const DAY2 = '2026-11-03';
const at = (day: string, hour: number) => new Date(`${day}T${String(hour).padStart(2, '0')}:00:00Z`);

function hit(
  day: string,
  visitor: string,
  session: string,
  path: string,
  width: number,
  extra: Partial<VisitorEvent> = {},
): VisitorEvent {
  return {
    websiteId,
    occurredAt: at(day, 10),
    kind: 'hit',
    name: 'view',
    visitorId: visitor,
    sessionId: session,
    pagePath: path,
    bot: false,
    data: {
      viewportInnerWidth: width,
      referrer: visitor === 'a' ? 'https://www.google.com/search?q=mug' : '',
      website_locale: 'en-US',
    },
    ...extra,
  };
}
const event = (
  day: string,
  visitor: string,
  name: string,
  kind: VisitorEvent['kind'] = 'event',
  data = {},
): VisitorEvent => ({
  websiteId,
  occurredAt: at(day, 11),
  kind,
  name,
  visitorId: visitor,
  sessionId: `${visitor}-s`,
  pagePath: '/shop/mug',
  bot: false,
  data,
});

writer.add([
  hit(DAY1, 'a', 'a1', '/', 1280),
  hit(DAY1, 'a', 'a1', '/shop/mug', 1280),
  hit(DAY1, 'a', 'a2', '/shop/mug', 1280),
  hit(DAY1, 'b', 'b1', '/shop/mug', 432),
  hit(DAY1, 'c', 'c1', '/checkout', 433),
  hit(DAY1, 'bot', 'x', '/', 1280, { bot: true }),
  hit(DAY2, 'a', 'a3', '/', 1280),
  event(DAY1, 'a', 'product_page_visit'),
  event(DAY1, 'b', 'product_page_visit'),
  event(DAY1, 'a', 'add_to_cart'),
  event(DAY1, 'c', 'checkout_confirmed'),
  ...[100, 200, 300, 400, 2_000, 2_100, 2_200, 5_000].map((lcp) =>
    event(DAY1, 'a', 'web-vital', 'performance', { lcp }),
  ),
  ...[0.01, 0.02, 0.3, 0.3].map((cls) => event(DAY1, 'b', 'web-vital', 'performance', { cls })),
  event(DAY1, 'a', 'x is undefined', 'javascript-error'),
  event(DAY1, 'b', 'x is undefined', 'javascript-error'),
  event(DAY2, 'b', 'y failed', 'javascript-error'),
]);
await writer.flush();

t.test('a first refresh rolls up every day; the dashboards read the rollups', async (t) => {
  t.same(await refreshRollups(db, websiteId), [DAY1, DAY2]);
  const range = { websiteId, from: DAY1, to: DAY2 };
  t.same(await traffic(db, range, 'day'), [
    { period: DAY1, visits: 4, visitors: 3, views: 5 },
    { period: DAY2, visits: 1, visitors: 1, views: 1 },
  ]);
  t.same(
    await traffic(db, range, 'week'),
    [{ period: '2026-11-02', visits: 5, visitors: 3, views: 6 }],
    'a visitor counted once a week',
  );
  t.same(await topPages(db, range), [
    { path: '/shop/mug', views: 3 },
    { path: '/', views: 2 },
    { path: '/checkout', views: 1 },
  ]);
  t.same(await breakdown(db, range, 'device'), [
    { value: 'desktop', views: 4 },
    { value: 'phone', views: 1 },
    { value: 'tablet', views: 1 },
  ]);
  t.same(await breakdown(db, range, 'referrer'), [
    { value: 'www.google.com', views: 4 },
    { value: 'direct', views: 2 },
  ]);
  t.same(await funnel(db, range), [
    { step: 'product-view', visitors: 2 },
    { step: 'add-to-cart', visitors: 1 },
    { step: 'checkout', visitors: 1 },
    { step: 'order', visitors: 1 },
  ]);
  const vitals = await webVitals(db, range);
  const lcp = vitals.find((v) => v.metric === 'LCP')!;
  t.equal(lcp.samples, 8);
  t.ok(Math.abs(lcp.p75 - 2_100) / 2_100 < 0.05, `LCP p75 ${lcp.p75} within 5% of 2100`);
  t.equal(lcp.rating, 'good');
  const cls = vitals.find((v) => v.metric === 'CLS')!;
  t.ok(Math.abs(cls.p75 - 0.3) / 0.3 < 0.05, `CLS p75 ${cls.p75} within 5% of 0.3`);
  t.equal(cls.rating, 'poor');
  t.same(await javascriptErrors(db, range), [
    { message: 'x is undefined', occurrences: 2 },
    { message: 'y failed', occurrences: 1 },
  ]);
});

t.test("the spec's thresholds: at the good one is good, above the poor one is poor", async (t) => {
  t.equal(vitalRating('LCP', 2_500), 'good');
  t.equal(vitalRating('LCP', 2_501), 'needs-improvement');
  t.equal(vitalRating('LCP', 4_000), 'needs-improvement');
  t.equal(vitalRating('LCP', 4_001), 'poor');
  t.equal(vitalRating('CLS', 0.1), 'good');
  t.equal(vitalRating('TTFB', 1_801), 'poor');
});

t.test('a refresh rebuilds only the days with events after their rollup', async (t) => {
  t.same(await refreshRollups(db, websiteId), [], 'nothing new');
  writer.add([{ ...hit(DAY2, 'd', 'd1', '/about', 800), occurredAt: new Date() }]);
  await writer.flush();
  const today = new Date().toISOString().slice(0, 10);
  t.same(await refreshRollups(db, websiteId), [today]);
  t.same(await topPages(db, { websiteId, from: today, to: today }), [{ path: '/about', views: 1 }]);
});

t.test('partitions older than the retention are dropped whole', async (t) => {
  const days = await partitionDays(db);
  t.ok(days.includes('20261102') && days.includes('20261103'));
  const dropped = await dropExpiredPartitions(db, new Date('2026-11-04T12:00:00Z'), 1);
  t.same(dropped, ['20261102']);
  t.notOk((await partitionDays(db)).includes('20261102'));
  const left = await db
    .selectFrom('visitorEvents')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  t.ok(Number(left?.n) > 0, 'later days keep their events');
});
