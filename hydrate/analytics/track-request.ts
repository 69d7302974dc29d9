/**
 * How an island asks for an analytics call (a tracker event such as add to
 * cart, or a census call such as the popup overlay shown) without loading
 * the analytics chunk: requests wait here until the analytics module
 * (start-analytics.ts) takes them over, since a shopper may add to the cart
 * before it has started; on a page that is not counted nobody does, so the
 * skip rules (skip-rules.ts) hold for the islands' calls too.
 */
import type { CensusCall } from './census-calls.ts';
import type { TrackingEvent } from './tracking-events.ts';

export type TrackRequest =
  | { kind: 'event'; event: TrackingEvent; fields: Record<string, unknown> }
  | { kind: 'census'; call: CensusCall; fields: Record<string, string> };

/** A page asks for a handful; past this the oldest wait is of no use to anyone. */
const MAX_WAITING = 20;
const waiting: TrackRequest[] = [];
let listener: ((request: TrackRequest) => void) | undefined;

function request(entry: TrackRequest): void {
  if (listener) listener(entry);
  else if (waiting.length < MAX_WAITING) waiting.push(entry);
}

export function requestTracking(event: TrackingEvent, fields: Record<string, unknown>): void {
  request({ kind: 'event', event, fields });
}

export function requestCensusCall(call: CensusCall, fields: Record<string, string>): void {
  request({ kind: 'census', call, fields });
}

/** The analytics module takes over: what waited is sent now, the rest as it comes. */
export function takeTrackRequests(send: (request: TrackRequest) => void): void {
  listener = send;
  for (const entry of waiting.splice(0)) send(entry);
}
