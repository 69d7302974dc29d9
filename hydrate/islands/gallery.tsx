/**
 * A gallery's interactive parts (templates/default/blocks/gallery-layout.block,
 * templates/page-blocks/gallery.html), on the frame the server prints:
 * - the lightbox (data-lightbox): a picture's link opens the pictures in a
 *   dialog instead of its page; arrows and the buttons move, Escape and the
 *   close button close it and focus goes back to the picture it was opened
 *   from; focus stays inside while it is open (hydrate/modal/modal-dialog.tsx).
 *   The theme (data-lightbox-theme) is light or dark.
 * - autoplay (data-autoplay, seconds) of a slideshow or slider: the strip
 *   moves on by itself, with a button to pause and play it; it waits while
 *   the pointer or focus is on the strip, and does not start at all for a
 *   visitor who asked for reduced motion (the button still plays it).
 * - a slideshow's thumbnail strip: a thumbnail shows its picture by
 *   scrolling the strip, not the page, and marks itself as the one shown.
 * Without script the links lead to each picture's page and the strip
 * scrolls by hand: the island adds to what works already.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { IslandProps } from '../island-types.ts';
import { ModalDialog } from '../modal/modal-dialog.tsx';

/** Spec section 3: autoplay-duration is 1 to 10 s, 5 by default. */
const DURATION = { min: 1, max: 10, default: 5 } as const;

export function autoplaySeconds(value: string | undefined): number {
  const seconds = Number(value);
  if (!Number.isFinite(seconds)) return DURATION.default;
  return Math.min(DURATION.max, Math.max(DURATION.min, seconds));
}

interface Picture {
  link: HTMLAnchorElement;
  src: string;
  alt: string;
  title: string;
}

function picturesOf(frame: HTMLElement): Picture[] {
  return Array.from(frame.querySelectorAll<HTMLAnchorElement>('.gallery__link')).map((link) => {
    const image = link.querySelector('img');
    return {
      link,
      src: image?.currentSrc || image?.getAttribute('src') || link.href,
      alt: image?.getAttribute('alt') ?? '',
      title: link.dataset.lightboxTitle ?? '',
    };
  });
}

const reducedMotion = (view: Window): boolean => view.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

/** The slide nearest the strip's left edge: where a scroll, a swipe or a snap left it. */
function shownSlide(strip: HTMLElement, slides: HTMLElement[]): number {
  const first = slides[0]?.offsetLeft ?? 0;
  let best = 0;
  slides.forEach((slide, index) => {
    if (
      Math.abs(slide.offsetLeft - first - strip.scrollLeft) <
      Math.abs(slides[best]!.offsetLeft - first - strip.scrollLeft)
    ) {
      best = index;
    }
  });
  return best;
}

function showSlide(strip: HTMLElement, slides: HTMLElement[], index: number, smooth: boolean): void {
  const slide = slides[index];
  if (!slide) return;
  strip.scrollTo({ left: slide.offsetLeft - (slides[0]?.offsetLeft ?? 0), behavior: smooth ? 'smooth' : 'auto' });
}

