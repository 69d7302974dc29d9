/**
 * Reports the page's JavaScript errors (spec sections 7 and 9): POST
 * /api/events/RecordJavascriptErrors with the CSRF header, at most 20
 * reports a page, at most 10 waiting, sent together once no new error has
 * come for a second, each stack cut to 5000 characters. The islands' error
 * boundaries report through the same reporter.
 */
import { ERROR_REPORTS } from '../../shared/analytics-rules.ts';

export const RECORD_ERRORS_PATH = '/api/events/RecordJavascriptErrors';

export interface ErrorReport {
  message: string;
  stack: string | null;
  url: string;
  line: number | null;
  column: number | null;
  island: string | null;
}

export type SendReports = (reports: ErrorReport[]) => void;

export class ErrorReporter {
  private queue: ErrorReport[] = [];
  private reported = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly send: SendReports;
  private readonly url: () => string;

  constructor(send: SendReports, url: () => string) {
    this.send = send;
    this.url = url;
  }

  /** Queues an error; past the page's or the queue's limit it is left out. */
  report(error: unknown, where: { line?: number; column?: number; island?: string } = {}): void {
    if (this.reported >= ERROR_REPORTS.maxPerPage || this.queue.length >= ERROR_REPORTS.maxQueued) return;
    this.reported++;
    const message = error instanceof Error ? error.message || error.name : String(error);
    const stack = error instanceof Error && typeof error.stack === 'string' ? error.stack : null;
    this.queue.push({
      message: message.slice(0, 2_000) || 'Unknown error',
      stack: stack === null ? null : stack.slice(0, ERROR_REPORTS.maxStackLength),
      url: this.url(),
      line: where.line ?? null,
      column: where.column ?? null,
      island: where.island ?? null,
    });
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.flush(), ERROR_REPORTS.debounceMs);
  }

  /** Sends what waits now (the page is being hidden). */
  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.queue.length === 0) return;
    const reports = this.queue;
    this.queue = [];
    this.send(reports);
  }

  /** Hears the window's uncaught errors and rejections. */
  listen(view: Window): void {
    view.addEventListener('error', (event) =>
      this.report(event.error ?? event.message, { line: event.lineno, column: event.colno }),
    );
    view.addEventListener('unhandledrejection', (event) => this.report(event.reason));
  }
}
