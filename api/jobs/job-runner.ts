/**
 * Runs due jobs in the background of a server process: claims a batch,
 * runs each by its kind's handler, marks it done, or failed and retried
 * later with a growing pause, until its last attempt. The clock is
 * injectable, and runDue() runs one round at once, so tests can drive a year
 * of renewals without waiting. A kind without a handler fails its job
 * loudly instead of dropping it.
 */
import type { Db } from '../repositories/transaction.ts';
import { type ClaimedJob, claimDueJobs, completeJob, failJob } from './job-queue.ts';

export type JobHandler = (job: ClaimedJob, context: { db: Db; now: Date }) => Promise<void>;

export interface JobRunnerOptions {
  handlers: Readonly<Record<string, JobHandler>>;
  now?: () => Date;
  /** Pause between two rounds when nothing was due; default 5 s. */
  intervalMs?: number;
  /** How long a run may take before another process may take its job over; default 5 minutes. */
  leaseMs?: number;
  batchSize?: number;
  /** The pause before attempt n+1 (n from 1); default 1 minute doubling, at most a day. */
  retryDelayMs?: (attempts: number) => number;
  onError?: (error: unknown, job?: ClaimedJob) => void;
}

const MINUTE = 60_000;
export const defaultRetryDelay = (attempts: number): number => Math.min(MINUTE * 2 ** (attempts - 1), 24 * 60 * MINUTE);

export class JobRunner {
  private readonly db: Db;
  private readonly options: JobRunnerOptions;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private stopped = false;

  constructor(db: Db, options: JobRunnerOptions) {
    this.db = db;
    this.options = options;
  }

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  /** Runs every job due now, a batch at a time; returns how many ran (done or failed). */
  async runDue(): Promise<number> {
    let ran = 0;
    for (;;) {
      const now = this.now();
      const jobs = await claimDueJobs(this.db, now, this.options.leaseMs ?? 5 * MINUTE, this.options.batchSize ?? 20);
      if (jobs.length === 0) return ran;
      for (const job of jobs) {
        await this.runOne(job, now);
        ran++;
      }
    }
  }

  private async runOne(job: ClaimedJob, now: Date): Promise<void> {
    const handler = this.options.handlers[job.kind];
    try {
      if (!handler) throw new Error(`no handler for jobs of kind ${job.kind}`);
      await handler(job, { db: this.db, now });
      await completeJob(this.db, job.id, this.now());
    } catch (error) {
      this.options.onError?.(error, job);
      const last = job.attempts >= job.maxAttempts;
      const delay = (this.options.retryDelayMs ?? defaultRetryDelay)(job.attempts);
      const retryAt = last ? null : new Date(now.getTime() + delay);
      await failJob(this.db, job.id, error instanceof Error ? error.message : String(error), this.now(), retryAt);
    }
  }

  /** Runs rounds in the background until stop(); the timer does not keep the process alive. */
  start(): void {
    const round = () => {
      this.timer = undefined;
      if (this.stopped) return;
      this.running = this.runDue().catch((error: unknown) => {
        this.options.onError?.(error);
        return 0;
      });
      void this.running.finally(() => {
        this.running = undefined;
        if (!this.stopped) {
          this.timer = setTimeout(round, this.options.intervalMs ?? 5_000);
          this.timer.unref();
        }
      });
    };
    round();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }
}
