import { json } from '../db/json.ts';
import type { Db } from './transaction.ts';

/** Above this (the largest 32-bit signed integer) a time value is garbage, per spec section 9. */
export const MAX_TIME_VALUE = 2147483647;

/**
 * Metrics that are not durations: cumulative layout shift is a unitless
 * score well below 1, which rounding would turn into 0. It is range-checked
 * like the rest but keeps its fraction.
 */
const UNITLESS_METRICS: ReadonlySet<string> = new Set(['cls']);

/** One record of POST /api/1/performance/records. */
export interface PerformanceRecordInput {
  app: string;
  event: string;
  pageLoadId: string;
  /** Milliseconds since the epoch when the record was taken. */
  ts: number;
  data: Record<string, unknown>;
}

export async function recordEvent(
  db: Db,
  websiteId: string,
  eventName: string,
  payload: Record<string, unknown>,
): Promise<void> {
  await db
    .insertInto('analyticsEvents')
    .values({ websiteId, eventName, payload: json(payload) })
    .execute();
}

/**
 * Stores a batch of performance records; returns how many were kept. Time
 * values in `data` are rounded, and dropped when negative, not finite or
 * above 2147483647; a record whose own timestamp is not a usable time is
 * dropped whole.
 */
export async function recordPerformanceRecords(
  db: Db,
  websiteId: string,
  records: readonly PerformanceRecordInput[],
): Promise<number> {
  const rows = [];
  for (const record of records) {
    if (!Number.isFinite(record.ts) || record.ts < 0 || !Number.isSafeInteger(Math.round(record.ts))) continue;
    rows.push({
      websiteId,
      app: record.app,
      event: record.event,
      pageLoadId: record.pageLoadId,
      ts: Math.round(record.ts),
      data: json(cleanTimeValues(record.data)),
    });
  }
  if (rows.length === 0) return 0;
  await db.insertInto('performanceRecords').values(rows).execute();
  return rows.length;
}

/** The record's data with its time values rounded and the unusable ones left out. */
export function cleanTimeValues(data: Record<string, unknown>): Record<string, unknown> {
  const cleaned: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    if (typeof value !== 'number') {
      cleaned[key] = value;
      continue;
    }
    if (!Number.isFinite(value) || value < 0 || value > MAX_TIME_VALUE) continue;
    cleaned[key] = UNITLESS_METRICS.has(key.toLowerCase()) ? value : Math.round(value);
  }
  return cleaned;
}
