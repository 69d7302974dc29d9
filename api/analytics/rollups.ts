/**
 * Rolls visitor_events up into the daily tables of migration 0022, one day of
 * one website at a time: the day's rows are deleted and rebuilt from that
 * day's partition in one transaction, so a dashboard reads a day either as it
 * was or as it is. A refresh rebuilds the days whose events came after their
 * last rollup: after the first, that is today (and yesterday just after
 * midnight), whatever the history's length.
 */
import { sql } from 'kysely';
import { WEB_VITAL_THRESHOLDS } from '../../shared/analytics-rules.ts';
import { type Db, inTransaction } from '../repositories/transaction.ts';

/** Spec section 5: the phone/tablet breakpoint (432/433 px), and where a tablet ends. */
export const PHONE_MAX_WIDTH = 432;
export const TABLET_MAX_WIDTH = 1_024;

/** Web vital histograms: bucket b holds values in [GROWTH^b - 1, GROWTH^(b+1) - 1); CLS is counted in thousandths. */
export const VITAL_BUCKET_GROWTH = 1.1;
const VITAL_METRICS = Object.keys(WEB_VITAL_THRESHOLDS).map((name) => name.toLowerCase());
/** The funnel's steps: the tracker's events, and the census's view of the checkout page. */
export const FUNNEL_STEPS = ['product-view', 'add-to-cart', 'checkout', 'order'] as const;

const DAY_MS = 86_400_000;

/** The days of a website with events after their last rollup (or never rolled up), oldest first. */
export async function staleDays(db: Db, websiteId: string): Promise<string[]> {
  const latest = await db
    .selectFrom('analyticsRollupDays')
    .select((eb) => eb.fn.max('rolledUpAt').as('at'))
    .where('websiteId', '=', websiteId)
    .executeTakeFirst();
  // Events arrive stamped with the time they arrive, so only days since the last refresh can have new ones.
  const since = latest?.at ? new Date(new Date(latest.at).getTime() - DAY_MS) : new Date(0);
  const { rows } = await sql<{ day: string }>`
    SELECT to_char(date_trunc('day', e.occurred_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS day
    FROM visitor_events e
    LEFT JOIN analytics_rollup_days r
      ON r.website_id = e.website_id AND r.day = (e.occurred_at AT TIME ZONE 'UTC')::date
    WHERE e.website_id = ${websiteId} AND e.occurred_at >= ${since}
    GROUP BY 1, r.rolled_up_at
    HAVING r.rolled_up_at IS NULL OR max(e.occurred_at) >= r.rolled_up_at
    ORDER BY 1
  `.execute(db);
  return [...new Set(rows.map((row) => row.day))];
}

