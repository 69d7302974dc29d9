import { type Kysely, sql } from 'kysely';

/**
 * What visitors' browsers report (census hits, clicks, product events,
 * JavaScript errors, performance records), in one table partitioned by day:
 * a day's partition is made when its first event is written
 * (api/analytics/event-partitions.ts) and dropped whole when it is older than
 * the retention, which a DELETE over millions of rows could not do cheaply.
 * Dashboards read a range of days, so they only scan those partitions.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE visitor_events (
      website_id text NOT NULL REFERENCES websites (id) ON DELETE CASCADE,
      occurred_at timestamptz NOT NULL,
      kind text NOT NULL,
      name text NOT NULL,
      visitor_id text,
      session_id text,
      page_path text,
      bot boolean NOT NULL DEFAULT false,
      data jsonb NOT NULL
    ) PARTITION BY RANGE (occurred_at)
  `.execute(db);
  await sql`CREATE INDEX visitor_events_website_time ON visitor_events (website_id, occurred_at)`.execute(db);
  await sql`CREATE INDEX visitor_events_website_kind ON visitor_events (website_id, kind, occurred_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE visitor_events`.execute(db);
}
