/**
 * Keeps the floating cart pill off the page's content. The pill floats at
 * a bottom corner; where that corner would cover something a visitor
 * reads or uses (a button, a field, a form, an order summary), it moves to
 * the other bottom corner, and where both would, it steps aside
 * (data-pill-covered, hidden by the stylesheet) until the page scrolls on.
 * The header indicator shows the same count and subtotal meanwhile.
 */

/** What the pill must never cover. */
export const KEEP_CLEAR_SELECTOR = [
  'main a',
  'main button',
  'main input',
  'main select',
  'main textarea',
  'main label',
  'main [role="button"]',
  'main [role="alert"]',
  'main .product__purchase',
  'main .checkout-summary',
  'main form',
  '[data-pill-keep-clear]',
].join(', ');

export type PillPlace = 'right' | 'left' | 'covered';

export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export function overlaps(a: Box, b: Box): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

/** The pill's box in the other bottom corner: mirrored across the viewport. */
export function mirrored(box: Box, viewportWidth: number): Box {
  return { left: viewportWidth - box.right, right: viewportWidth - box.left, top: box.top, bottom: box.bottom };
}

/** Where the pill goes given its box at the right corner and the boxes of what must stay clear. */
export function pillPlace(rightBox: Box, viewportWidth: number, keepClear: readonly Box[]): PillPlace {
  const visible = keepClear.filter((box) => box.right > box.left && box.bottom > box.top);
  if (!visible.some((box) => overlaps(rightBox, box))) return 'right';
  const leftBox = mirrored(rightBox, viewportWidth);
  if (!visible.some((box) => overlaps(leftBox, box))) return 'left';
  return 'covered';
}

/**
 * Watches scrolling, resizing and page changes and places the pill (its
 * data-pill-place attribute); returns the function that stops watching.
 */
export function keepPillClear(pill: HTMLElement): () => void {
  const doc = pill.ownerDocument;
  const view = doc.defaultView;
  if (!view) return () => {};
  let frame = 0;
  const place = () => {
    frame = 0;
    if (pill.hidden) return;
    // Measured at the right corner, where the stylesheet puts it without the attribute.
    pill.removeAttribute('data-pill-place');
    const rect = pill.getBoundingClientRect();
    const boxes = Array.from(doc.querySelectorAll(KEEP_CLEAR_SELECTOR), (element) =>
      element.getBoundingClientRect(),
    ).filter((box) => box.bottom > rect.top - 1 && box.top < rect.bottom + 1);
    const where = pillPlace(rect, doc.documentElement.clientWidth, boxes);
    if (where !== 'right') pill.setAttribute('data-pill-place', where);
  };
  const schedule = () => {
    if (frame === 0) frame = view.requestAnimationFrame(place);
  };
  place();
  view.addEventListener('scroll', schedule, { passive: true });
  view.addEventListener('resize', schedule);
  // Content that comes and goes (an alert, a restock form, the pill's own text) changes what is under it.
  const observer = new view.MutationObserver(schedule);
  observer.observe(doc.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['hidden'] });
  return () => {
    if (frame !== 0) view.cancelAnimationFrame(frame);
    view.removeEventListener('scroll', schedule);
    view.removeEventListener('resize', schedule);
    observer.disconnect();
  };
}
