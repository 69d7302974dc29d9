/**
 * The page's analytics, loaded after the page is interactive (main.tsx) as
 * a chunk of its own, so it costs the product page's first load nothing:
 * the census page view, the visitor cookies (or the consent banner and
 * restrictive mode), the tracker's page events, and the performance records.
 */
import { onCLS, onFCP, onINP, onLCP, onTTFB } from 'web-vitals';
import { CONTRIBUTOR_ROLES_COOKIE } from '../../shared/analytics-rules.ts';
import { readCookie } from '../read-cookie.ts';
import { readSiteUserInfo } from '../site-user-token.ts';
import { type AccessEventSink, startAccessTracking } from './access-tracking.ts';
import { readAnalyticsPage } from './analytics-page.ts';
import { browserTransport, jsonBody } from './beacon.ts';
import { recordHit } from './census.ts';
import { censusCallPath, startBlockCensus } from './census-calls.ts';
import { consentAnswer, showConsentBanner } from './consent-banner.ts';
import { fetchPageLoadId, PERFORMANCE_RECORDS_PATH, PerformanceRecorder } from './performance-records.ts';
import { observeRelatedProducts } from './related-products-tracking.ts';
import { pageViewSkipped } from './skip-rules.ts';
import { takeTrackRequests } from './track-request.ts';
import { beaconEvent, type TrackingEvent } from './tracking-events.ts';
import { cookieMode, documentCookies, visitorIds } from './visitor-cookies.ts';

/** Spec section 4, page types the tracker names an event for. */
const PAGE_EVENTS: Readonly<Record<number, TrackingEvent>> = { 200: 'view_cart', 202: 'checkout_confirmed' };
const STORE_ITEM = 11;

/** A global flag the owner's injected code can set to keep the census off (spec section 5). */
declare global {
  interface Window {
    SB_ANALYTICS_DISABLED?: boolean;
  }
}

function contributorRoles(cookieHeader: string): number[] {
  const value = readCookie(CONTRIBUTOR_ROLES_COOKIE, cookieHeader);
  if (!value) return [];
  return value
    .split(',')
    .map(Number)
    .filter((role) => Number.isInteger(role));
}

export function startAnalytics(view: Window): void {
  const doc = view.document;
  const page = readAnalyticsPage(doc);
  if (!page) return;
  const skipped = pageViewSkipped({
    path: view.location.pathname,
    contributorRoles: contributorRoles(doc.cookie),
    disabledGlobally: view.SB_ANALYTICS_DISABLED === true,
  });
  if (skipped) return;
  const cookies = documentCookies(doc);
  const send = browserTransport(view);
  // Lesson, paywall and gated-content events (access-tracking.ts) go to the tracker, as beacons: a click may leave the page.
  const sink: AccessEventSink = { track: (event, fields) => beaconEvent(send, view, page, event, fields, Date.now()) };
  const siteUser = readSiteUserInfo(doc.cookie);
  startAccessTracking(view, page, sink, siteUser?.authenticated ? (siteUser.siteUserId ?? undefined) : undefined);
  if (page.clicksOnly) return;

  const now = Date.now();
  if (page.restrictive && consentAnswer(cookies) === undefined) {
    // Counted now without cookies; counted with them from the next page on once accepted.
    showConsentBanner(doc, cookies, () => undefined);
  }
  const ids = visitorIds(cookieMode(page.restrictive, cookies), cookies, view.sessionStorage, view.location.href, now);
  recordHit(send, page, ids, view, now);
  // The page's own events go as beacons: the visitor may already be leaving.
  const track = (event: TrackingEvent, fields: Record<string, unknown>) =>
    beaconEvent(send, view, page, event, fields, Date.now());
  if (ids.newVisit) track('visit', { object_identifier: page.websiteId });
  const pageEvent = PAGE_EVENTS[page.pageType];
  if (pageEvent) track(pageEvent, { object_identifier: page.collectionId ?? page.websiteId });
  if (page.recordType === STORE_ITEM && page.itemId) {
    track('product_page_visit', { object_identifier: page.itemId });
    observeRelatedProducts(view, page.itemId, track);
  }
  startBlockCensus(view, send, ids.visitorId);
  // The islands' own calls (add to cart, remove from cart, the popup shown, a quick view): beacons too,
  // since adding to the cart often goes straight on to checkout, which would cancel a fetch still on its way.
  takeTrackRequests((request) => {
    if (request.kind === 'event') track(request.event, request.fields);
    else send(censusCallPath(request.call, request.fields), new URLSearchParams(request.fields));
  });

  void fetchPageLoadId(view).then((pageLoadId) => {
    if (!pageLoadId) return;
    const recorder = new PerformanceRecorder(pageLoadId, view.location.pathname, (records) =>
      send(PERFORMANCE_RECORDS_PATH, jsonBody(records)),
    );
    // The library's own hidden-page listeners come first, so the final CLS, LCP and INP are recorded before the send.
    onFCP((metric) => recorder.metric('FCP', metric.value));
    onLCP((metric) => recorder.metric('LCP', metric.value));
    onCLS((metric) => recorder.metric('CLS', metric.value));
    onINP((metric) => recorder.metric('INP', metric.value));
    onTTFB((metric) => recorder.metric('TTFB', metric.value));
    observeFirstInput(view, (delay) => recorder.metric('FID', delay));
    recorder.schedule(view);
  });
}

/** First input delay, which web-vitals no longer measures: the first input's wait before its handlers ran. */
function observeFirstInput(view: Window, heard: (delay: number) => void): void {
  const Observer = (view as Window & { PerformanceObserver?: typeof PerformanceObserver }).PerformanceObserver;
  if (!Observer?.supportedEntryTypes?.includes('first-input')) return;
  const observer = new Observer((list: PerformanceObserverEntryList) => {
    const entry = list.getEntries()[0] as PerformanceEventTiming | undefined;
    if (!entry) return;
    heard(entry.processingStart - entry.startTime);
    observer.disconnect();
  });
  observer.observe({ type: 'first-input', buffered: true });
}
