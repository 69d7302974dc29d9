/**
 * Client addresses for the probe's simulated visitors, from 198.18.0.0/15
 * (reserved for benchmarks, RFC 2544). The server is started with
 * TRUST_PROXY=127.0.0.1 and the probe acts as the proxy in front of it, as
 * a load balancer does in production: each visitor comes from its own
 * address, so per-address limits count each simulated visitor apart
 * instead of counting the whole probe as one client.
 */
import { PROBE_LIMITS } from './limits.ts';

let visitors = 0;
let strangers = 0;

/** A new address for a visitor, kept for all its requests. */
export function visitorAddress(): string {
  visitors++;
  return `198.18.${(visitors >> 8) & 0xff}.${visitors & 0xff}`;
}

/** The next address for a request no visitor sends, in turn over a fixed set. */
export function strangerAddress(): string {
  const n = strangers++ % PROBE_LIMITS.strangerAddresses;
  return `198.19.${(n >> 8) & 0xff}.${n & 0xff}`;
}
