/**
 * Commerce preferences on the client (spec section 4): a set updates the
 * local copy, fires a refetch event, then saves to the server; reads use
 * the cache, otherwise fetch once (concurrent reads share the one fetch).
 */
import { ownerRequest } from './owner-api.ts';

export type Preferences = Record<string, unknown>;

/** Fired on window after a set changes the local copy; detail.namespace says which. */
export const PREFERENCES_REFETCH_EVENT = 'commerce-preferences:refetch';

const path = (namespace: string) => `/api/v1/commerce-preferences/${encodeURIComponent(namespace)}`;

export class CommercePreferencesStore {
  readonly #cache = new Map<string, Preferences>();
  readonly #pending = new Map<string, Promise<Preferences>>();
  readonly #target: EventTarget | undefined;

  /** Events go to `target`, by default the window (looked up when one fires, so the module loads anywhere). */
  constructor(target?: EventTarget) {
    this.#target = target;
  }

  /** The cached copy, else the server's, fetched once. */
  get(namespace: string): Promise<Preferences> {
    const cached = this.#cache.get(namespace);
    if (cached) return Promise.resolve(cached);
    let pending = this.#pending.get(namespace);
    if (!pending) {
      pending = ownerRequest<Preferences>(path(namespace)).then(
        (preferences) => {
          this.#cache.set(namespace, preferences);
          this.#pending.delete(namespace);
          return preferences;
        },
        (error: unknown) => {
          this.#pending.delete(namespace);
          throw error;
        },
      );
      this.#pending.set(namespace, pending);
    }
    return pending;
  }

  /**
   * Updates the local copy and tells listeners at once, then saves. A failed
   * save puts the previous copy back (and tells listeners again) before the
   * error reaches the caller, so the screen never shows what was not stored.
   */
  async set(namespace: string, preferences: Preferences): Promise<Preferences> {
    const previous = this.#cache.get(namespace);
    this.#cache.set(namespace, preferences);
    this.#fire(namespace);
    try {
      const saved = await ownerRequest<Preferences>(path(namespace), { method: 'PUT', body: preferences });
      this.#cache.set(namespace, saved);
      return saved;
    } catch (error) {
      if (previous) this.#cache.set(namespace, previous);
      else this.#cache.delete(namespace);
      this.#fire(namespace);
      throw error;
    }
  }

  /** The cached copy without fetching; undefined when none. */
  peek(namespace: string): Preferences | undefined {
    return this.#cache.get(namespace);
  }

  #fire(namespace: string): void {
    (this.#target ?? window).dispatchEvent(new CustomEvent(PREFERENCES_REFETCH_EVENT, { detail: { namespace } }));
  }
}

export const commercePreferences = new CommercePreferencesStore();