export function Gallery({ element }: IslandProps) {
  const view = element.ownerDocument.defaultView!;
  const lightbox = element.hasAttribute('data-lightbox');
  const theme = element.dataset.lightboxTheme === 'light' ? 'light' : 'dark';
  const autoplay = element.hasAttribute('data-autoplay');
  const seconds = autoplaySeconds(element.dataset.autoplay);
  const [pictures] = useState(() => picturesOf(element));
  const [open, setOpen] = useState<number | null>(null);
  const [playing, setPlaying] = useState(() => autoplay && !reducedMotion(view));
  const [held, setHeld] = useState(false);
  const strip = useRef<HTMLElement | null>(element.querySelector<HTMLElement>('.gallery'));
  const slides = useRef<HTMLElement[]>(Array.from(element.querySelectorAll<HTMLElement>('.gallery__item')));

  // The lightbox opens from a picture's link (mouse, Enter, a tap); modified clicks keep their new tab.
  useEffect(() => {
    if (!lightbox) return;
    const onClick = (event: MouseEvent) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = (event.target as Element | null)?.closest?.('.gallery__link');
      const index = pictures.findIndex((picture) => picture.link === link);
      if (index < 0) return;
      event.preventDefault();
      // Where focus goes back to on close; a mouse click does not focus a link in every browser.
      pictures[index]!.link.focus();
      setOpen(index);
    };
    element.addEventListener('click', onClick);
    // Says the pictures now open here (the island is a chunk that arrives after the page).
    element.dataset.lightboxReady = '';
    return () => {
      element.removeEventListener('click', onClick);
      delete element.dataset.lightboxReady;
    };
  }, [element, lightbox, pictures]);

  const move = useCallback(
    (step: number) => setOpen((index) => (index === null ? null : (index + step + pictures.length) % pictures.length)),
    [pictures.length],
  );

  useEffect(() => {
    if (open === null) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'ArrowRight') move(1);
      else if (event.key === 'ArrowLeft') move(-1);
      else if (event.key === 'Home') setOpen(0);
      else if (event.key === 'End') setOpen(pictures.length - 1);
      else return;
      event.preventDefault();
    };
    element.ownerDocument.addEventListener('keydown', onKey);
    return () => element.ownerDocument.removeEventListener('keydown', onKey);
  }, [open, move, element, pictures.length]);

  // The strip waits while a visitor points at it or has focus in it: it must not move under them.
  useEffect(() => {
    const area = strip.current;
    if (!autoplay || !area) return;
    let pointer = false;
    let focus = false;
    const update = () => setHeld(pointer || focus);
    const listeners: [string, (event: Event) => void][] = [
      [
        'pointerenter',
        () => {
          pointer = true;
          update();
        },
      ],
      [
        'pointerleave',
        () => {
          pointer = false;
          update();
        },
      ],
      [
        'focusin',
        () => {
          focus = true;
          update();
        },
      ],
      [
        'focusout',
        (event) => {
          focus = area.contains((event as FocusEvent).relatedTarget as Node | null);
          update();
        },
      ],
    ];
    for (const [type, listener] of listeners) area.addEventListener(type, listener);
    return () => {
      for (const [type, listener] of listeners) area.removeEventListener(type, listener);
    };
  }, [autoplay]);

  useEffect(() => {
    const area = strip.current;
    if (!playing || held || open !== null || !area || slides.current.length < 2) return;
    const timer = view.setInterval(() => {
      const next = (shownSlide(area, slides.current) + 1) % slides.current.length;
      showSlide(area, slides.current, next, !reducedMotion(view));
      element.dataset.gallerySlide = String(next);
    }, seconds * 1000);
    return () => view.clearInterval(timer);
  }, [playing, held, open, seconds, view, element]);

  // A slideshow's thumbnails scroll the strip, not the page, and mark the picture shown.
  useEffect(() => {
    const area = strip.current;
    const thumbs = Array.from(element.querySelectorAll<HTMLAnchorElement>('.gallery-thumbs__link'));
    if (!area || thumbs.length === 0) return;
    const mark = (index: number) =>
      thumbs.forEach((thumb, i) => {
        if (i === index) thumb.setAttribute('aria-current', 'true');
        else thumb.removeAttribute('aria-current');
      });
    mark(shownSlide(area, slides.current));
    const onClick = (event: MouseEvent) => {
      const thumb = (event.target as Element | null)?.closest?.('.gallery-thumbs__link');
      const index = thumbs.indexOf(thumb as HTMLAnchorElement);
      if (index < 0) return;
      event.preventDefault();
      showSlide(area, slides.current, index, !reducedMotion(view));
      mark(index);
    };
    let frame = 0;
    const onScroll = () => {
      view.cancelAnimationFrame(frame);
      frame = view.requestAnimationFrame(() => mark(shownSlide(area, slides.current)));
    };
    element.addEventListener('click', onClick);
    area.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      view.cancelAnimationFrame(frame);
      element.removeEventListener('click', onClick);
      area.removeEventListener('scroll', onScroll);
    };
  }, [element, view]);

  const shown = open === null ? undefined : pictures[open];

  return (
    <>
      {autoplay ? (
        <div className="gallery-autoplay">
          <button
            type="button"
            className="gallery-autoplay__toggle"
            aria-pressed={!playing}
            data-gallery-autoplay={playing ? 'playing' : 'paused'}
            onClick={() => setPlaying((now) => !now)}
          >
            {playing ? 'Pause slideshow' : 'Play slideshow'}
          </button>
        </div>
      ) : null}
      <ModalDialog
        open={shown !== undefined}
        title={shown?.title || 'Picture'}
        onClose={() => setOpen(null)}
        className={`lightbox lightbox--${theme}`}
      >
        {shown ? (
          <figure className="lightbox__figure">
            <img className="lightbox__image" src={shown.src} alt={shown.alt} />
            <figcaption className="lightbox__caption" aria-live="polite">
              Picture {open! + 1} of {pictures.length}
            </figcaption>
            {pictures.length > 1 ? (
              <div className="lightbox__nav">
                <button type="button" className="lightbox__prev" aria-label="Previous picture" onClick={() => move(-1)}>
                  <span aria-hidden="true">‹</span>
                </button>
                <button type="button" className="lightbox__next" aria-label="Next picture" onClick={() => move(1)}>
                  <span aria-hidden="true">›</span>
                </button>
              </div>
            ) : null}
          </figure>
        ) : null}
      </ModalDialog>
    </>
  );
}
