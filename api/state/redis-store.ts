import { Redis } from 'ioredis';
import type { SharedStore } from './shared-store.ts';

/** INCR and the window's expiry in one step, so two processes never both open a window. */
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return { count, redis.call('PTTL', KEYS[1]) }
`;

/** The shared store on a Redis server, for several server processes. */
export class RedisStore implements SharedStore {
  readonly #redis: Redis;

  /** keyPrefix keeps this app's keys apart from others' on the same server (and tests' apart from each other). */
  constructor(url: string, options: { keyPrefix?: string; onError?: (error: Error) => void } = {}) {
    this.#redis = new Redis(url, {
      keyPrefix: options.keyPrefix ?? 'sitebuilder:',
      // A request waits for a lost server at most this long, then fails instead of hanging.
      maxRetriesPerRequest: 2,
      enableOfflineQueue: true,
      lazyConnect: false,
    });
    this.#redis.defineCommand('sbHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
    // ioredis reconnects by itself; unheard, each failed attempt would print as an unhandled error.
    this.#redis.on('error', options.onError ?? (() => {}));
  }

  /** Resolves once connected; rejects with the connection error (a wrong REDIS_URL stops start-up). */
  async ready(): Promise<this> {
    try {
      if (this.#redis.status !== 'ready') await this.#redis.ping();
      return this;
    } catch (error) {
      this.#redis.disconnect();
      throw error;
    }
  }

  async hit(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }> {
    const hit = (this.#redis as unknown as { sbHit(key: string, windowMs: number): Promise<[number, number]> }).sbHit;
    const [count, ttl] = await hit.call(this.#redis, key, windowMs);
    return { count, resetInMs: ttl > 0 ? ttl : windowMs };
  }

  async put(key: string, value: string, ttlMs: number): Promise<void> {
    await this.#redis.set(key, value, 'PX', ttlMs);
  }

  async get(key: string): Promise<string | undefined> {
    return (await this.#redis.get(key)) ?? undefined;
  }

  async close(): Promise<void> {
    await this.#redis.quit();
  }
}
