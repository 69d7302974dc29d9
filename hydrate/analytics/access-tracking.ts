/**
 * The click tracking of lesson pages, video-paywall pages and the
 * member-area access-denied page (spec section 2: "They have click tracking
 * only"), and the gated-content views of section 7's tracker events. What
 * happens where:
 * - gated_content_view: a page of protected content (105) is shown, which
 *   only a member or a browser that unlocked it sees;
 * - lesson_view: a lesson (record type 62) is shown;
 * - paywall_view: a way in to paid content is shown (an element marked
 *   data-track-view="paywall_view": a paywall product's offer, a member
 *   area's denied page);
 * - paywall_click: its buy or join button is pressed;
 * - lesson_complete: a lesson's way on (next lesson, or back to the
 *   course after the last) is followed.
 * Marked elements name the event (data-track-view, data-track-click) and
 * the object (data-track-object): templates/default. Events go to a sink,
 * which is the tracker (start-analytics.ts) when the page is counted and a
 * no-op otherwise; fields are the spec's newer event fields (section 3).
 */
import type { TrackingEvent } from './tracking-events.ts';

export const ACCESS_VIEW_EVENTS = ['gated_content_view', 'lesson_view', 'paywall_view'] as const;
export const ACCESS_CLICK_EVENTS = ['paywall_click', 'lesson_complete'] as const;
export type AccessEvent = (typeof ACCESS_VIEW_EVENTS)[number] | (typeof ACCESS_CLICK_EVENTS)[number];

/** Where access events go. */
export interface AccessEventSink {
  track(event: AccessEvent & TrackingEvent, fields: Record<string, unknown>): void;
}

/** The sink of a page that is not counted: the events happen, nothing is recorded. */
export const NO_OP_SINK: AccessEventSink = { track: () => undefined };

const PROTECTED_CONTENT = 105;
const LESSON = 62;

/** What the page says of itself (hydrate/analytics/analytics-page.ts), as far as these events need. */
export interface AccessPage {
  pageType: number;
  itemId: string | null;
  collectionId: string | null;
  recordType: number | null;
}

const isOneOf = <T extends string>(list: readonly T[], value: string | null | undefined): value is T =>
  value != null && (list as readonly string[]).includes(value);

/** member_account_id (section 3) when a site user is signed in. */
function accountFields(memberAccountId: string | undefined): Record<string, unknown> {
  return memberAccountId ? { member_account_id: memberAccountId } : {};
}

/** Where a pressed link or button leads: a link's address, a form's action, else nowhere known. */
function destinationOf(target: Element, view: Window): string | undefined {
  const anchor = target.closest('a[href]');
  if (anchor) return new URL(anchor.getAttribute('href') ?? '', view.location.href).href;
  const form = target.closest('form');
  if (form) return new URL(form.getAttribute('action') || view.location.href, view.location.href).href;
  return undefined;
}

/**
 * Sends the page's view events now and its click events as they happen;
 * the function returned stops listening.
 */
export function startAccessTracking(
  view: Window,
  page: AccessPage,
  sink: AccessEventSink = NO_OP_SINK,
  memberAccountId?: string,
): () => void {
  const doc = view.document;
  const account = accountFields(memberAccountId);
  if (page.pageType === PROTECTED_CONTENT) {
    sink.track('gated_content_view', { object_identifier: page.itemId ?? page.collectionId, ...account });
  }
  if (page.recordType === LESSON && page.itemId) {
    sink.track('lesson_view', { object_identifier: page.itemId, ...account });
  }
  for (const marked of doc.querySelectorAll('[data-track-view]')) {
    const event = marked.getAttribute('data-track-view');
    if (!isOneOf(ACCESS_VIEW_EVENTS, event)) continue;
    sink.track(event, { object_identifier: marked.getAttribute('data-track-object'), ...account });
  }
  const onClick = (click: Event) => {
    const target = click.target as Element | null;
    // Text nodes and the document have no closest(); only an element is pressed.
    if (typeof target?.closest !== 'function') return;
    // A wrapper (the add-to-cart form) counts a press of its button or link, not a click on its text.
    const pressed = target.closest('a[href], button');
    const marked = (pressed ?? target).closest('[data-track-click]');
    if (!marked || !pressed || !marked.contains(pressed)) return;
    const event = marked.getAttribute('data-track-click');
    if (!isOneOf(ACCESS_CLICK_EVENTS, event)) return;
    const destination = destinationOf(pressed, view);
    sink.track(event, {
      object_identifier: marked.getAttribute('data-track-object'),
      ...(destination ? { destination_url: destination } : {}),
      ...account,
    });
  };
  // Capture: the event is counted before a page-leaving link or a form's own handler runs.
  doc.addEventListener('click', onClick, true);
  return () => doc.removeEventListener('click', onClick, true);
}
