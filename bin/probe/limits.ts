/**
 * Every bound of the probe in one place, so a CI run always ends by itself
 * and the numbers can be tuned without reading the rest.
 */
export const PROBE_LIMITS = {
  /** Requests in flight at once: enough to overlap, few enough that a slow answer is the server's fault. */
  concurrency: 12,
  /** A request without a complete answer by then counts as a hang. */
  requestTimeoutMs: 10_000,
  /** Hard cap on requests sent, setup and follow-ups included. */
  maxRequests: 8_000,
  /** The corpus must be sent within this; what is left unsent then is reported as a failure. */
  corpusDeadlineMs: 110_000,
  /** The first start migrates, seeds the demo site and bundles the islands. */
  startupTimeoutMs: 120_000,
  /** Whatever goes wrong, the whole probe gives up after this. */
  overallTimeoutMs: 300_000,
  /** How long the server gets to stop on SIGTERM before SIGKILL. */
  stopGraceMs: 5_000,
  /**
   * What one visitor (one cart, one client address) sends of each kind the
   * server rate-limits, a little under its limits (api/http/rate-limits.ts),
   * so bad input reaches the handlers rather than stopping at a 429.
   */
  visitorBudget: { 'api-write': 50, 'cart-create': 20, checkout: 15, 'form-submit': 9, 'restock-signup': 9 },
  /** Client addresses (X-Forwarded-For) that requests without a visitor take in turn. */
  strangerAddresses: 512,
  /** Body bytes kept for the checks; the rest is read and dropped. */
  keptBodyBytes: 512 * 1024,
  /** Failure groups printed, and example requests per group. */
  printedGroups: 50,
  examplesPerGroup: 2,
} as const;
