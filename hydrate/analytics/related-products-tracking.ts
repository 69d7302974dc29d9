/**
 * The tracker's related product display (spec section 7): sent once, when
 * the product page's related products (templates/default/collections/
 * products.item, data-related-products) are first at least half in view,
 * since a section below the fold that nobody scrolls to was not displayed.
 */
import type { TrackingEvent } from './tracking-events.ts';

export const RELATED_PRODUCTS_SELECTOR = '[data-related-products]';

export function observeRelatedProducts(
  view: Window,
  productId: string,
  track: (event: TrackingEvent, fields: Record<string, unknown>) => void,
): void {
  const section = view.document.querySelector<HTMLElement>(RELATED_PRODUCTS_SELECTOR);
  const Observer = (view as Window & { IntersectionObserver?: typeof IntersectionObserver }).IntersectionObserver;
  if (!section || !Observer) return;
  const shown = [...section.querySelectorAll<HTMLElement>('[data-id]')].map((card) => card.dataset.id);
  const observer = new Observer(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      track('related_product_display', { object_identifier: productId, related_item_ids: [...new Set(shown)] });
    },
    { threshold: 0.5 },
  );
  observer.observe(section);
}
