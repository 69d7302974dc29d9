import type { Db } from '../repositories/transaction.ts';
import { type SendResult, sendPendingMail } from './mail-sender.ts';
import type { MailTransport } from './mail-transport.ts';

export interface MailDeliveryOptions {
  transport: MailTransport;
  from: string;
  /** Pause between two runs; default 5 s. */
  intervalMs?: number;
  /** Told of each run that sent or failed something. */
  onResult?: (result: SendResult) => void;
  /** Told when a run could not reach the database; the next run tries again. */
  onError?: (error: unknown) => void;
}

export interface MailDelivery {
  /** Runs the sender now instead of at the next tick (e.g. right after enqueuing). */
  wake(): void;
  /** Waits for a run in progress, then closes the transport. */
  stop(): Promise<void>;
}

/**
 * Sends the outbox in the background: one run, a pause, the next run, so
 * runs never overlap in this process (and other processes are kept apart
 * by the outbox's claims). The timer does not keep the process alive.
 */
export function startMailDelivery(db: Db, options: MailDeliveryOptions): MailDelivery {
  const intervalMs = options.intervalMs ?? 5000;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  const run = (): void => {
    timer = undefined;
    if (stopped || running) return;
    running = sendPendingMail(db, options.transport, { from: options.from })
      .then(
        (result) => {
          if (result.sent > 0 || result.failed > 0) options.onResult?.(result);
        },
        (error: unknown) => options.onError?.(error),
      )
      .finally(() => {
        running = undefined;
        schedule(intervalMs);
      });
  };
  const schedule = (delay: number): void => {
    if (stopped || timer) return;
    timer = setTimeout(run, delay);
    timer.unref();
  };

  schedule(0);
  return {
    wake() {
      if (running || stopped) return;
      clearTimeout(timer);
      timer = undefined;
      schedule(0);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      options.transport.close();
    },
  };
}