/** Rebuilds one day's rollups of a website. `rolledUpAt` is taken before reading, so nothing that arrives meanwhile is missed. */
export async function rollUpDay(db: Db, websiteId: string, day: string, rolledUpAt: Date = new Date()): Promise<void> {
  const from = new Date(`${day}T00:00:00Z`);
  const to = new Date(from.getTime() + DAY_MS);
  const range = sql`e.website_id = ${websiteId} AND e.occurred_at >= ${from} AND e.occurred_at < ${to}`;
  const hits = sql`${range} AND e.kind = 'hit' AND NOT e.bot`;
  const visitor = sql`coalesce(e.visitor_id, 'session:' || coalesce(e.session_id, ''))`;
  await inTransaction(db, async (trx) => {
    for (const table of [
      'analytics_daily_pages',
      'analytics_daily_visitors',
      'analytics_daily_breakdowns',
      'analytics_daily_funnel',
      'analytics_daily_vitals',
      'analytics_daily_errors',
    ]) {
      await sql`DELETE FROM ${sql.id(table)} WHERE website_id = ${websiteId} AND day = ${day}::date`.execute(trx);
    }
    await sql`
      INSERT INTO analytics_daily_pages (website_id, day, page_path, views, visitors)
      SELECT ${websiteId}, ${day}::date, e.page_path, count(*), count(DISTINCT ${visitor})
      FROM visitor_events e WHERE ${hits} AND e.page_path IS NOT NULL GROUP BY e.page_path
    `.execute(trx);
    await sql`
      INSERT INTO analytics_daily_visitors (website_id, day, visitor_id, visits, views)
      SELECT ${websiteId}, ${day}::date, ${visitor}, count(DISTINCT coalesce(e.session_id, '')), count(*)
      FROM visitor_events e WHERE ${hits} GROUP BY 3
    `.execute(trx);
    await sql`
      INSERT INTO analytics_daily_breakdowns (website_id, day, dimension, value, views)
      SELECT ${websiteId}, ${day}::date, d.dimension, d.value, count(*)
      FROM visitor_events e
      CROSS JOIN LATERAL (VALUES
        ('device', CASE
          WHEN (e.data->>'viewportInnerWidth') IS NULL THEN 'unknown'
          WHEN (e.data->>'viewportInnerWidth')::numeric <= ${PHONE_MAX_WIDTH} THEN 'phone'
          WHEN (e.data->>'viewportInnerWidth')::numeric <= ${TABLET_MAX_WIDTH} THEN 'tablet'
          ELSE 'desktop' END),
        ('referrer', coalesce(nullif(substring(e.data->>'referrer' from '^[a-z][a-z0-9+.-]*://([^/:?#]+)'), ''), 'direct')),
        ('locale', coalesce(nullif(e.data->>'website_locale', ''), 'unknown'))
      ) AS d(dimension, value)
      WHERE ${hits}
      GROUP BY d.dimension, d.value
    `.execute(trx);
    await sql`
      INSERT INTO analytics_daily_funnel (website_id, day, step, visitors)
      SELECT ${websiteId}, ${day}::date, s.step, count(DISTINCT ${visitor})
      FROM visitor_events e
      CROSS JOIN LATERAL (SELECT CASE
        WHEN e.kind = 'event' AND e.name = 'product_page_visit' THEN 'product-view'
        WHEN e.kind = 'event' AND e.name = 'add_to_cart' THEN 'add-to-cart'
        WHEN e.kind = 'hit' AND e.page_path = '/checkout' THEN 'checkout'
        WHEN e.kind = 'event' AND e.name = 'checkout_confirmed' THEN 'order'
      END AS step) s
      WHERE ${range} AND NOT e.bot AND s.step IS NOT NULL
      GROUP BY s.step
    `.execute(trx);
    await sql`
      INSERT INTO analytics_daily_vitals (website_id, day, page_path, metric, bucket, samples)
      SELECT ${websiteId}, ${day}::date, coalesce(e.page_path, ''), m.metric,
        floor(ln(1 + m.value * CASE WHEN m.metric = 'cls' THEN 1000 ELSE 1 END) / ln(${VITAL_BUCKET_GROWTH}))::smallint,
        count(*)
      FROM visitor_events e
      CROSS JOIN LATERAL (
        SELECT key AS metric, CASE WHEN jsonb_typeof(value) = 'number' THEN value::text::numeric END AS value
        FROM jsonb_each(e.data) WHERE key IN (${sql.join(VITAL_METRICS)})
      ) m
      WHERE ${range} AND e.kind = 'performance' AND NOT e.bot AND m.value >= 0
      GROUP BY 3, 4, 5
    `.execute(trx);
    await sql`
      INSERT INTO analytics_daily_errors (website_id, day, message, occurrences)
      SELECT ${websiteId}, ${day}::date, e.name, count(*)
      FROM visitor_events e WHERE ${range} AND e.kind = 'javascript-error' AND NOT e.bot GROUP BY e.name
    `.execute(trx);
    await sql`
      INSERT INTO analytics_rollup_days (website_id, day, rolled_up_at) VALUES (${websiteId}, ${day}::date, ${rolledUpAt})
      ON CONFLICT (website_id, day) DO UPDATE SET rolled_up_at = excluded.rolled_up_at
    `.execute(trx);
  });
}

export const PERIOD_UNITS = ['day', 'week', 'month'] as const;
export type PeriodUnit = (typeof PERIOD_UNITS)[number];

/** The first day of the day's week (Monday) or month, 'YYYY-MM-DD'. */
export function periodStart(unit: PeriodUnit, day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (unit === 'week') date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
  if (unit === 'month') date.setUTCDate(1);
  return date.toISOString().slice(0, 10);
}

/** Recounts a period's visits, unique visitors and views from its days' visitors. */
async function totalPeriod(db: Db, websiteId: string, unit: PeriodUnit, period: string): Promise<void> {
  const end = sql`(${period}::date + ${sql.lit(`1 ${unit}`)}::interval)::date`;
  await inTransaction(db, async (trx) => {
    await sql`DELETE FROM analytics_period_totals WHERE website_id = ${websiteId} AND unit = ${unit} AND period = ${period}::date`.execute(
      trx,
    );
    await sql`
      INSERT INTO analytics_period_totals (website_id, unit, period, visits, visitors, views)
      SELECT ${websiteId}, ${unit}, ${period}::date, sum(visits), count(DISTINCT visitor_id), sum(views)
      FROM analytics_daily_visitors
      WHERE website_id = ${websiteId} AND day >= ${period}::date AND day < ${end}
      HAVING count(*) > 0
    `.execute(trx);
  });
}

/** Rolls up every stale day of a website, then the weeks and months they fall in; returns the days rebuilt. */
export async function refreshRollups(db: Db, websiteId: string, now: () => Date = () => new Date()): Promise<string[]> {
  const days = await staleDays(db, websiteId);
  for (const day of days) await rollUpDay(db, websiteId, day, now());
  for (const unit of PERIOD_UNITS) {
    for (const period of new Set(days.map((day) => periodStart(unit, day))))
      await totalPeriod(db, websiteId, unit, period);
  }
  return days;
}
