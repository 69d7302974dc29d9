/**
 * The day partitions of visitor_events: made on demand before a day's first
 * write, and dropped once older than the retention. Partition names carry
 * their day (visitor_events_p20261126), so finding the old ones needs no
 * reading of PostgreSQL's partition bounds.
 */
import { sql } from 'kysely';
import type { Db } from '../repositories/transaction.ts';

const PREFIX = 'visitor_events_p';
const DAY_MS = 86_400_000;

/** 'YYYYMMDD' of a time's UTC day. */
export function partitionDay(time: Date): string {
  return time.toISOString().slice(0, 10).replaceAll('-', '');
}

function dayStart(day: string): Date {
  return new Date(`${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6, 8)}T00:00:00Z`);
}

/** PostgreSQL's codes for "already exists": two processes may make the same day's partition at once. */
const ALREADY_MADE = new Set(['42P07', '23505']);

export async function ensurePartition(db: Db, day: string): Promise<void> {
  if (!/^\d{8}$/.test(day)) throw new Error(`not a partition day: ${day}`);
  const from = dayStart(day);
  const to = new Date(from.getTime() + DAY_MS);
  try {
    await sql`
      CREATE TABLE IF NOT EXISTS ${sql.id(`${PREFIX}${day}`)}
      PARTITION OF visitor_events FOR VALUES FROM (${sql.lit(from.toISOString())}) TO (${sql.lit(to.toISOString())})
    `.execute(db);
  } catch (error) {
    if (!ALREADY_MADE.has((error as { code?: string }).code ?? '')) throw error;
  }
}

/** The days that have a partition, oldest first. */
export async function partitionDays(db: Db): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    SELECT child.relname AS name FROM pg_inherits
    JOIN pg_class parent ON parent.oid = pg_inherits.inhparent
    JOIN pg_class child ON child.oid = pg_inherits.inhrelid
    WHERE parent.relname = 'visitor_events'
  `.execute(db);
  return rows
    .map((row) => row.name.slice(PREFIX.length))
    .filter((day) => /^\d{8}$/.test(day))
    .sort();
}

/** Drops the partitions of days wholly before `now` minus `retentionDays`; returns the days dropped. */
export async function dropExpiredPartitions(db: Db, now: Date, retentionDays: number): Promise<string[]> {
  const oldestKept = partitionDay(new Date(now.getTime() - retentionDays * DAY_MS));
  const expired = (await partitionDays(db)).filter((day) => day < oldestKept);
  for (const day of expired) await sql`DROP TABLE IF EXISTS ${sql.id(`${PREFIX}${day}`)}`.execute(db);
  return expired;
}
