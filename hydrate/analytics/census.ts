/**
 * The census page view (spec sections 3 and 7): POST /api/census/RecordHit,
 * form-encoded, with the hit data of section 3 as JSON text and the
 * conversion visitor as ss_cvr.
 */
import type { AnalyticsPage } from './analytics-page.ts';
import type { Transport } from './beacon.ts';
import type { VisitorIds } from './visitor-cookies.ts';

export const RECORD_HIT_PATH = '/api/census/RecordHit';

export function hitData(page: AnalyticsPage, ids: VisitorIds, view: Window, now: number): Record<string, unknown> {
  return {
    userAgent: view.navigator.userAgent,
    clientDate: now,
    viewportInnerWidth: view.innerWidth,
    viewportInnerHeight: view.innerHeight,
    screenWidth: view.screen.width,
    screenHeight: view.screen.height,
    websiteId: page.websiteId,
    templateId: page.templateId,
    website_locale: page.locale,
    url: view.location.href,
    title: view.document.title,
    itemId: page.itemId,
    recordType: page.recordType,
    collectionId: page.collectionId,
    referrer: view.document.referrer,
    sessionId: ids.sessionId,
  };
}

export function recordHit(send: Transport, page: AnalyticsPage, ids: VisitorIds, view: Window, now: number): void {
  const body = new URLSearchParams({ event: 'view', data: JSON.stringify(hitData(page, ids, view, now)) });
  if (ids.visitorId !== null) body.set('ss_cvr', ids.visitorId);
  send(RECORD_HIT_PATH, body);
}
