/**
 * How an island asks for a tracker event (add to cart, remove from cart)
 * without loading the analytics chunk: requests wait here until the analytics
 * module (start-analytics.ts) takes them over, since a shopper may add to
 * the cart before it has started; on a page that is not counted nobody does.
 */
import type { TrackingEvent } from './tracking-events.ts';

export interface TrackRequest {
  event: TrackingEvent;
  fields: Record<string, unknown>;
}

/** A page asks for a handful; past this the oldest wait is of no use to anyone. */
const MAX_WAITING = 20;
const waiting: TrackRequest[] = [];
let listener: ((request: TrackRequest) => void) | undefined;

export function requestTracking(event: TrackingEvent, fields: Record<string, unknown>): void {
  const request = { event, fields };
  if (listener) listener(request);
  else if (waiting.length < MAX_WAITING) waiting.push(request);
}

/** The analytics module takes over: what waited is sent now, the rest as it comes. */
export function takeTrackRequests(send: (request: TrackRequest) => void): void {
  listener = send;
  for (const request of waiting.splice(0)) send(request);
}
