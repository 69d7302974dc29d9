/**
 * The product gallery on the server's markup (templates/default/collections/
 * products.item): a stage that scrolls sideways, one picture at a time, and
 * a strip of thumbnails that link to the pictures. The links work without
 * script (the browser scrolls to the picture, and the page with it); this
 * scrolls only the stage, marks the thumbnail of the picture shown
 * (aria-current) however it came to be shown (a thumbnail, a swipe, the
 * keyboard on the stage, a variant's choice), and moves along the strip
 * with the arrow keys, Home and End, showing each picture as it goes.
 */
import { VARIANT_CHANGE_EVENT } from '../variant-page-effects.ts';

const THUMB = 'a.product-gallery__thumb[data-thumb-for]';
const SLIDE = '.product-gallery__slide[data-image-id]';

/** Steps a key takes along the strip; keys not here are left to the browser. */
const KEY_STEPS: Readonly<Record<string, (index: number, count: number) => number>> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowDown: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  ArrowUp: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

/** Wires the gallery; the returned function undoes it. */
export function enhanceProductGallery(gallery: HTMLElement): () => void {
  const stage = gallery.querySelector<HTMLElement>('.product-gallery__stage');
  const thumbs = Array.from(gallery.querySelectorAll<HTMLAnchorElement>(THUMB));
  const view = gallery.ownerDocument.defaultView;
  if (!stage || thumbs.length === 0 || !view) return () => {};

  const slides = () => Array.from(stage.querySelectorAll<HTMLElement>(SLIDE));

  function mark(imageId: string | undefined): void {
    for (const thumb of thumbs) {
      if (thumb.dataset.thumbFor === imageId) thumb.setAttribute('aria-current', 'true');
      else thumb.removeAttribute('aria-current');
    }
  }

  /** The picture the stage shows: the one its scroll position is nearest to. */
  function shown(): string | undefined {
    const all = slides();
    const width = stage?.clientWidth ?? 0;
    const index = width > 0 ? Math.round((stage?.scrollLeft ?? 0) / width) : 0;
    return all[Math.min(Math.max(index, 0), all.length - 1)]?.dataset.imageId;
  }

  /**
   * The picture show() is scrolling to, until the stage gets there (or a second has passed, in case a swipe
   * took it elsewhere): on a busy machine a smooth scroll's frames can be further apart than the settling
   * delay, and the picture it passes on the way is not the one the visitor asked for.
   */
  let heading: { imageId: string; until: number } | undefined;

  function show(imageId: string | undefined): void {
    const index = slides().findIndex((slide) => slide.dataset.imageId === imageId);
    if (index < 0 || !stage || imageId === undefined) return;
    heading = { imageId, until: view!.performance.now() + 1000 };
    mark(imageId);
    // The stylesheet makes this smooth unless the visitor asked for less motion.
    stage.scrollTo({ left: index * stage.clientWidth });
  }

  const onClick = (event: MouseEvent) => {
    const thumb = (event.target as Element | null)?.closest<HTMLAnchorElement>(THUMB);
    if (!thumb || !gallery.contains(thumb)) return;
    event.preventDefault();
    show(thumb.dataset.thumbFor);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const step = KEY_STEPS[event.key];
    const index = thumbs.indexOf(event.target as HTMLAnchorElement);
    if (!step || index < 0 || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    const next = thumbs[step(index, thumbs.length)]!;
    next.focus();
    show(next.dataset.thumbFor);
  };

  // Marked when the scrolling settles, so a smooth scroll does not mark each picture it passes.
  let settling: ReturnType<typeof setTimeout> | undefined;
  const settle = () => {
    clearTimeout(settling);
    const now = shown();
    if (heading && now !== heading.imageId && view.performance.now() < heading.until) {
      settling = setTimeout(settle, 120);
      return;
    }
    heading = undefined;
    mark(now);
  };
  const onScroll = () => {
    clearTimeout(settling);
    settling = setTimeout(settle, 120);
  };
  // A variant's choice puts its picture first and scrolls the stage to it (variant-page-effects.ts) after
  // this event; mark once that has happened, also when the stage was already at the start and did not scroll.
  const onVariant = () => queueMicrotask(() => mark(shown()));

  gallery.addEventListener('click', onClick);
  gallery.addEventListener('keydown', onKeyDown);
  stage.addEventListener('scroll', onScroll, { passive: true });
  stage.addEventListener('scrollend', settle);
  view.addEventListener(VARIANT_CHANGE_EVENT, onVariant);
  return () => {
    clearTimeout(settling);
    gallery.removeEventListener('click', onClick);
    gallery.removeEventListener('keydown', onKeyDown);
    stage.removeEventListener('scroll', onScroll);
    stage.removeEventListener('scrollend', settle);
    view.removeEventListener(VARIANT_CHANGE_EVENT, onVariant);
  };
}
