import { type Kysely, sql } from 'kysely';

/**
 * Work the server does later or on a schedule (subscription renewals,
 * reminders, rollups): one row per run, claimed with FOR UPDATE SKIP LOCKED
 * and a lease, so with several server processes each job runs once, and a
 * process that dies mid-job leaves it to be claimed again when the lease ends
 * (api/jobs/job-runner.ts). A unique key keeps a job from being enqueued twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE jobs (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      website_id text REFERENCES websites (id) ON DELETE CASCADE,
      kind text NOT NULL,
      payload jsonb NOT NULL DEFAULT '{}',
      unique_key text UNIQUE,
      run_at timestamptz NOT NULL,
      attempts integer NOT NULL DEFAULT 0,
      max_attempts integer NOT NULL DEFAULT 5 CHECK (max_attempts >= 1),
      locked_until timestamptz,
      last_error text,
      done_at timestamptz,
      failed_at timestamptz,
      created_on timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX jobs_due ON jobs (run_at) WHERE done_at IS NULL AND failed_at IS NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE jobs`.execute(db);
}
