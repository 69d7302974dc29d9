/**
 * What the owner's dashboards show (issue 25), read from the daily rollups
 * (rollups.ts) over a range of days [from, to], both 'YYYY-MM-DD' in UTC:
 * traffic over time, top pages, referrers, devices and locales, the
 * conversion funnel, the p75 of each web vital per page with its rating, and
 * JavaScript errors by message. Commerce figures come from the orders and
 * carts themselves.
 */
import { sql } from 'kysely';
import { WEB_VITAL_THRESHOLDS, type WebVitalName } from '../../shared/analytics-rules.ts';
import type { Db } from '../repositories/transaction.ts';
import { FUNNEL_STEPS, type PeriodUnit, periodStart, VITAL_BUCKET_GROWTH } from './rollups.ts';

export interface DayRange {
  websiteId: string;
  from: string;
  to: string;
}

export type Granularity = PeriodUnit;
export type Dimension = 'device' | 'referrer' | 'locale';

const inRange = (r: DayRange) => sql`website_id = ${r.websiteId} AND day BETWEEN ${r.from}::date AND ${r.to}::date`;

export interface TrafficPoint {
  period: string;
  visits: number;
  visitors: number;
  views: number;
}

/**
 * Visits, unique visitors and page views, one point per day, week (from
 * Monday) or month: whole periods, so a range that starts mid-week shows that
 * whole week.
 */
export async function traffic(db: Db, range: DayRange, unit: Granularity): Promise<TrafficPoint[]> {
  const { rows } = await sql<TrafficPoint>`
    SELECT to_char(period, 'YYYY-MM-DD') AS period, visits, visitors, views
    FROM analytics_period_totals
    WHERE website_id = ${range.websiteId} AND unit = ${unit}
      AND period BETWEEN ${periodStart(unit, range.from)}::date AND ${range.to}::date
    ORDER BY period
  `.execute(db);
  return rows;
}

export async function topPages(db: Db, range: DayRange, limit = 10): Promise<{ path: string; views: number }[]> {
  const { rows } = await sql<{ path: string; views: number }>`
    SELECT page_path AS path, sum(views)::int AS views FROM analytics_daily_pages WHERE ${inRange(range)}
    GROUP BY page_path ORDER BY views DESC, path LIMIT ${limit}
  `.execute(db);
  return rows;
}

export async function breakdown(
  db: Db,
  range: DayRange,
  dimension: Dimension,
  limit = 10,
): Promise<{ value: string; views: number }[]> {
  const { rows } = await sql<{ value: string; views: number }>`
    SELECT value, sum(views)::int AS views FROM analytics_daily_breakdowns
    WHERE ${inRange(range)} AND dimension = ${dimension}
    GROUP BY value ORDER BY views DESC, value LIMIT ${limit}
  `.execute(db);
  return rows;
}

/** Visitors at each step (counted per day: a visitor who came back another day counts again). */
export async function funnel(db: Db, range: DayRange): Promise<{ step: string; visitors: number }[]> {
  const { rows } = await sql<{ step: string; visitors: number }>`
    SELECT step, sum(visitors)::int AS visitors FROM analytics_daily_funnel WHERE ${inRange(range)} GROUP BY step
  `.execute(db);
  const byStep = new Map(rows.map((row) => [row.step, row.visitors]));
  return FUNNEL_STEPS.map((step) => ({ step, visitors: byStep.get(step) ?? 0 }));
}

export type VitalRating = 'good' | 'needs-improvement' | 'poor';

export interface VitalSummary {
  path: string;
  metric: WebVitalName;
  p75: number;
  samples: number;
  rating: VitalRating;
}

export function vitalRating(metric: WebVitalName, value: number): VitalRating {
  const { good, poor } = WEB_VITAL_THRESHOLDS[metric];
  return value <= good ? 'good' : value > poor ? 'poor' : 'needs-improvement';
}

/** The middle of a histogram bucket, back in the metric's unit (CLS in thousandths in the histogram). */
function bucketValue(metric: WebVitalName, bucket: number): number {
  const low = VITAL_BUCKET_GROWTH ** bucket - 1;
  const high = VITAL_BUCKET_GROWTH ** (bucket + 1) - 1;
  const middle = (low + high) / 2;
  return metric === 'CLS' ? Math.round(middle) / 1000 : Math.round(middle);
}

