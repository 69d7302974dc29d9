/**
 * The spec's reviews tab and anchor clicks (section 7 tracker events): a
 * press of the reviews section's heading link (the tab) or of the rating
 * link by the price (the anchor) is sent to the tracker as a beacon, as the
 * page's other events are, and only on a page that is counted.
 */
import { readAnalyticsPage } from '../analytics/analytics-page.ts';
import { browserTransport } from '../analytics/beacon.ts';
import { beaconEvent } from '../analytics/tracking-events.ts';

const MARKS = [
  ['[data-reviews-tab]', 'reviews_tab_click'],
  ['[data-reviews-anchor]', 'reviews_anchor_click'],
] as const;

/** Listens for the two clicks on the product page; the function returned stops. */
export function trackReviewClicks(view: Window, itemId: string): () => void {
  const doc = view.document;
  const onClick = (click: Event) => {
    const target = click.target as Element | null;
    if (typeof target?.closest !== 'function') return;
    const page = readAnalyticsPage(doc);
    // Pages that are not counted (or only have click tracking of their own) send nothing.
    if (!page || page.clicksOnly || (view as { SB_ANALYTICS_DISABLED?: boolean }).SB_ANALYTICS_DISABLED) return;
    for (const [selector, event] of MARKS) {
      if (target.closest(selector)) {
        beaconEvent(browserTransport(view), view, page, event, { object_identifier: itemId }, Date.now());
        return;
      }
    }
  };
  doc.addEventListener('click', onClick, true);
  return () => doc.removeEventListener('click', onClick, true);
}
