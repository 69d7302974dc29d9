/**
 * `npm run bench:analytics`: seeds 10 million visitor events over 90 days on
 * PostgreSQL (DATABASE_URL, else the local server at 127.0.0.1:5432), rolls
 * them up, and prints each dashboard query's time (median of 5) over the last
 * 30 days and the whole 90, against the target of 200 ms each.
 * EVENTS=n seeds another count. The events are made by SQL
 * (generate_series) in the day partitions, as the ingestion writes them:
 * page views, tracker events, performance records and errors from 300,000
 * visitors over 400 pages.
 */
import { sql } from 'kysely';
import {
  breakdown,
  commerce,
  funnel,
  javascriptErrors,
  topPages,
  traffic,
  webVitals,
} from '../api/analytics/dashboard-queries.ts';
import { ensurePartition, partitionDay } from '../api/analytics/event-partitions.ts';
import { refreshRollups } from '../api/analytics/rollups.ts';
import { migrateToLatest } from '../api/db/migrate.ts';
import { openBenchDatabase } from './bench-database.ts';
import { buildBenchWebsite } from './bench-website.ts';

const EVENTS = Number(process.env.EVENTS ?? 10_000_000);
const DAYS = 90;
const TARGET_MS = 200;
const DAY_MS = 86_400_000;

process.env.DATABASE_URL ||= 'postgres://postgres@127.0.0.1:5432/postgres';
const bench = await openBenchDatabase('bench_analytics', { onDisk: true });
const { db } = bench.handle;
try {
  await migrateToLatest(db);
  const websiteId = await buildBenchWebsite(db);
  const end = new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS);
  const start = new Date(end.getTime() - DAYS * DAY_MS);
  for (let day = start.getTime(); day <= end.getTime(); day += DAY_MS)
    await ensurePartition(db, partitionDay(new Date(day)));

  const seedStart = performance.now();
  const chunk = 1_000_000;
  for (let done = 0; done < EVENTS; done += chunk) {
    const count = Math.min(chunk, EVENTS - done);
    await sql`
      INSERT INTO visitor_events (website_id, occurred_at, kind, name, visitor_id, session_id, page_path, bot, data)
      SELECT ${websiteId},
        ${start}::timestamptz + (random() * ${DAYS * DAY_MS}) * interval '1 millisecond',
        k.kind, k.name, 'v' || v, 'v' || v || '-' || (i % 7), '/page-' || (i % 400), (i % 50 = 0),
        CASE k.kind
          WHEN 'hit' THEN jsonb_build_object('viewportInnerWidth', (ARRAY[390, 768, 1280, 1920])[1 + i % 4],
            'referrer', (ARRAY['', 'https://www.google.com/', 'https://www.instagram.com/', 'https://news.example/'])[1 + i % 4],
            'website_locale', (ARRAY['en-US', 'fr-CA', 'de-DE'])[1 + i % 3])
          WHEN 'performance' THEN jsonb_build_object((ARRAY['lcp', 'fcp', 'inp', 'ttfb', 'cls'])[1 + i % 5],
            CASE WHEN i % 5 = 4 THEN random() * 0.4 ELSE 50 + random() * 4000 END)
          ELSE '{}'::jsonb END
      FROM generate_series(${done + 1}::bigint, ${done + count}::bigint) AS i
      CROSS JOIN LATERAL (SELECT (i * 7919) % 300000 AS v) visitor
      CROSS JOIN LATERAL (SELECT CASE
        WHEN i % 100 < 70 THEN 'hit' WHEN i % 100 < 85 THEN 'event' WHEN i % 100 < 98 THEN 'performance' ELSE 'javascript-error' END AS kind) kk
      CROSS JOIN LATERAL (SELECT kk.kind, CASE kk.kind
        WHEN 'hit' THEN 'view'
        WHEN 'event' THEN (ARRAY['product_page_visit', 'add_to_cart', 'checkout_confirmed', 'visit'])[1 + i % 4]
        WHEN 'performance' THEN 'web-vital'
        ELSE 'Error ' || (i % 30) END AS name) k
    `.execute(db);
  }
  await sql`ANALYZE visitor_events`.execute(db);
  const seedSeconds = (performance.now() - seedStart) / 1000;

  const rollStart = performance.now();
  const days = await refreshRollups(db, websiteId);
  const rollSeconds = (performance.now() - rollStart) / 1000;
  await sql`ANALYZE`.execute(db);
  const incrementalStart = performance.now();
  await refreshRollups(db, websiteId);
  const incrementalMs = performance.now() - incrementalStart;

  const iso = (time: number) => new Date(time).toISOString().slice(0, 10);
  const ranges = {
    '30 days': { websiteId, from: iso(end.getTime() - 29 * DAY_MS), to: iso(end.getTime()) },
    '90 days': { websiteId, from: iso(start.getTime()), to: iso(end.getTime()) },
  };
  const queries: Record<string, (range: (typeof ranges)['30 days']) => Promise<unknown>> = {
    'traffic by day': (r) => traffic(db, r, 'day'),
    'traffic by week': (r) => traffic(db, r, 'week'),
    'top pages': (r) => topPages(db, r),
    referrers: (r) => breakdown(db, r, 'referrer'),
    devices: (r) => breakdown(db, r, 'device'),
    locales: (r) => breakdown(db, r, 'locale'),
    funnel: (r) => funnel(db, r),
    'web vitals p75': (r) => webVitals(db, r),
    'JavaScript errors': (r) => javascriptErrors(db, r),
    commerce: (r) => commerce(db, r),
  };
  console.log(
    `bench:analytics on PostgreSQL: ${EVENTS.toLocaleString('en-US')} events over ${DAYS} days, seeded in ${seedSeconds.toFixed(0)} s; ` +
      `first rollup of ${days.length} days ${rollSeconds.toFixed(1)} s, a refresh with nothing new ${incrementalMs.toFixed(0)} ms`,
  );
  console.log(`target: each query under ${TARGET_MS} ms (median of 5)`);
  for (const [name, query] of Object.entries(queries)) {
    const cells: string[] = [];
    for (const [label, range] of Object.entries(ranges)) {
      const times: number[] = [];
      for (let i = 0; i < 5; i++) {
        const t0 = performance.now();
        await query(range);
        times.push(performance.now() - t0);
      }
      const median = times.sort((a, b) => a - b)[2]!;
      cells.push(`${label} ${median.toFixed(1).padStart(7)} ms ${median < TARGET_MS ? 'ok' : 'MISS'}`);
    }
    console.log(`${name.padEnd(20)} ${cells.join('   ')}`);
  }
} finally {
  await bench.drop();
}
