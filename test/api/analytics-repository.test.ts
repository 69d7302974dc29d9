import t from 'tap';
import { cleanTimeValues, recordEvent, recordPerformanceRecords } from '../../api/repositories/analytics-repository.ts';
import { buildWebsite } from './helpers/build-site.ts';
import { openTestDatabase } from './helpers/test-database.ts';

const { db } = await openTestDatabase(t);

t.test('cleanTimeValues rounds and drops out-of-range time values', async (t) => {
  t.same(
    cleanTimeValues({
      fcp: 1234.56,
      lcp: -1,
      ttfb: 2147483647,
      inp: 2147483648,
      fid: Number.NaN,
      cls: 0.0731,
      CLS: -0.1,
      name: 'LCP',
      nested: { x: 1 },
    }),
    { fcp: 1235, ttfb: 2147483647, cls: 0.0731, name: 'LCP', nested: { x: 1 } },
  );
});

t.test('recordPerformanceRecords stores the valid records of a batch', async (t) => {
  const { websiteId } = await buildWebsite(db);
  const ts = 1_717_171_717_171;
  const stored = await recordPerformanceRecords(db, websiteId, [
    { app: 'site', event: 'web-vitals', pageLoadId: 'p1', ts, data: { lcp: 2500.4, fcp: -3 } },
    { app: 'site', event: 'web-vitals', pageLoadId: 'p1', ts: -5, data: {} },
    { app: 'site', event: 'web-vitals', pageLoadId: 'p2', ts: ts + 0.6, data: { ttfb: 3e9 } },
  ]);
  t.equal(stored, 2, 'the record with a negative timestamp is dropped');
  const rows = await db
    .selectFrom('performanceRecords')
    .select(['pageLoadId', 'ts', 'data'])
    .where('websiteId', '=', websiteId)
    .orderBy('id')
    .execute();
  t.same(rows, [
    { pageLoadId: 'p1', ts: String(ts), data: { lcp: 2500 } },
    { pageLoadId: 'p2', ts: String(ts + 1), data: {} },
  ]);
  t.equal(await recordPerformanceRecords(db, websiteId, []), 0);
});

t.test('recordEvent stores the payload', async (t) => {
  const { websiteId } = await buildWebsite(db);
  await recordEvent(db, websiteId, 'add_to_cart', { itemId: 'i1', quantity: 2 });
  const rows = await db
    .selectFrom('analyticsEvents')
    .select(['eventName', 'payload'])
    .where('websiteId', '=', websiteId)
    .execute();
  t.same(rows, [{ eventName: 'add_to_cart', payload: { itemId: 'i1', quantity: 2 } }]);
});
