/**
 * One event a visitor's browser reported, as it is stored
 * (visitor_events, migration 0018), and the kinds there are.
 */

/** Where the event came from: the spec's census and events calls (section 7). */
export const VISITOR_EVENT_KINDS = [
  /** POST /api/census/RecordHit: a page view. */
  'hit',
  'button-click',
  'button-render',
  'form-render',
  'overlay',
  'quick-view',
  /** The events-recording path: product events, checkout confirmed, lesson and paywall events. */
  'event',
  'javascript-error',
  'performance',
  /** An admin panel's tracking event (spec section 2: the panels are known through them), sent by owners. */
  'panel',
] as const;

export type VisitorEventKind = (typeof VISITOR_EVENT_KINDS)[number];

export interface VisitorEvent {
  websiteId: string;
  occurredAt: Date;
  kind: VisitorEventKind;
  name: string;
  visitorId: string | null;
  sessionId: string | null;
  pagePath: string | null;
  /** Sent by a crawler or a tool (bot-agents.ts): kept apart from visitors' figures. */
  bot: boolean;
  data: Record<string, unknown>;
}
