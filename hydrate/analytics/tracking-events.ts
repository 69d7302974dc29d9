/**
 * The product's own tracker (spec section 7): product page visit, add to
 * cart, view cart, remove from cart, related product display, click and
 * add, reviews tab and anchor clicks, gated-content views, visit, checkout
 * confirmed, lesson and paywall events. Sent only when the visitor census
 * cookie exists, to the events-recording path, form-encoded with the crumb,
 * event and data (the newer event fields of section 3, filled in here; a
 * caller's value for one of them wins, with a warning).
 */
import {
  ANALYTICS_COOKIES,
  ANALYTICS_MESSAGES,
  SESSION_KEYS,
  TRACKING_SUCCESS_STATUSES,
} from '../../shared/analytics-rules.ts';
import { readCookie } from '../read-cookie.ts';
import type { Transport } from './beacon.ts';

export const RECORD_EVENT_PATH = '/api/events/RecordEvent';

export const TRACKING_EVENTS = [
  'product_page_visit',
  'add_to_cart',
  'view_cart',
  'remove_from_cart',
  'related_product_display',
  'click_and_add',
  'reviews_tab_click',
  'reviews_anchor_click',
  'gated_content_view',
  'visit',
  'checkout_confirmed',
  'lesson_view',
  'lesson_complete',
  'paywall_view',
  'paywall_click',
] as const;

export type TrackingEvent = (typeof TRACKING_EVENTS)[number];

export interface TrackingPage {
  websiteId: string;
  locale: string;
}

/** The newer event fields the tracker fills in itself (section 3). */
export function autoFields(view: Window, page: TrackingPage, now: number): Record<string, unknown> {
  const { location, navigator, document } = view;
  return {
    analytics_id: readCookie(ANALYTICS_COOKIES.analyticsId.name, document.cookie) ?? null,
    session_id: view.sessionStorage.getItem(SESSION_KEYS.sessionId),
    marketing_id: readCookie(ANALYTICS_COOKIES.conversionVisitor.name, document.cookie) ?? null,
    page_host: location.host,
    page_path: location.pathname,
    page_query_params: location.search.replace(/^\?/, ''),
    page_referrer_url: document.referrer,
    browser_language: navigator.language,
    browser_locale: navigator.languages?.[0] ?? navigator.language,
    browser_window_height: view.innerHeight,
    browser_window_width: view.innerWidth,
    enduser_user_agent: navigator.userAgent,
    event_occurrence_timestamp: now,
    context_website_id: page.websiteId,
    resolved_locale: page.locale,
    website_locale: page.locale,
    source_environment: 'web',
  };
}

/**
 * The form body of one event, or undefined without the census cookie; throws
 * 'no payload' for an event with no fields of its own.
 */
export function eventBody(
  view: Window,
  page: TrackingPage,
  event: TrackingEvent,
  fields: Record<string, unknown>,
  now: number,
): URLSearchParams | undefined {
  if (readCookie(ANALYTICS_COOKIES.conversionVisitor.name, view.document.cookie) === undefined) return undefined;
  if (Object.keys(fields).length === 0) throw new Error(ANALYTICS_MESSAGES.noPayload);
  const data = autoFields(view, page, now);
  for (const [key, value] of Object.entries(fields)) {
    if (key in data && data[key] !== value) console.warn(ANALYTICS_MESSAGES.overwritten(key));
    data[key] = value;
  }
  return new URLSearchParams({
    crumb: readCookie('crumb', view.document.cookie) ?? '',
    event,
    data: JSON.stringify(data),
  });
}

/** Posts one event while the visitor stays; rejects with the spec's messages. False when there is no census cookie. */
export async function trackEvent(
  view: Window,
  page: TrackingPage,
  event: TrackingEvent,
  fields: Record<string, unknown>,
  now: number = Date.now(),
): Promise<boolean> {
  const body = eventBody(view, page, event, fields, now);
  if (!body) return false;
  const response = await view.fetch(RECORD_EVENT_PATH, { method: 'POST', body, credentials: 'same-origin' });
  if (!TRACKING_SUCCESS_STATUSES.includes(response.status)) {
    throw new Error(ANALYTICS_MESSAGES.httpStatus(response.status));
  }
  return true;
}

/**
 * Sends one event of the page's load as a beacon: the visitor may be leaving
 * already, and a beacon outlives the page where a fetch would be cancelled.
 */
export function beaconEvent(
  send: Transport,
  view: Window,
  page: TrackingPage,
  event: TrackingEvent,
  fields: Record<string, unknown>,
  now: number,
): void {
  const body = eventBody(view, page, event, fields, now);
  if (body) send(RECORD_EVENT_PATH, body);
}
