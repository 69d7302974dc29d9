/**
 * Writes visitor events in batches: a call queues its events and answers at
 * once, and the queue is written in one INSERT a second later (or sooner when
 * it fills), so a burst of beacons costs a few statements, not one each, and
 * never holds up a page. Events are analytics, not records: when the database
 * refuses a batch it is logged and dropped, and past MAX_QUEUED new events
 * are dropped rather than letting a flood take the server's memory.
 */
import { json } from '../db/json.ts';
import type { Db } from '../repositories/transaction.ts';
import { dropExpiredPartitions, ensurePartition, partitionDay } from './event-partitions.ts';
import type { VisitorEvent } from './visitor-event.ts';

export interface EventWriterOptions {
  /** Days of events kept; older day partitions are dropped. */
  retentionDays: number;
  /** How long an event waits for others to share its INSERT. */
  flushAfterMs?: number;
  /** Written at once when this many wait. */
  batchSize?: number;
  warn: (message: string, error: unknown) => void;
  now?: () => number;
}

const MAX_QUEUED = 10_000;
const RETENTION_CHECK_EVERY_MS = 3_600_000;

export class EventWriter {
  private queue: VisitorEvent[] = [];
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();
  /** Days whose partition this process has made or found. */
  private readonly partitions = new Set<string>();
  private lastRetentionCheck = Number.NEGATIVE_INFINITY;
  dropped = 0;
  private readonly db: Db;
  private readonly options: EventWriterOptions;

  constructor(db: Db, options: EventWriterOptions) {
    this.db = db;
    this.options = options;
  }

  add(events: readonly VisitorEvent[]): void {
    for (const event of events) {
      if (this.queue.length >= MAX_QUEUED) {
        this.dropped++;
        continue;
      }
      this.queue.push(event);
    }
    if (this.queue.length >= (this.options.batchSize ?? 500)) void this.flush();
    else if (this.queue.length > 0 && this.timer === undefined) {
      this.timer = setTimeout(() => void this.flush(), this.options.flushAfterMs ?? 1_000);
      this.timer.unref();
    }
  }

  /** Writes what waits; resolves when it and every write before it are done. */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.queue;
    this.queue = [];
    this.writing = this.writing.then(() => (batch.length > 0 ? this.write(batch) : undefined));
    return this.writing;
  }

  private async write(batch: VisitorEvent[]): Promise<void> {
    try {
      for (const day of new Set(batch.map((event) => partitionDay(event.occurredAt)))) {
        if (this.partitions.has(day)) continue;
        await ensurePartition(this.db, day);
        this.partitions.add(day);
      }
      await this.db
        .insertInto('visitorEvents')
        .values(batch.map((event) => ({ ...event, data: json(event.data) })))
        .execute();
      await this.dropExpired();
    } catch (error) {
      this.dropped += batch.length;
      this.options.warn(`${batch.length} visitor events were not stored`, error);
    }
  }

  private async dropExpired(): Promise<void> {
    const now = this.options.now?.() ?? Date.now();
    if (now - this.lastRetentionCheck < RETENTION_CHECK_EVERY_MS) return;
    this.lastRetentionCheck = now;
    for (const day of await dropExpiredPartitions(this.db, new Date(now), this.options.retentionDays)) {
      this.partitions.delete(day);
    }
  }
}
