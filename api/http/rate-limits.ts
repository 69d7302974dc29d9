/**
 * The request limits, by what they protect, counted in the shared store so
 * every server process counts alike. Keys are the client's address (as the
 * trusted proxy reports it, see TRUST_PROXY) and, for cart writes, the cart:
 * a cookie the client makes up can tighten a limit but never loosen one.
 */
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../api-errors.ts';
import type { SharedStore } from '../state/shared-store.ts';

export interface Limit {
  max: number;
  windowMs: number;
}

export type LimitName =
  | 'api-write'
  | 'cart-write'
  | 'cart-create'
  | 'checkout'
  | 'gift-card-code'
  | 'search'
  | 'page-render'
  | 'form-submit'
  | 'restock-signup'
  | 'review-submit'
  | 'sign-in'
  | 'sign-in-account'
  | 'sign-up'
  | 'account-mail'
  | 'unlock'
  | 'analytics';

const MINUTE = 60_000;

export const DEFAULT_LIMITS: Readonly<Record<LimitName, Limit>> = {
  /** Cart and form calls from one address: a person clicking never comes near it. */
  'api-write': { max: 120, windowMs: MINUTE },
  /** Writes to one cart, from however many addresses. */
  'cart-write': { max: 60, windowMs: MINUTE },
  /** New carts from one address: an office behind one address still shops, a script cannot fill the table. */
  'cart-create': { max: 30, windowMs: 60 * MINUTE },
  checkout: { max: 20, windowMs: MINUTE },
  /**
   * Gift card codes tried from one address, at checkout or through the cart
   * call: a shopper types the few cards they hold, a script guessing codes
   * gets a handful a quarter hour (and each guess is one in 2^80).
   */
  'gift-card-code': { max: 20, windowMs: 15 * MINUTE },
  search: { max: 30, windowMs: MINUTE },
  /** Pages the cache could not answer (a visitor with a cart, or a new page). */
  'page-render': { max: 300, windowMs: MINUTE },
  /**
   * Site-form submissions from one address, with or without script: a person
   * sends a handful, a script filling an owner's inbox is stopped early.
   */
  'form-submit': { max: 10, windowMs: 10 * MINUTE },
  /**
   * Restock sign-ups from one address: each one mails a stranger later, so a
   * script must not fill the list with other people's addresses. A visitor
   * signs up for a few variants at most.
   */
  'restock-signup': { max: 10, windowMs: 10 * MINUTE },
  /**
   * Product reviews from one address: a shopper reviews the few things they
   * bought, a script posting to every product is stopped after a handful.
   */
  'review-submit': { max: 5, windowMs: 60 * MINUTE },
  /**
   * Sign-in attempts from one address, to any accounts: a person mistyping
   * stays far below it, a script guessing passwords is stopped early.
   */
  'sign-in': { max: 20, windowMs: 15 * MINUTE },
  /**
   * Sign-in attempts on one account (and password checks of a signed-in
   * user), from however many addresses: guessing spread over a botnet still
   * gets ten tries per quarter hour.
   */
  'sign-in-account': { max: 10, windowMs: 15 * MINUTE },
  /** New accounts from one address: each can send a verification mail. */
  'sign-up': { max: 10, windowMs: 60 * MINUTE },
  /** Password-reset and verification mails asked for from one address, or for one account. */
  'account-mail': { max: 5, windowMs: 60 * MINUTE },
  /** Page passwords tried from one address: a visitor mistyping stays far below it, guessing does not. */
  unlock: { max: 10, windowMs: 15 * MINUTE },
  /**
   * Analytics beacons from one address: a page sends a handful (its hit, its
   * performance records, a click or two); an office of visitors behind one
   * address stays below it, a script filling the event table does not.
   */
  analytics: { max: 600, windowMs: MINUTE },
};

export class RateLimiter {
  readonly #store: SharedStore;
  readonly #limits: Readonly<Record<LimitName, Limit>>;

  readonly #onStoreError: (error: unknown) => void;

  /** onStoreError hears a store that cannot count (Redis away): requests are let through meanwhile. */
  constructor(
    store: SharedStore,
    limits: Partial<Record<LimitName, Limit>> = {},
    onStoreError: (error: unknown) => void = () => {},
  ) {
    this.#store = store;
    this.#limits = { ...DEFAULT_LIMITS, ...limits };
    this.#onStoreError = onStoreError;
  }

  /** Counts one request against the limit for `key`; over it, throws the spec's 429 with Retry-After. */
  async check(name: LimitName, key: string): Promise<void> {
    const limit = this.#limits[name];
    let counted: { count: number; resetInMs: number };
    try {
      counted = await this.#store.hit(`rate:${name}:${key}`, limit.windowMs);
    } catch (error) {
      // A shop that stops selling because its counter is away loses more than a limit protects.
      this.#onStoreError(error);
      return;
    }
    const { count, resetInMs } = counted;
    if (count > limit.max) throw new ApiError('rate-limited', { retryAfterSeconds: Math.ceil(resetInMs / 1000) });
  }

  /** Counts against the limit for the request's client address. */
  byAddress(name: LimitName, request: FastifyRequest): Promise<void> {
    return this.check(name, request.ip);
  }
}