/** The 75th percentile of each web vital on each page, from the summed histograms (within 5% of the true value). */
export async function webVitals(db: Db, range: DayRange): Promise<VitalSummary[]> {
  const { rows } = await sql<{ path: string; metric: string; bucket: number; samples: number }>`
    WITH summed AS (
      SELECT page_path, metric, bucket, sum(samples) AS samples FROM analytics_daily_vitals
      WHERE ${inRange(range)} GROUP BY page_path, metric, bucket
    ), running AS (
      SELECT page_path, metric, bucket,
        sum(samples) OVER (PARTITION BY page_path, metric ORDER BY bucket) AS below,
        sum(samples) OVER (PARTITION BY page_path, metric) AS total
      FROM summed
    )
    SELECT DISTINCT ON (page_path, metric) page_path AS path, metric, bucket, total::int AS samples
    FROM running WHERE below >= 0.75 * total
    ORDER BY page_path, metric, bucket
  `.execute(db);
  return rows.map((row) => {
    const metric = row.metric.toUpperCase() as WebVitalName;
    const p75 = bucketValue(metric, row.bucket);
    return { path: row.path, metric, p75, samples: row.samples, rating: vitalRating(metric, p75) };
  });
}

export async function javascriptErrors(
  db: Db,
  range: DayRange,
  limit = 20,
): Promise<{ message: string; occurrences: number }[]> {
  const { rows } = await sql<{ message: string; occurrences: number }>`
    SELECT message, sum(occurrences)::int AS occurrences FROM analytics_daily_errors WHERE ${inRange(range)}
    GROUP BY message ORDER BY occurrences DESC, message LIMIT ${limit}
  `.execute(db);
  return rows;
}

export interface CommerceSummary {
  orders: number;
  /** Minor units of the store's currency, test orders left out. */
  revenueMinor: string;
  topProducts: { productName: string; quantity: number; revenueMinor: string }[];
  /** Carts with something in them, changed in the range, never ordered. */
  abandonedCarts: number;
}

export async function commerce(db: Db, range: DayRange): Promise<CommerceSummary> {
  const from = new Date(`${range.from}T00:00:00Z`);
  const to = new Date(new Date(`${range.to}T00:00:00Z`).getTime() + 86_400_000);
  const totals = await db
    .selectFrom('orders')
    .select((eb) => [eb.fn.countAll<number>().as('orders'), eb.fn.sum<string>('grandTotalMinor').as('revenue')])
    .where('websiteId', '=', range.websiteId)
    .where('createdOn', '>=', from)
    .where('createdOn', '<', to)
    .where('testMode', '=', false)
    .where('paymentStatus', '=', 'paid')
    .where('status', '!=', 'CANCELED')
    .executeTakeFirst();
  const { rows: topProducts } = await sql<{ productName: string; quantity: number; revenueMinor: string }>`
    SELECT l.product_name AS "productName", sum(l.quantity)::int AS quantity,
      sum(l.quantity * l.unit_price_minor)::text AS "revenueMinor"
    FROM order_lines l JOIN orders o ON o.website_id = l.website_id AND o.id = l.order_id
    WHERE o.website_id = ${range.websiteId} AND o.created_on >= ${from} AND o.created_on < ${to}
      AND NOT o.test_mode AND o.payment_status = 'paid' AND o.status <> 'CANCELED'
    GROUP BY l.product_name ORDER BY quantity DESC, "productName" LIMIT 10
  `.execute(db);
  const { rows: abandoned } = await sql<{ carts: number }>`
    SELECT count(*)::int AS carts FROM carts c
    WHERE c.website_id = ${range.websiteId} AND NOT c.is_purchased AND c.updated_on >= ${from} AND c.updated_on < ${to}
      AND EXISTS (SELECT 1 FROM cart_entries e WHERE e.website_id = c.website_id AND e.cart_id = c.id)
  `.execute(db);
  return {
    orders: Number(totals?.orders ?? 0),
    revenueMinor: String(totals?.revenue ?? '0'),
    topProducts,
    abandonedCarts: abandoned[0]?.carts ?? 0,
  };
}
