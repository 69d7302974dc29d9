import { type Kysely, sql } from 'kysely';

/**
 * Daily rollups of visitor_events (migration 0018) that the owner's
 * dashboards read instead of the events (api/analytics/rollups.ts): a day's
 * rows are rebuilt from that day's partition when events arrived after it was
 * last rolled up, so a refresh costs the days that changed, not the history.
 * Web vitals are kept as histograms (log-spaced buckets), whose sums over any
 * range give a p75 without reading the records again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const website = sql`website_id text NOT NULL REFERENCES websites (id) ON DELETE CASCADE`;
  await sql`
    CREATE TABLE analytics_rollup_days (
      ${website},
      day date NOT NULL,
      rolled_up_at timestamptz NOT NULL,
      PRIMARY KEY (website_id, day)
    )`.execute(db);
  await sql`
    CREATE TABLE analytics_daily_pages (
      ${website}, day date NOT NULL, page_path text NOT NULL,
      views integer NOT NULL, visitors integer NOT NULL,
      PRIMARY KEY (website_id, day, page_path)
    )`.execute(db);
  await sql`
    CREATE TABLE analytics_daily_visitors (
      ${website}, day date NOT NULL, visitor_id text NOT NULL,
      visits integer NOT NULL, views integer NOT NULL,
      PRIMARY KEY (website_id, day, visitor_id)
    )`.execute(db);
  // Unique visitors of a week or a month are not the sum of its days': counted once per period when a day of it changes.
  await sql`
    CREATE TABLE analytics_period_totals (
      ${website}, unit text NOT NULL CHECK (unit IN ('day', 'week', 'month')), period date NOT NULL,
      visits integer NOT NULL, visitors integer NOT NULL, views integer NOT NULL,
      PRIMARY KEY (website_id, unit, period)
    )`.execute(db);
  await sql`
    CREATE TABLE analytics_daily_breakdowns (
      ${website}, day date NOT NULL, dimension text NOT NULL, value text NOT NULL,
      views integer NOT NULL,
      PRIMARY KEY (website_id, day, dimension, value)
    )`.execute(db);
  await sql`
    CREATE TABLE analytics_daily_funnel (
      ${website}, day date NOT NULL, step text NOT NULL,
      visitors integer NOT NULL,
      PRIMARY KEY (website_id, day, step)
    )`.execute(db);
  await sql`
    CREATE TABLE analytics_daily_vitals (
      ${website}, day date NOT NULL, page_path text NOT NULL, metric text NOT NULL, bucket smallint NOT NULL,
      samples integer NOT NULL,
      PRIMARY KEY (website_id, day, metric, page_path, bucket)
    )`.execute(db);
  await sql`
    CREATE TABLE analytics_daily_errors (
      ${website}, day date NOT NULL, message text NOT NULL,
      occurrences integer NOT NULL,
      PRIMARY KEY (website_id, day, message)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'analytics_daily_errors',
    'analytics_daily_vitals',
    'analytics_daily_funnel',
    'analytics_daily_breakdowns',
    'analytics_period_totals',
    'analytics_daily_visitors',
    'analytics_daily_pages',
    'analytics_rollup_days',
  ]) {
    await sql`DROP TABLE ${sql.id(table)}`.execute(db);
  }
}
