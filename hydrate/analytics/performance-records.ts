/**
 * The page's performance records (spec sections 3, 7 and 9): a page load id
 * from GET /api/1/performance/settings (30 s time-out), then a record per
 * web vital as it is measured, sent in one batch when the page is hidden or
 * 30 s after load, whichever comes first, and later ones in another batch.
 * Metrics are listened for up to 60 s after load or until the page is
 * hidden. Time values are rounded, and dropped when negative or above
 * 2147483647 (CLS is a score and keeps its fraction).
 */
import { ANALYTICS_TIMING, MAX_TIME_VALUE, type WebVitalName } from '../../shared/analytics-rules.ts';

export const PERFORMANCE_SETTINGS_PATH = '/api/1/performance/settings';
export const PERFORMANCE_RECORDS_PATH = '/api/1/performance/records';

export interface PerformanceRecord {
  app: string;
  event: string;
  pageLoadId: string;
  ts: number;
  data: Record<string, unknown>;
}

/** A measured value as the record keeps it, or undefined when it must be dropped. */
export function recordedValue(name: WebVitalName, value: number): number | undefined {
  if (!Number.isFinite(value) || value < 0 || value > MAX_TIME_VALUE) return undefined;
  return name === 'CLS' ? value : Math.round(value);
}

export async function fetchPageLoadId(view: Window): Promise<string | undefined> {
  try {
    const response = await view.fetch(PERFORMANCE_SETTINGS_PATH, {
      credentials: 'same-origin',
      signal: AbortSignal.timeout(ANALYTICS_TIMING.performanceSettingsTimeoutMs),
    });
    if (!response.ok) return undefined;
    const body = (await response.json()) as { pageLoadId?: unknown };
    return typeof body.pageLoadId === 'string' && body.pageLoadId !== '' ? body.pageLoadId : undefined;
  } catch {
    return undefined;
  }
}

export class PerformanceRecorder {
  private waiting: PerformanceRecord[] = [];
  private listening = true;
  private readonly pageLoadId: string;
  private readonly path: string;
  private readonly send: (records: PerformanceRecord[]) => void;
  private readonly now: () => number;

  constructor(
    pageLoadId: string,
    path: string,
    send: (records: PerformanceRecord[]) => void,
    now: () => number = Date.now,
  ) {
    this.pageLoadId = pageLoadId;
    this.path = path;
    this.send = send;
    this.now = now;
  }

  /** A metric measured; ignored once listening has ended or when its value must be dropped. */
  metric(name: WebVitalName, value: number): void {
    if (!this.listening) return;
    const kept = recordedValue(name, value);
    if (kept === undefined) return;
    this.waiting.push({
      app: 'site',
      event: 'web-vital',
      pageLoadId: this.pageLoadId,
      ts: this.now(),
      data: { [name.toLowerCase()]: kept, path: this.path },
    });
  }

  /** Sends what waits. */
  flush(): void {
    if (this.waiting.length === 0) return;
    const records = this.waiting;
    this.waiting = [];
    this.send(records);
  }

  /** Past the wait for metrics (or the page hidden): send what waits and take no more. */
  stop(): void {
    this.flush();
    this.listening = false;
  }

  /** Sends when the page is hidden and 30 s after load; stops listening 60 s after load. */
  schedule(view: Window): void {
    const hidden = () => {
      if (view.document.visibilityState === 'hidden') this.stop();
    };
    view.document.addEventListener('visibilitychange', hidden);
    view.addEventListener('pagehide', () => this.stop());
    view.setTimeout(() => this.flush(), ANALYTICS_TIMING.sendRecordsAfterMs);
    view.setTimeout(() => this.stop(), ANALYTICS_TIMING.metricsWaitMs);
  }
}
