/**
 * State that every server process must see alike: rate-limit counters and
 * short-lived form outcomes. Redis holds it when REDIS_URL is set (several
 * processes behind a balancer); one process alone keeps it in memory.
 */
export interface SharedStore {
  /**
   * Counts one hit against a key whose window opens at its first hit:
   * the hits so far in this window and the milliseconds until it closes.
   */
  hit(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }>;
  /** Keeps a value for ttlMs, replacing what the key held. */
  put(key: string, value: string, ttlMs: number): Promise<void>;
  get(key: string): Promise<string | undefined>;
  close(): Promise<void>;
}
