/**
 * Enqueueing and claiming jobs (migration 0024). A claim takes due jobs no
 * other process holds (FOR UPDATE SKIP LOCKED) and leases them: the lease is
 * the time a run may take before another process may take the job over.
 */
import { sql } from 'kysely';
import type { Db } from '../repositories/transaction.ts';

export interface NewJob {
  kind: string;
  websiteId?: string | null;
  payload?: Record<string, unknown>;
  runAt: Date;
  /** Enqueueing a second job with the same key does nothing: a renewal of one period is one job. */
  uniqueKey?: string;
  maxAttempts?: number;
}

export interface ClaimedJob {
  id: string;
  kind: string;
  websiteId: string | null;
  payload: Record<string, unknown>;
  attempts: number;
  maxAttempts: number;
}

/** Returns the job's id, or undefined when a job with its unique key exists already. */
export async function enqueueJob(db: Db, job: NewJob): Promise<string | undefined> {
  const { rows } = await sql<{ id: string }>`
    INSERT INTO jobs (kind, website_id, payload, run_at, unique_key, max_attempts)
    VALUES (${job.kind}, ${job.websiteId ?? null}, ${JSON.stringify(job.payload ?? {})}::jsonb, ${job.runAt},
      ${job.uniqueKey ?? null}, ${job.maxAttempts ?? 5})
    ON CONFLICT (unique_key) DO NOTHING
    RETURNING id::text AS id
  `.execute(db);
  return rows[0]?.id;
}

export async function claimDueJobs(db: Db, now: Date, leaseMs: number, limit: number): Promise<ClaimedJob[]> {
  const { rows } = await sql<ClaimedJob>`
    UPDATE jobs SET locked_until = ${new Date(now.getTime() + leaseMs)}, attempts = attempts + 1
    WHERE id IN (
      SELECT id FROM jobs
      WHERE done_at IS NULL AND failed_at IS NULL AND run_at <= ${now}
        AND (locked_until IS NULL OR locked_until <= ${now})
      ORDER BY run_at, id
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING id::text AS id, kind, website_id AS "websiteId", payload, attempts, max_attempts AS "maxAttempts"
  `.execute(db);
  return rows;
}

export async function completeJob(db: Db, id: string, now: Date): Promise<void> {
  await sql`UPDATE jobs SET done_at = ${now}, locked_until = NULL, last_error = NULL WHERE id = ${id}`.execute(db);
}

/** A failed run: tried again at `retryAt`, or given up when that was its last attempt (retryAt null). */
export async function failJob(db: Db, id: string, error: string, now: Date, retryAt: Date | null): Promise<void> {
  const message = error.slice(0, 2_000);
  if (retryAt) {
    await sql`UPDATE jobs SET locked_until = NULL, last_error = ${message}, run_at = ${retryAt} WHERE id = ${id}`.execute(
      db,
    );
  } else {
    await sql`UPDATE jobs SET locked_until = NULL, last_error = ${message}, failed_at = ${now} WHERE id = ${id}`.execute(
      db,
    );
  }
}
