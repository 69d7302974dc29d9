import type { SharedStore } from './shared-store.ts';

interface Slot {
  value: string | number;
  expiresAt: number;
}

/** Keys held at once before the oldest go: a flood of new addresses cannot grow the process without end. */
const MAX_KEYS = 100_000;

/** The shared store of a single process. */
export class MemoryStore implements SharedStore {
  readonly #slots = new Map<string, Slot>();
  readonly #now: () => number;

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  #live(key: string, now: number): Slot | undefined {
    const slot = this.#slots.get(key);
    if (slot && slot.expiresAt <= now) {
      this.#slots.delete(key);
      return undefined;
    }
    return slot;
  }

  #set(key: string, slot: Slot): void {
    // Re-inserted, so the map's order stays oldest-written first.
    this.#slots.delete(key);
    this.#slots.set(key, slot);
    if (this.#slots.size > MAX_KEYS) this.#sweep();
  }

  #sweep(): void {
    const now = this.#now();
    for (const [key, slot] of this.#slots) if (slot.expiresAt <= now) this.#slots.delete(key);
    for (const key of this.#slots.keys()) {
      if (this.#slots.size <= MAX_KEYS * 0.9) break;
      this.#slots.delete(key);
    }
  }

  async hit(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }> {
    const now = this.#now();
    const slot = this.#live(key, now);
    if (slot && typeof slot.value === 'number') {
      slot.value += 1;
      return { count: slot.value, resetInMs: slot.expiresAt - now };
    }
    this.#set(key, { value: 1, expiresAt: now + windowMs });
    return { count: 1, resetInMs: windowMs };
  }

  async put(key: string, value: string, ttlMs: number): Promise<void> {
    this.#set(key, { value, expiresAt: this.#now() + ttlMs });
  }

  async get(key: string): Promise<string | undefined> {
    const value = this.#live(key, this.#now())?.value;
    return typeof value === 'string' ? value : undefined;
  }

  async close(): Promise<void> {
    this.#slots.clear();
  }
}
